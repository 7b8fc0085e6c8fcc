import { Alert, Button, Card, Group, Text, Textarea, Title } from '@mantine/core';
import { CASE_EFFECT_LABELS, caseEffectOf, type TCaseDetail } from '@mutua/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '../../api';

/**
 * Deciding a beneficiary addition or a refund account change: accepting adds the person to the family
 * or puts the account in force; refusing answers the member with the reason. Either closes the case.
 */
export function EffectCard({ c }: { c: TCaseDetail }) {
  const queryClient = useQueryClient();
  const [reason, setReason] = useState('');
  const effect = caseEffectOf(c.type, c.typeCode);
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['case', c.id] });
  const accept = useMutation({ mutationFn: () => api('POST', `/cases/${c.id}/accept`), onSuccess: refresh });
  const refuse = useMutation({ mutationFn: () => api('POST', `/cases/${c.id}/refuse`, { reason }), onSuccess: refresh });
  if (!effect) return null;
  const labels = CASE_EFFECT_LABELS[effect];
  const error = accept.error ?? refuse.error;
  const busy = accept.isPending || refuse.isPending;
  return (
    <Card withBorder component="section" aria-labelledby="effect-title">
      <Title order={2} size="h4" id="effect-title" mb="sm">
        {labels.title}
      </Title>
      {accept.isSuccess && (
        <Alert color="green" role="status" mb="xs">
          {labels.accepted}
        </Alert>
      )}
      {refuse.isSuccess && (
        <Alert color="green" role="status" mb="xs">
          Refus envoyé à l’adhérent avec son motif.
        </Alert>
      )}
      {error && (
        <Alert color="red" role="alert" mb="xs">
          {error.message}
        </Alert>
      )}
      {c.state === 'OPEN' ? (
        <>
          <Text size="sm" mb="xs">
            Vérifiez la demande et ses pièces, puis acceptez-la ou refusez-la en indiquant le motif à l’adhérent.
          </Text>
          <Textarea label="Motif du refus (lu par l’adhérent)" autosize minRows={2} maxLength={2000} value={reason} onChange={(e) => setReason(e.currentTarget.value)} />
          <Group mt="sm" gap="xs">
            <Button onClick={() => accept.mutate()} loading={accept.isPending} disabled={busy}>
              {labels.accept}
            </Button>
            <Button variant="default" onClick={() => refuse.mutate()} loading={refuse.isPending} disabled={busy || reason.trim().length < 3}>
              Refuser
            </Button>
          </Group>
        </>
      ) : (
        !accept.isSuccess && !refuse.isSuccess && <Text size="sm">Cette demande a été traitée.</Text>
      )}
    </Card>
  );
}
