import type { TGlobalDetails } from '@mutua/contracts/global-details';
import { useSyncExternalStore } from 'react';

/*
 * The popups after sign-in, one at a time, in this order (the first that applies is the only one shown):
 *   1. forced password renewal          (features/session)
 *   2. first-connection tutorial        (features/session, steps from entityTutorialDtos)
 *   3. schooling campaign               (features/campaigns, schoolingCampaign)
 *   4. France Travail portability       (features/campaigns, portability: starting, monthly proof, ending)
 *   5. password-validity reminder       (features/session)
 * The gates (personal information, legal pages) come before all of them, and a back-office session
 * sees none. Obligations first, then what the insurer needs, then the reminder a member may postpone.
 * The two layers read the same rules here, so they never show two at once.
 */

const SCHOOLING_CLOSED_KEY = 'mutua:schooling-closed';
const PORTABILITY_CLOSED_KEY = 'mutua:portability-closed';
const listeners = new Set<() => void>();
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const readClosed = () => sessionStorage.getItem(SCHOOLING_CLOSED_KEY);
const readPortabilityClosed = () => sessionStorage.getItem(PORTABILITY_CLOSED_KEY);
const notify = () => {
  for (const listener of listeners) listener();
};

/** Marks the session: closed or answered, the schooling popup comes back at the next sign-in only. */
const sessionMarker = (details: TGlobalDetails) => details.insured.lastConnection ?? 'first';

/** The global details hold a campaign for the member to answer (schooling or portability), due now or not. */
export const hasCampaign = (details: TGlobalDetails) => details.schoolingCampaign !== null || details.portability !== null;

/** A popup before the schooling campaign (password renewal, tutorial) is due. */
export const earlierPopupDue = (details: TGlobalDetails) =>
  details.insured.mustRenewPassword || (!details.insured.finishedTutorial && details.entityTutorialDtos.length > 0);

/** The schooling campaign popup should open now (server data, not closed in this session, nothing before it). */
export function schoolingPopupDue(details: TGlobalDetails, closed: string | null): boolean {
  return details.schoolingCampaign !== null && closed !== sessionMarker(details) && !earlierPopupDue(details);
}

/** The closed marker, re-rendering when the schooling popup is closed. */
export const useSchoolingClosed = () => useSyncExternalStore(subscribe, readClosed, () => null);

export function closeSchoolingPopup(details: TGlobalDetails): void {
  sessionStorage.setItem(SCHOOLING_CLOSED_KEY, sessionMarker(details));
  notify();
}

/**
 * The portability popup should open now: server data (this month's France Travail proof awaited), not
 * closed in this session, nothing before it (the earlier popups, then the schooling campaign).
 */
export function portabilityPopupDue(details: TGlobalDetails, closed: { schooling: string | null; portability: string | null }): boolean {
  return (
    details.portability !== null && closed.portability !== sessionMarker(details) && !earlierPopupDue(details) && !schoolingPopupDue(details, closed.schooling)
  );
}

/** The closed marker of the portability popup, re-rendering when it is closed. */
export const usePortabilityClosed = () => useSyncExternalStore(subscribe, readPortabilityClosed, () => null);

/** Closed or answered, the portability popup comes back at the next sign-in only (while the proof is due). */
export function closePortabilityPopup(details: TGlobalDetails): void {
  sessionStorage.setItem(PORTABILITY_CLOSED_KEY, sessionMarker(details));
  notify();
}
