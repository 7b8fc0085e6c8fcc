import { Anchor, Badge, Button, Group, List, Stack, Table, Title } from '@mantine/core';
import { lazy, Suspense, type ReactNode } from 'react';
import { Link, useRevalidator } from 'react-router';
import { useAccessState } from '../../lib/access-store';
import { formatDate } from '../../lib/format';
import { paths } from '../../lib/paths';
import { PageShell } from '../layout/page-shell';
import { DebugStaffCodes } from './debug-staff-codes';

/** The development outbox (features/auth): mails and SMS kept when no SMTP server or SMS provider is set. */
const DebugOutbox = lazy(() => import('../../features/auth/components/debug-outbox'));

/** Links offered on the debug page; the auth feature adds its own (e.g. to end a debug session). */
export const debugLinks: { to: string; label: string }[] = [
  { to: paths.login, label: 'Page de connexion' },
  { to: paths.home, label: 'Accueil' },
];

/**
 * /debug: service status and debug-session flag from the heartbeat (fetched before this navigation,
 * "Actualiser" runs it again), build version, and links. Reachable without session or brand.
 */
export function Component() {
  const serviceStatus = useAccessState((s) => s.serviceStatus);
  const activeDebugSession = useAccessState((s) => s.activeDebugSession);
  const brandName = useAccessState((s) => s.brand?.name ?? null);
  const revalidator = useRevalidator();
  const up = serviceStatus === 'UP';

  const rows: [string, ReactNode][] = [
    [
      'État du service',
      <Badge color={up ? '#1b5e20' : '#b71c1c'} variant="filled" data-testid="debug-status">
        {serviceStatus ?? 'Inconnu'}
      </Badge>,
    ],
    ['Session de débogage active', <span data-testid="debug-session">{activeDebugSession ? 'Oui' : 'Non'}</span>],
    ["Version de l'application", <span data-testid="debug-version">{__APP_VERSION__}</span>],
    ['Date de construction', formatDate(__BUILD_TIME__, 'detail')],
    ['Portail', brandName ?? 'Non chargé'],
  ];

  return (
    <PageShell>
      <Stack gap="lg">
        <Title order={1}>Débogage</Title>
        <Table variant="vertical" layout="fixed" withTableBorder maw={640}>
          <Table.Tbody>
            {rows.map(([label, value]) => (
              <Table.Tr key={label}>
                <Table.Th w={220}>{label}</Table.Th>
                <Table.Td>{value}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        <Group>
          <Button onClick={() => void revalidator.revalidate()} loading={revalidator.state === 'loading'}>
            Actualiser
          </Button>
        </Group>
        <nav aria-labelledby="debug-links-title">
          <Title order={2} size="h4" id="debug-links-title" mb="xs">
            Liens
          </Title>
          <List>
            {debugLinks.map((link) => (
              <List.Item key={link.to}>
                <Anchor component={Link} to={link.to}>
                  {link.label}
                </Anchor>
              </List.Item>
            ))}
          </List>
        </nav>
        <DebugStaffCodes />
        <Suspense fallback={null}>
          <DebugOutbox />
        </Suspense>
      </Stack>
    </PageShell>
  );
}
