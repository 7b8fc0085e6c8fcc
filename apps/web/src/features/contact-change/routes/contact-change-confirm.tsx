import { Alert, Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { Link, useParams } from 'react-router';
import { paths } from '../../../lib/paths';
import { useConfirmContactChange } from '../api/confirm-contact-change';

/**
 * /contact-change/confirm/{token}: the link mailed to a new e-mail address. Opening it, signed in as
 * the member who asked, confirms the address; codes go there from now on and the old one is told.
 */
export function Component() {
  const { token = '' } = useParams();
  const confirm = useConfirmContactChange();
  // One attempt per visit: a link is single use, and React may run effects twice in development.
  const sent = useRef(false);
  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    confirm.mutate(token);
  }, [confirm, token]);

  return (
    <Stack gap="lg" maw={640}>
      <Title order={1}>Confirmation de votre adresse e-mail</Title>
      {(confirm.isIdle || confirm.isPending) && (
        <Group gap="sm" role="status">
          <Loader size="sm" aria-hidden="true" />
          <Text>Vérification du lien…</Text>
        </Group>
      )}
      {confirm.isSuccess && (
        <Alert color="teal" variant="light" role="status" title="Adresse e-mail confirmée">
          Votre nouvelle adresse e-mail est enregistrée. Vos codes de vérification et nos messages y seront désormais envoyés.
        </Alert>
      )}
      {confirm.isError && (
        <Alert color="red" variant="light" role="alert" title="Ce lien ne peut pas être utilisé">
          {confirm.error.message}
        </Alert>
      )}
      {!confirm.isPending && !confirm.isIdle && (
        <Group>
          <Button component={Link} to={paths.home}>
            Aller à l’accueil
          </Button>
        </Group>
      )}
    </Stack>
  );
}
