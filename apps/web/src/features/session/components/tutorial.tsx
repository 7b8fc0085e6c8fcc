import { Button, Group, Stack, Text, Title } from '@mantine/core';
import type { TTutorialStep } from '@mutua/contracts/campaigns';
import type { TGlobalDetails } from '@mutua/contracts/global-details';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { globalDetailsKey } from '../../../lib/global-details';
import { useFinishTutorial } from '../api/gates';
import { Popup } from '../../../components/popup';

/** The tutorial as the session layer shows it: finishing (or skipping) is stored, then it is gone. */
export function TutorialPopup({ steps }: { steps: readonly TTutorialStep[] }) {
  const client = useQueryClient();
  const finish = useFinishTutorial({
    onSettled: () =>
      client.setQueryData<TGlobalDetails>(globalDetailsKey, (old) => (old ? { ...old, insured: { ...old.insured, finishedTutorial: true } } : old)),
  });
  return <Tutorial steps={steps} finishing={finish.isPending} onFinish={() => finish.mutate(undefined)} />;
}

/**
 * The first-connection tutorial, the tenant's steps (entityTutorialDtos): shown until finished (or
 * skipped); `onFinish` stores the finished state on the account.
 */
export function Tutorial({ steps, onFinish, finishing }: { steps: readonly TTutorialStep[]; onFinish: () => void; finishing: boolean }) {
  const [index, setIndex] = useState(0);
  const step = steps[index]!;
  const last = index === steps.length - 1;
  return (
    <Popup opened onClose={onFinish} title="Découvrir votre espace" size="md" closeLabel="Passer le tutoriel" data-testid="tutorial">
      <Stack gap="md">
        <Text size="sm" c="gray.7" aria-live="polite">
          Étape {index + 1} sur {steps.length}
        </Text>
        <Title order={3} size="h4">
          {step.title}
        </Title>
        <Text>{step.text}</Text>
        <Group justify="space-between" gap="sm">
          <Button variant="subtle" onClick={onFinish} disabled={finishing}>
            Passer
          </Button>
          <Group gap="sm">
            {index > 0 && (
              <Button variant="outline" onClick={() => setIndex(index - 1)}>
                Précédent
              </Button>
            )}
            {last ? (
              <Button onClick={onFinish} loading={finishing}>
                Terminer
              </Button>
            ) : (
              <Button onClick={() => setIndex(index + 1)}>Suivant</Button>
            )}
          </Group>
        </Group>
      </Stack>
    </Popup>
  );
}
