import { useInputState } from '@mantine/hooks';
import { Anchor, Button, Card, Group, Loader, Stack, Text, TextInput, Title } from '@mantine/core';
import { LoadState } from '@mutua/ui/load-state';
import { Outcome } from '@mutua/ui/outcome';
import type { TPostCheck } from '@mutua/contracts/auto-decision';
import { formatDate, formatEuros } from '@mutua/contracts/french-format';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { api, dateTime } from '../../../lib/api';

/** « Contrôles »: the automatic decisions drawn for a manager, confirmed or reversed (a reversal cancels the refund and tells the member). */
export function PostChecksPage() {
  const queryClient = useQueryClient();
  const list = useQuery({ queryKey: ['post-checks'], queryFn: () => api<TPostCheck[]>('GET', '/post-checks') });
  const [done, setDone] = useState<string | null>(null);
  const decide = useMutation({
    mutationFn: ({ id, ...body }: { id: string; decision: 'CONFIRM' | 'REVERSE'; reason?: string }) => api('POST', `/post-checks/${id}`, body),
    onSuccess: async (_d, vars) => {
      setDone(
        vars.decision === 'CONFIRM'
          ? 'Décision confirmée\u00a0: le remboursement partira avec le prochain lot de virements.'
          : 'Décision annulée\u00a0: le remboursement est retiré et l’adhérent prévenu.',
      );
      await queryClient.invalidateQueries({ queryKey: ['post-checks'] });
    },
  });
  return (
    <Stack>
      <Title order={1} size="h2">
        Contrôles des décisions automatiques
      </Title>
      <Outcome error={decide.error} done={done} />
      <LoadState query={list} loading={<Loader aria-label="Chargement des contrôles" />} />
      {list.data?.length === 0 && <Text>Aucune décision automatique n’attend de contrôle.</Text>}
      {list.data?.map((c) => (
        <PostCheckItem key={c.caseId} c={c} busy={decide.isPending} onDecide={(decision, reason) => decide.mutate({ id: c.caseId, decision, reason })} />
      ))}
    </Stack>
  );
}

function PostCheckItem({ c, busy, onDecide }: { c: TPostCheck; busy: boolean; onDecide: (decision: 'CONFIRM' | 'REVERSE', reason?: string) => void }) {
  const [reason, setReason] = useInputState('');
  const [error, setError] = useState<string | null>(null);
  const titleId = `post-check-${c.caseId}`;
  return (
    <Card withBorder component="article" aria-labelledby={titleId}>
      <Stack gap={6}>
        <Title order={2} size="h4" id={titleId}>
          {c.memberName} · {c.actLabel}
        </Title>
        <Text size="sm">
          Soins du {formatDate(c.careDate, 'long')} · demandé {formatEuros(c.amountCents)} · remboursé {formatEuros(c.refundCents)} · décompte{' '}
          {c.refundReference ?? '—'} · règles version {c.ruleVersion} · décidé le {dateTime(c.decidedAt)}
        </Text>
        <Anchor component={Link} to={`/cases/${c.caseId}`} size="sm">
          Ouvrir la demande
        </Anchor>
        <TextInput label="Motif de l’annulation" value={reason} onChange={setReason} error={error} maxLength={500} />
        <Group gap="sm">
          <Button size="xs" onClick={() => onDecide('CONFIRM')} loading={busy}>
            Confirmer
          </Button>
          <Button
            size="xs"
            color="red"
            variant="outline"
            loading={busy}
            onClick={() => {
              if (reason.trim().length < 5) return setError('Indiquez la raison (5 caractères au moins).');
              setError(null);
              onDecide('REVERSE', reason.trim());
            }}
          >
            Annuler le remboursement
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
