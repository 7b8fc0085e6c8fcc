import { useInputState } from '@mantine/hooks';
import { Button, Card, Radio, Stack, Text, Textarea, Title } from '@mantine/core';
import type { TCaseDetail } from '@mutua/contracts/backoffice';
import { MEDIATOR } from '@mutua/contracts/complaints';
import { Outcome } from '@mutua/ui/outcome';
import { useState } from 'react';
import { postComplaintAnswer } from '../api/post-complaint-answer';
import { useCaseWrite } from './use-case-write';

/** A complaint's answer: accepted, or refused — the member then reads the mediator's details under it. */
export function ComplaintCard({ c }: { c: TCaseDetail }) {
  const [outcome, setOutcome] = useState<'ACCEPTED' | 'REFUSED'>('ACCEPTED');
  const [message, setMessage] = useInputState('');
  const answer = useCaseWrite(
    c.id,
    () => postComplaintAnswer(c.id, { outcome, message }),
    () => setMessage(''),
  );
  if (c.state !== 'OPEN') return null;
  return (
    <Card withBorder component="section" aria-labelledby="complaint-title">
      <Title order={2} size="h4" id="complaint-title" mb="sm">
        Réponse à la réclamation
      </Title>
      <Stack gap="xs">
        <Radio.Group label="Décision" value={outcome} onChange={(v) => setOutcome(v as 'ACCEPTED' | 'REFUSED')}>
          <Stack gap={4} mt={4}>
            <Radio value="ACCEPTED" label="Réclamation acceptée" />
            <Radio value="REFUSED" label="Réclamation refusée" />
          </Stack>
        </Radio.Group>
        <Textarea label="Réponse motivée" autosize minRows={3} value={message} onChange={setMessage} />
        {outcome === 'REFUSED' && <Text size="sm">Les coordonnées du {MEDIATOR.name} seront jointes à la réponse.</Text>}
        <Outcome error={answer.error} done={answer.isSuccess} text="Réponse envoyée à l’adhérent." />
        <Button onClick={() => answer.mutate()} disabled={!message.trim()} loading={answer.isPending}>
          Envoyer la réponse à la réclamation
        </Button>
      </Stack>
    </Card>
  );
}
