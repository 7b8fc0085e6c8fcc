import type { TSchoolingCampaign } from '@mutua/contracts';
import { useState } from 'react';
import { useLocation } from 'react-router';
import { useAccessState } from '../../../lib/access-store';
import { useGlobalDetails } from '../../../lib/global-details';
import { paths } from '../../../lib/paths';
import { closeSchoolingPopup, schoolingPopupDue, useSchoolingClosed } from '../../../lib/popups';
import { SchoolingDialog } from './schooling-dialog';

/**
 * Mounted by the main layout beside the session layer: the schooling campaign popup, in its turn
 * (lib/popups.ts). Once opened it keeps its own copy of the campaign, so that the answers saved
 * (which end the campaign on the server) do not close it before its confirmation is read.
 */
export default function CampaignLayer() {
  const { pathname } = useLocation();
  const flags = useAccessState((s) => s.session);
  const details = useGlobalDetails();
  const closed = useSchoolingClosed();
  const [shown, setShown] = useState<TSchoolingCampaign | null>(null);
  const ready = !!flags && !!details.data && !flags.isBoAuthentication && !flags.invalidPersonalInfo && flags.legalPagesValidated && pathname !== paths.validateInfo && pathname !== paths.validateLegalPages;
  const due = ready && schoolingPopupDue(details.data!, closed);
  // Kept from the moment it opens (state adjusted while rendering, React's pattern for derived state).
  if (due && !shown && details.data!.schoolingCampaign) setShown(details.data!.schoolingCampaign);

  const campaign = shown ?? (due ? details.data!.schoolingCampaign : null);
  if (!campaign || !details.data) return null;
  return (
    <SchoolingDialog
      campaign={campaign}
      onClose={() => {
        closeSchoolingPopup(details.data!);
        setShown(null);
      }}
    />
  );
}
