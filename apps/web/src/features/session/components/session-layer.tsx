import { notifications } from '@mantine/notifications';
import { NOTIFICATION_TIMEOUT_MS } from '@mutua/contracts/platform';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { clearSession, useAccessState } from '../../../lib/access-store';
import { ApiError } from '../../../lib/api-client';
import { refreshGlobalDetails, useGlobalDetails } from '../../../lib/global-details';
import { paths } from '../../../lib/paths';
import { handOffSessionExpired } from '../../../lib/login-hand-off';
import { portabilityPopupDue, schoolingPopupDue, usePortabilityClosed, useSchoolingClosed } from '../../../lib/popups';

// Shown to few members (password to renew): its form and zod load only then, not with every home.
const PasswordPopup = lazy(() => import('./password-popup').then((m) => ({ default: m.PasswordPopup })));
// The tutorial shows once, at the first connection: it loads then (with its mutation), not with every home.
const TutorialPopup = lazy(() => import('./tutorial').then((m) => ({ default: m.TutorialPopup })));

const isUnauthenticated = (error: unknown) => error instanceof ApiError && error.code === 'UNAUTHENTICATED';

/**
 * The session ended on the server (idle or absolute timeout, logout elsewhere, password reset):
 * the first call answering UNAUTHENTICATED clears everything and returns to login, which says so.
 */
export function useSessionExpiry(): void {
  const client = useQueryClient();
  const navigate = useNavigate();
  useEffect(() => {
    let left = false;
    const leave = () => {
      if (left) return;
      left = true;
      clearSession();
      client.clear();
      // Said on the login page, which is another document (a notification here would go with this one).
      handOffSessionExpired();
      void navigate(paths.login, { replace: true });
    };
    // This layer loads lazily: a query of the page (the global details, home's timeline…) may have
    // met the ended session before it was there to listen.
    if (
      client
        .getQueryCache()
        .getAll()
        .some((query) => isUnauthenticated(query.state.error))
    )
      leave();
    const unsubscribeQueries = client.getQueryCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error' && isUnauthenticated(event.action.error)) leave();
    });
    const unsubscribeMutations = client.getMutationCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error' && isUnauthenticated(event.action.error)) leave();
    });
    return () => {
      unsubscribeQueries();
      unsubscribeMutations();
    };
  }, [client, navigate]);
}

const DISMISSED_KEY = 'mutua:password-popup-later';

/**
 * Mounted by the main layout: the session's expiry, then the popups after the gates (which the guard
 * handles as dialog routes): the forced password renewal, the first-connection tutorial, the
 * password-validity popup (after the schooling campaign and the portability popup: the order is in lib/popups.ts). A back-office
 * login sees none of them.
 */
export default function SessionLayer() {
  useSessionExpiry();
  const client = useQueryClient();
  const { pathname } = useLocation();
  const flags = useAccessState((s) => s.session);
  const all = useGlobalDetails();
  const schoolingClosed = useSchoolingClosed();
  const portabilityClosed = usePortabilityClosed();
  const [later, setLater] = useState(() => sessionStorage.getItem(DISMISSED_KEY) === '1');

  if (!flags || !all.data || flags.isBoAuthentication) return null;
  if (flags.invalidPersonalInfo || !flags.legalPagesValidated || pathname === paths.validateInfo || pathname === paths.validateLegalPages) return null;
  const insured = all.data.insured;
  const steps = all.data.entityTutorialDtos;

  const passwordChanged = () => {
    notifications.show({
      color: 'teal',
      message: 'Votre mot de passe a été modifié.',
      autoClose: NOTIFICATION_TIMEOUT_MS,
      closeButtonProps: { 'aria-label': 'Fermer' },
    });
    void refreshGlobalDetails(client);
  };

  if (insured.mustRenewPassword) {
    return (
      <Suspense fallback={null}>
        <PasswordPopup forced onDone={passwordChanged} onLater={() => {}} />
      </Suspense>
    );
  }
  if (!insured.finishedTutorial && steps.length > 0) {
    return (
      <Suspense fallback={null}>
        <TutorialPopup steps={steps} />
      </Suspense>
    );
  }
  // The schooling campaign and the portability popup (features/campaigns) come before the reminder (lib/popups.ts).
  if (schoolingPopupDue(all.data, schoolingClosed) || portabilityPopupDue(all.data, { schooling: schoolingClosed, portability: portabilityClosed }))
    return null;
  if (insured.showPopupPasswordValidity && !later) {
    return (
      <Suspense fallback={null}>
        <PasswordPopup
          forced={false}
          onDone={passwordChanged}
          onLater={() => {
            sessionStorage.setItem(DISMISSED_KEY, '1');
            setLater(true);
          }}
        />
      </Suspense>
    );
  }
  return null;
}
