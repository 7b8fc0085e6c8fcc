import { Button, Group, Modal, Stack, Text, Title } from '@mantine/core';
import { DIALOG_TRANSITION_MS } from '@mutua/contracts';
import { useState } from 'react';

/** The first-connection tutorial: what the portal offers, in a few steps. */
export const TUTORIAL_STEPS = [
  { title: 'Bienvenue dans votre espace adhérent', text: 'Retrouvez en un seul endroit votre contrat santé, vos remboursements, vos documents et vos demandes.' },
  { title: 'Mes remboursements', text: 'Suivez vos remboursements de soins et téléchargez vos relevés.' },
  { title: 'Mes demandes', text: 'Envoyez une facture, un devis ou un justificatif, et suivez le traitement de chaque demande.' },
  { title: 'Mon compte', text: 'Gérez vos bénéficiaires, vos coordonnées bancaires, vos informations personnelles et vos préférences.' },
] as const;

/** Shown until finished (or skipped); `onFinish` stores the finished state. */
export function Tutorial({ onFinish, finishing }: { onFinish: () => void; finishing: boolean }) {
  const [index, setIndex] = useState(0);
  const step = TUTORIAL_STEPS[index]!;
  const last = index === TUTORIAL_STEPS.length - 1;
  return (
    <Modal
      opened
      onClose={onFinish}
      title="Découvrir votre espace"
      size="md"
      transitionProps={{ duration: DIALOG_TRANSITION_MS }}
      closeButtonProps={{ 'aria-label': 'Passer le tutoriel' }}
      data-testid="tutorial"
    >
      <Stack gap="md">
        <Text size="sm" c="gray.7" aria-live="polite">
          Étape {index + 1} sur {TUTORIAL_STEPS.length}
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
    </Modal>
  );
}
