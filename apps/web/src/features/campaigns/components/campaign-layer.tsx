import type { TSchoolingCampaign } from '@mutua/contracts/campaigns';
import type { TPortability } from '@mutua/contracts/portability';
import { lazy, Suspense, useState } from 'react';
import { useLocation } from 'react-router';
import { useAccessState } from '../../../lib/access-store';
import { useGlobalDetails } from '../../../lib/global-details';
import { paths } from '../../../lib/paths';
import {
  closePortabilityPopup,
  closeSchoolingPopup,
  portabilityPopupDue,
  schoolingPopupDue,
  usePortabilityClosed,
  useSchoolingClosed,
} from '../../../lib/popups';

// Loaded only when due: every home mounts this layer, few members have a campaign to answer.
const SchoolingDialog = lazy(() => import('./schooling-dialog').then((m) => ({ default: m.SchoolingDialog })));
const PortabilityDialog = lazy(() => import('./portability-dialog').then((m) => ({ default: m.PortabilityDialog })));

/**
 * Mounted by the main layout beside the session layer: the schooling campaign popup, then the France
 * Travail portability popup, each in its turn (lib/popups.ts), never both. Once opened each keeps its
 * own copy of the server data, so that the answer saved (which ends it on the server) does not close
 * it before its confirmation is read.
 */
export default function CampaignLayer() {
  const { pathname } = useLocation();
  const flags = useAccessState((s) => s.session);
  const details = useGlobalDetails();
  const schoolingClosed = useSchoolingClosed();
  const portabilityClosed = usePortabilityClosed();
  const [shown, setShown] = useState<TSchoolingCampaign | null>(null);
  const [shownPortability, setShownPortability] = useState<TPortability | null>(null);
  const ready =
    !!flags &&
    !!details.data &&
    !flags.isBoAuthentication &&
    !flags.invalidPersonalInfo &&
    flags.legalPagesValidated &&
    pathname !== paths.validateInfo &&
    pathname !== paths.validateLegalPages;
  const due = ready && schoolingPopupDue(details.data!, schoolingClosed);
  const portabilityDue = ready && !shown && portabilityPopupDue(details.data!, { schooling: schoolingClosed, portability: portabilityClosed });
  // Kept from the moment it opens (state adjusted while rendering, React's pattern for derived state).
  if (due && !shown && details.data!.schoolingCampaign) setShown(details.data!.schoolingCampaign);
  if (portabilityDue && !shownPortability && details.data!.portability) setShownPortability(details.data!.portability);

  const campaign = shown ?? (due ? details.data!.schoolingCampaign : null);
  if (!details.data) return null;
  if (campaign) {
    return (
      <Suspense fallback={null}>
        <SchoolingDialog
          campaign={campaign}
          onClose={() => {
            closeSchoolingPopup(details.data!);
            setShown(null);
          }}
        />
      </Suspense>
    );
  }
  const portability = shownPortability ?? (portabilityDue ? details.data.portability : null);
  if (!portability) return null;
  return (
    <Suspense fallback={null}>
      <PortabilityDialog
        portability={portability}
        onClose={() => {
          closePortabilityPopup(details.data!);
          setShownPortability(null);
        }}
      />
    </Suspense>
  );
}
