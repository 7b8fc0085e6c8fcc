import { Stack, Text, Title } from '@mantine/core';
import { PageShell } from '../layout/page-shell';

/** The host matches no tenant: a neutral page, without any brand. */
export function Component() {
  return (
    <PageShell>
      <Stack align="center" ta="center" gap="md" py="xl" maw={640} mx="auto">
        <Title order={1}>Portail introuvable</Title>
        <Text size="lg">L’adresse de cette page ne correspond à aucun espace adhérent connu.</Text>
        <Text>Vérifiez l’adresse saisie dans votre navigateur, ou utilisez le lien communiqué par votre mutuelle.</Text>
      </Stack>
    </PageShell>
  );
}
