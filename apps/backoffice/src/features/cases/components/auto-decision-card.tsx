import { Alert, List, Text } from '@mantine/core';
import type { TClaimDecision } from '@mutua/contracts/auto-decision';
import { useQuery } from '@tanstack/react-query';
import { api, dateTime } from '../../../lib/api';

const POST_CHECK_LABELS = {
  PENDING: 'contrôle par un responsable en attente',
  CONFIRMED: 'confirmée après contrôle',
  REVERSED: 'annulée après contrôle',
} as const;

/** On a refund claim's case: what the automatic decision did, or why the claim came to an agent. */
export function AutoDecisionCard({ caseId }: { caseId: string }) {
  const decision = useQuery({ queryKey: ['auto-decision', caseId], queryFn: () => api<TClaimDecision | null>('GET', `/cases/${caseId}/auto-decision`) });
  if (!decision.data) return null;
  const d = decision.data;
  if (d.outcome === 'AUTOMATIC') {
    return (
      // The title inside the message: Mantine's light title colours are below 4.5:1 on their background.
      <Alert color="green" data-testid="auto-decision">
        <Text fw={700}>Remboursée automatiquement</Text>
        Décidée le {dateTime(d.decidedAt)} selon les règles version {d.ruleVersion}
        {d.postCheck ? ` (${POST_CHECK_LABELS[d.postCheck]})` : ''}.
      </Alert>
    );
  }
  return (
    <Alert color="yellow" data-testid="auto-decision">
      <Text fw={700}>Non décidée automatiquement</Text>
      <Text size="sm">Règles version {d.ruleVersion}. La proposition du moteur est ci-dessous. Raison&nbsp;:</Text>
      <List size="sm">
        {d.reasons.map((r) => (
          <List.Item key={r.code}>{r.label}</List.Item>
        ))}
      </List>
    </Alert>
  );
}
