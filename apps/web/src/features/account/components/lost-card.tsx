import { useInputState } from '@mantine/hooks';
import { Alert, Anchor, Button, Card, Checkbox, Group, Modal, Stack, Text, Title } from '@mantine/core';
import { LOST_CARD_TEXTS } from '@mutua/contracts/account';
import { useState } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths';
import { useSubmissionKey } from '../../../lib/submit-form';
import { useDeclareLostCard } from '../api/preferences';
import { ApiErrorAlert } from './api-error-alert';
import { Form } from '../../../components/form';

/**
 * « Carte perdue » (global preferences « lost card with popups »): the first popup
 * explains and confirms, with the choice of a new paper card; the second confirms the request sent.
 */
export function LostCard() {
  const submission = useSubmissionKey();
  const declare = useDeclareLostCard();
  const [step, setStep] = useState<'closed' | 'confirm' | 'done'>('closed');
  const [paper, setPaper] = useInputState(true);
  const close = () => {
    setStep('closed');
    if (declare.isSuccess) {
      submission.renew();
      declare.reset();
    }
  };
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="lost-card-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="lost-card-title">
          Carte perdue ou volée
        </Title>
        <Text size="sm">Vous avez perdu votre carte de tiers payant&nbsp;? Déclarez-la&nbsp;: nous la signalons et vous pouvez en recevoir une nouvelle.</Text>
        <Group>
          <Button variant="outline" color="red.8" onClick={() => setStep('confirm')}>
            {LOST_CARD_TEXTS.action}
          </Button>
        </Group>
      </Stack>
      <Modal opened={step === 'confirm'} onClose={close} title={LOST_CARD_TEXTS.confirmTitle} centered closeButtonProps={{ 'aria-label': 'Fermer' }}>
        <Form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            declare.mutate({ sendPaperCard: paper, confirmed: true, idempotencyKey: submission.key }, { onSuccess: () => setStep('done') });
          }}
        >
          <Stack gap="md">
            <ApiErrorAlert error={declare.error} title="Votre déclaration n’a pas pu être envoyée" />
            <Text size="sm">{LOST_CARD_TEXTS.confirmBody}</Text>
            <Checkbox label={LOST_CARD_TEXTS.paperChoice} checked={paper} onChange={setPaper} />
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                Annuler
              </Button>
              <Button type="submit" color="red.8" loading={declare.isPending}>
                {LOST_CARD_TEXTS.confirm}
              </Button>
            </Group>
          </Stack>
        </Form>
      </Modal>
      <Modal opened={step === 'done'} onClose={close} title={LOST_CARD_TEXTS.doneTitle} centered closeButtonProps={{ 'aria-label': 'Fermer' }}>
        <Stack gap="md">
          <Alert color="green" variant="light" role="status">
            {declare.data?.sendPaperCard ? LOST_CARD_TEXTS.donePaper : LOST_CARD_TEXTS.doneDigital}
          </Alert>
          <Group justify="flex-end">
            <Anchor component={Link} to={paths.requests}>
              Voir mes demandes
            </Anchor>
            <Button onClick={close}>J’ai compris</Button>
          </Group>
        </Stack>
      </Modal>
    </Card>
  );
}
