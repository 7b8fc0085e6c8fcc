import { Button, Card, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths';
import { BackToLogin } from '../components/auth-links';

/** /login/first-connection: create an account, or activate the one prepared at affiliation. */
export function Component() {
  return (
    <Stack gap="md">
      <Text>Bienvenue&nbsp;! Pour accéder à votre espace adhérent, choisissez votre situation.</Text>
      <Card withBorder padding="md" radius="md" component="section" aria-labelledby="first-create">
        <Stack gap="xs">
          <Title order={2} size="h4" id="first-create">
            Je n’ai pas encore de compte
          </Title>
          <Text size="sm">Munissez-vous de votre numéro d’adhérent (8 chiffres) et de votre date de naissance.</Text>
          <Button component={Link} to={paths.createAccount}>
            Créer mon compte
          </Button>
        </Stack>
      </Card>
      <Card withBorder padding="md" radius="md" component="section" aria-labelledby="first-activate">
        <Stack gap="xs">
          <Title order={2} size="h4" id="first-activate">
            J’ai reçu mes identifiants lors de mon affiliation
          </Title>
          <Text size="sm">Activez votre compte avec l’identifiant et le mot de passe qui vous ont été communiqués.</Text>
          <Button component={Link} to={paths.activateAccount} variant="outline">
            Activer mon compte
          </Button>
        </Stack>
      </Card>
      <BackToLogin />
    </Stack>
  );
}
