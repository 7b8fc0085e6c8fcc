import { Stack, Text, Title } from '@mantine/core';
import { AssistantPanel } from '../components/assistant-panel';

/** Route `assistant` (public, signed in or out): the 24/7 assistant, opened from the hub, the help page and the FAQ. */
export function Component() {
  return (
    <Stack gap="md" maw="46rem">
      <Stack gap="xs">
        <Title order={1}>Assistant 24h/24, 7j/7</Title>
        <Text>
          Ses réponses viennent de notre foire aux questions, des pages de votre espace et, si vous êtes connecté, de vos propres remboursements, demandes et
          contrat. Il ne devine jamais&nbsp;: chaque réponse cite sa source. Un conseiller reste joignable à tout moment.
        </Text>
      </Stack>
      <AssistantPanel />
    </Stack>
  );
}
