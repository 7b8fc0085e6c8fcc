import { Alert, Button, Card, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { APPROVAL_STATE_LABELS, OPERATION_TYPES, OPERATION_TYPE_LABELS, type TApproval, type TCaseDetail, type TRefundClaimDefaults } from '@mutua/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api, dateTime } from '../../api';
import { centsOf, euros } from './money';

type RefundState = { defaults: TRefundClaimDefaults | null; approvals: TApproval[] };

/**
 * Accepting a refund claim: the agent proposes the refund (amounts prefilled from the member's claim);
 * it waits for a manager's approval (four eyes) before the member sees it.
 */
export function RefundCard({ c }: { c: TCaseDetail }) {
  const queryClient = useQueryClient();
  const state = useQuery({ queryKey: ['case-refund', c.id], queryFn: () => api<RefundState>('GET', `/cases/${c.id}/refund`) });
  const [form, setForm] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const propose = useMutation({
    mutationFn: (body: unknown) => api<{ id: string }>('POST', '/refunds', body),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ['case-refund', c.id] });
      await queryClient.invalidateQueries({ queryKey: ['case', c.id] });
    },
  });
  if (state.isPending || !state.data) return null;
  const { defaults } = state.data;
  const approvals = state.data.approvals.filter((a): a is TApproval & { refund: NonNullable<TApproval['refund']> } => a.refund !== null);
  const pending = approvals.find((a) => a.state === 'PENDING');
  const value = (name: string, fallback: string) => form[name] ?? fallback;
  const set = (name: string) => (v: string) => setForm((f) => ({ ...f, [name]: v }));
  const submit = () => {
    setError(null);
    const amounts = { totalCostCents: 'Dépense', socialSecurityCents: 'Part Sécurité sociale', productCents: 'Montant remboursé' } as const;
    const body: Record<string, unknown> = {
      caseId: c.id,
      actFamily: value('actFamily', defaults?.actFamily ?? 'consultation'),
      actWording: value('actWording', defaults?.actWording ?? ''),
      careDate: value('careDate', defaults?.careDate ?? ''),
      socialSecurityRate: Number(value('socialSecurityRate', '60')),
    };
    for (const [key, label] of Object.entries(amounts)) {
      const cents = centsOf(value(key, key === 'totalCostCents' && defaults ? String(defaults.totalCostCents / 100).replace('.', ',') : ''));
      if (cents === null) return setError(`${label}\u00a0: saisissez un montant en euros (par exemple 12,50).`);
      body[key] = cents;
    }
    propose.mutate(body);
  };
  return (
    <Card withBorder component="section" aria-labelledby="refund-title">
      <Title order={2} size="h4" id="refund-title" mb="sm">
        Remboursement
      </Title>
      {approvals
        .filter((a) => a.state !== 'PENDING')
        .map((a) => (
          <Text size="sm" key={a.id} mb="xs">
            {APPROVAL_STATE_LABELS[a.state]}&nbsp;: {euros(a.refund.productCents)} par {a.decidedBy?.displayName}
            {a.reason ? ` (motif\u00a0: ${a.reason})` : ''}
          </Text>
        ))}
      {pending ? (
        <Alert color="blue" role="status" data-testid="refund-pending">
          Remboursement de {euros(pending.refund.productCents)} proposé par {pending.proposedBy.displayName} le {dateTime(pending.proposedAt)}&nbsp;: en attente de la validation d’un
          responsable.
        </Alert>
      ) : c.state === 'OPEN' && defaults ? (
        <Stack gap="xs">
          <Text size="sm">Accepter la demande&nbsp;: proposez le remboursement, qu’un responsable validera avant sa publication à l’adhérent.</Text>
          <Select
            label="Famille d’actes"
            data={OPERATION_TYPES.map((o) => ({ value: o, label: OPERATION_TYPE_LABELS[o] }))}
            value={value('actFamily', defaults.actFamily)}
            onChange={(v) => v && set('actFamily')(v)}
            allowDeselect={false}
          />
          <TextInput label="Libellé de l’acte" value={value('actWording', defaults.actWording)} onChange={(e) => set('actWording')(e.currentTarget.value)} />
          <TextInput label="Date des soins" type="date" value={value('careDate', defaults.careDate)} onChange={(e) => set('careDate')(e.currentTarget.value)} />
          <TextInput label="Dépense (€)" inputMode="decimal" value={value('totalCostCents', String(defaults.totalCostCents / 100).replace('.', ','))} onChange={(e) => set('totalCostCents')(e.currentTarget.value)} />
          <TextInput label="Part Sécurité sociale (€)" inputMode="decimal" value={value('socialSecurityCents', '')} onChange={(e) => set('socialSecurityCents')(e.currentTarget.value)} />
          <TextInput label="Taux Sécurité sociale (%)" inputMode="numeric" value={value('socialSecurityRate', '60')} onChange={(e) => set('socialSecurityRate')(e.currentTarget.value)} />
          <TextInput label="Montant remboursé (€)" inputMode="decimal" value={value('productCents', '')} onChange={(e) => set('productCents')(e.currentTarget.value)} />
          {(error ?? propose.error) && (
            <Alert color="red" role="alert">
              {error ?? propose.error?.message}
            </Alert>
          )}
          <Button onClick={submit} loading={propose.isPending}>
            Accepter et proposer le remboursement
          </Button>
        </Stack>
      ) : (
        <Text size="sm">Aucun remboursement en attente.</Text>
      )}
    </Card>
  );
}
