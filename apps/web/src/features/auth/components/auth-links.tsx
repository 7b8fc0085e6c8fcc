import { Anchor, Group, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths';

/** "Back to login" under the secondary screens of the login group. */
export function BackToLogin() {
  return (
    <Anchor component={Link} to={paths.login} reloadDocument size="sm">
      Retour à la connexion
    </Anchor>
  );
}

/** The way to the other screens, under the login form. */
export function LoginLinks() {
  return (
    <Stack gap="sm" mt="md">
      <Group gap="md" justify="space-between" wrap="wrap">
        <Anchor component={Link} to={paths.forgotLogin} size="sm">
          Identifiant oublié ?
        </Anchor>
        <Anchor component={Link} to={paths.forgotPassword} size="sm">
          Mot de passe oublié ?
        </Anchor>
      </Group>
      <Text size="sm">
        Première connexion ?{' '}
        <Anchor component={Link} to={paths.firstConnection} fw={600}>
          Créer ou activer mon compte
        </Anchor>
      </Text>
    </Stack>
  );
}
