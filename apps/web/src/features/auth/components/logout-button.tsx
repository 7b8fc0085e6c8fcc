import { Button, type ButtonProps } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { clearSession } from '../../../lib/access-store';
import { paths } from '../../../lib/paths';
import { useLogout } from '../api/logout';

/**
 * "Se déconnecter": ends the session server-side, clears the global details and every cached answer,
 * then leaves for the tenant's logout redirect URL when it has one, else the login page.
 */
export function LogoutButton({ label = 'Se déconnecter', ...props }: ButtonProps & { label?: string }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const forget = () => {
    clearSession();
    queryClient.clear();
    // The code step's own store comes with the sign-in screens, not with every signed-in page's header.
    void import('../mfa-state').then(
      (step) => step.endCodeStep(),
      () => {},
    );
  };
  const leave = async (url: string | null) => {
    if (url) {
      forget();
      window.location.assign(url);
      return;
    }
    // Leave the signed-in screens first, then forget: a screen still mounted would otherwise load
    // the cleared global details again and meet the ended session (« Votre session a expiré »).
    await navigate(paths.login, { replace: true });
    forget();
  };
  // Even when the call fails, nothing of the session stays on this device.
  const logout = useLogout({ onSuccess: (url) => leave(url), onError: () => leave(null) });
  return (
    <Button variant="white" color="dark" {...props} onClick={() => logout.mutate(undefined)} loading={logout.isPending}>
      {label}
    </Button>
  );
}
