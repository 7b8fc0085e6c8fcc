import { Alert, Button, Stack, Text, Title } from '@mantine/core';
import { MEMBER_ERRORS } from '@mutua/contracts/errors';
import { useSearchParams } from 'react-router';
import { useAccessState } from '../../lib/access-store';

/**
 * Maintenance: the public reason from the server when there is one, a timeout notice when init did
 * not answer in time (or the URL says so), the error status of a failed init. "Réessayer" reloads
 * the app, so init and heartbeat run again.
 */
export function Component() {
  const brandError = useAccessState((s) => s.brandError);
  const maintenance = useAccessState((s) => s.maintenance);
  const [params] = useSearchParams();
  const timeout = params.get('timeout') === 'true' || brandError?.timeout === true;
  const reason = brandError?.reason ?? maintenance?.reason ?? null;

  return (
    <Stack align="center" ta="center" gap="lg" py="xl" maw={640} mx="auto">
      <Title order={1}>Service momentanément indisponible</Title>
      {reason ? (
        <Alert color="primary" variant="light" w="100%" ta="start" title="Information" data-testid="maintenance-reason">
          {reason}
        </Alert>
      ) : (
        <Text size="lg">{MEMBER_ERRORS.MAINTENANCE.message}</Text>
      )}
      {timeout && <Text data-testid="maintenance-timeout">Le serveur n’a pas répondu à temps.</Text>}
      {brandError && <Text>Code d’erreur&nbsp;: {brandError.status}</Text>}
      <Text>Veuillez réessayer dans quelques instants.</Text>
      <Button component="a" href="/">
        Réessayer
      </Button>
    </Stack>
  );
}
