import { Anchor, AppShell, Button, Group, Loader, Text } from '@mantine/core';
import { STAFF_ROLE_LABELS } from '@mutua/contracts/backoffice';
import { useQueryClient } from '@tanstack/react-query';
import { Link, Navigate, Outlet, useNavigate } from 'react-router';
import { api } from '../lib/api';
import { useStaffSession } from '../lib/session';
import { navigationFor } from './pages';

/** Signed-in frame: header with the navigation the features declare (app/pages.ts), who is signed in, and sign-out. */
export function Layout() {
  const session = useStaffSession();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  if (session.isPending) return <Loader m="xl" aria-label="Chargement" />;
  if (session.data?.stage !== 'ACTIVE' || !session.data.staff) return <Navigate to="/login" replace />;
  const staff = session.data.staff;
  const logout = async () => {
    await api('POST', '/auth/logout');
    queryClient.clear();
    navigate('/login');
  };
  return (
    // Narrow screens: the header wraps on up to four lines (nothing cut at 360 px).
    <AppShell header={{ height: { base: 160, md: 60 } }} padding="md">
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" gap={4} align="center">
          <Group component="nav" aria-label="Navigation principale" gap="md" style={{ rowGap: 0 }}>
            <Text fw={700}>Mutua gestion</Text>
            {navigationFor(staff.role).map((link) => (
              <Anchor key={link.path} component={Link} to={link.path}>
                {link.label}
              </Anchor>
            ))}
          </Group>
          <Group gap="sm" wrap="nowrap">
            <Text size="sm">
              {staff.displayName} · {STAFF_ROLE_LABELS[staff.role]}
            </Text>
            <Button variant="default" size="xs" onClick={() => void logout()}>
              Se déconnecter
            </Button>
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Main>
        <Outlet />
      </AppShell.Main>
    </AppShell>
  );
}
