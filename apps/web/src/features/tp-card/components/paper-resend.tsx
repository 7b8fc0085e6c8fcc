import { Alert, Button, Group, List, Modal, Stack, Text, Title } from '@mantine/core';
import { PAPER_RESEND_STATE_LABELS, PAPER_RESEND_STATES, type TTpCard } from '@mutua/contracts/tp-card';
import { useState } from 'react';
import { StatusBadge } from '../../../components/status-badge';
import { formatDate } from '../../../lib/format';
import { useSubmissionKey } from '../../../lib/submit-form';
import { usePaperResend } from '../api/tp-card';
import { DialogDone } from './dialog-done';

/** The last paper card's progress: received → printing → sent, the current step marked. */
function ResendProgress({ last }: { last: NonNullable<TTpCard['lastPaperResend']> }) {
  const reached = PAPER_RESEND_STATES.indexOf(last.state);
  return (
    <Stack gap={4}>
      <Group gap="xs" wrap="wrap">
        <Text size="sm">Demande du {formatDate(last.requestedAt, 'long')}&nbsp;:</Text>
        <StatusBadge label={PAPER_RESEND_STATE_LABELS[last.state]} />
      </Group>
      <List size="sm" type="ordered" aria-label="Étapes de l’envoi de votre carte papier">
        {PAPER_RESEND_STATES.map((s, i) => (
          <List.Item key={s} aria-current={i === reached ? 'step' : undefined} fw={i === reached ? 700 : undefined} c={i > reached ? 'dimmed' : undefined}>
            {PAPER_RESEND_STATE_LABELS[s]}
          </List.Item>
        ))}
      </List>
    </Stack>
  );
}

/** « Recevoir une carte papier »: request 10018, refused within 30 days of the last one. */
export function PaperResend({ card }: { card: TTpCard }) {
  const [opened, setOpened] = useState(false);
  const resend = usePaperResend();
  const submission = useSubmissionKey();
  const close = () => {
    setOpened(false);
    if (resend.isSuccess) submission.renew();
    resend.reset();
  };
  return (
    <Stack gap="sm" component="section" aria-labelledby="tp-card-paper">
      <Title order={2} size="h4" id="tp-card-paper">
        Recevoir une carte papier
      </Title>
      <Text size="sm">Nous vous l’envoyons par courrier à votre adresse postale.</Text>
      {card.lastPaperResend && <ResendProgress last={card.lastPaperResend} />}
      {card.paperResendAllowedFrom && (
        <Text size="sm">Vous pourrez en demander une nouvelle à partir du {formatDate(card.paperResendAllowedFrom, 'long')}.</Text>
      )}
      <Group>
        <Button variant="light" onClick={() => setOpened(true)}>
          Demander une carte papier
        </Button>
      </Group>
      <Modal opened={opened} onClose={close} title="Demander une carte papier" size="md" closeButtonProps={{ 'aria-label': 'Fermer' }}>
        {resend.isSuccess ? (
          <DialogDone title="Votre demande a bien été reçue" onClose={close}>
            Votre carte papier sera imprimée puis envoyée par courrier. Suivez son avancement ici ou dans « Mes demandes ».
          </DialogDone>
        ) : (
          <Stack gap="sm">
            {resend.error && (
              <Alert color="orange" variant="light" role="alert" title="Votre demande n’a pas été envoyée">
                {resend.error.message}
              </Alert>
            )}
            <Text size="sm">
              Une carte de tiers payant papier sera imprimée et envoyée à votre adresse postale. Une seule demande est possible tous les 30 jours.
            </Text>
            <Group gap="sm">
              <Button loading={resend.isPending} onClick={() => resend.mutate(submission.key)} data-autofocus>
                Confirmer ma demande
              </Button>
              <Button variant="default" onClick={close}>
                Annuler
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>
    </Stack>
  );
}
