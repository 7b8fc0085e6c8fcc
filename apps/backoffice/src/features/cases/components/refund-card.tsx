import { Alert, Button, Card, Stack, Text, Title } from '@mantine/core';
import type { TCaseDetail } from '@mutua/contracts/backoffice';
import { APPROVAL_STATE_LABELS, ZLineCorrection, type TApproval, type TRefundClaimDefaults, type TRefundProposal } from '@mutua/contracts/backoffice-approvals';
import { formatEuros } from '@mutua/contracts/french-format';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { dateTime } from '../../../lib/api';
import { centsOf } from './money';
import { ProposedLine, type CorrectionDraft } from './proposed-line';
import { getCaseRefund } from '../api/get-case-refund';
import { postRefund } from '../api/post-refund';

type RefundState = { defaults: TRefundClaimDefaults | null; approvals: TApproval[] };
type Proposal = NonNullable<TRefundClaimDefaults['proposal']>;
type LineErrors = { amount?: string; reason?: string };

const NO_CORRECTION: CorrectionDraft = { on: false, amount: '', reason: '' };

/** The proposal's lines with the agent's corrections, or the French message of each correction that does not read. */
function proposalLines(proposal: Proposal, drafts: CorrectionDraft[]): { lines: TRefundProposal['lines'] } | { errors: LineErrors[] } {
  const errors: LineErrors[] = [];
  const lines = proposal.inputs.map((input, i) => {
    const draft = drafts[i] ?? NO_CORRECTION;
    if (!draft.on) return { ...input, correction: null };
    const amcCents = centsOf(draft.amount);
    const parsed = ZLineCorrection.safeParse({ amcCents: amcCents ?? Number.NaN, reason: draft.reason });
    if (amcCents === null || !parsed.success) {
      errors[i] = {
        amount: amcCents === null ? 'Saisissez un montant en euros (par exemple 12,50).' : undefined,
        reason: parsed.success ? undefined : parsed.error.issues.find((issue) => issue.path[0] === 'reason')?.message,
      };
      return { ...input, correction: null };
    }
    return { ...input, correction: parsed.data };
  });
  return errors.length > 0 ? { errors } : { lines };
}

/** Accepting a refund claim: the engine's proposal from the claim, corrected line by line with a reason if need be. */
function ProposalForm({ c, defaults, proposal }: { c: TCaseDetail; defaults: TRefundClaimDefaults; proposal: Proposal }) {
  const queryClient = useQueryClient();
  const [drafts, setDrafts] = useState<CorrectionDraft[]>(() => proposal.lines.map(() => NO_CORRECTION));
  const [errors, setErrors] = useState<LineErrors[]>([]);
  const propose = useMutation({
    mutationFn: postRefund,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ['case-refund', c.id] });
      await queryClient.invalidateQueries({ queryKey: ['case', c.id] });
    },
  });
  const paidCents = proposal.lines.reduce((sum, l, i) => sum + (drafts[i]?.on ? (centsOf(drafts[i].amount) ?? l.amcCents) : l.amcCents), 0);
  const corrected = drafts.some((d) => d.on);
  const submit = () => {
    const built = proposalLines(proposal, drafts);
    if ('errors' in built) return setErrors(built.errors);
    setErrors([]);
    propose.mutate({ caseId: c.id, familyPosition: defaults.familyPosition, careDate: defaults.careDate, lines: built.lines });
  };
  return (
    <Stack gap="sm">
      <Text size="sm">
        Le moteur de garanties a calculé le remboursement à partir de la demande (acte, date des soins, dépense) et de la formule {proposal.productCode} de
        l’adhérent à cette date. Vérifiez-le avec les justificatifs&nbsp;; une correction demande un motif, que le responsable lira à côté du calcul du moteur.
      </Text>
      {proposal.lines.map((line, i) => (
        <ProposedLine
          key={`${line.actCode}-${i}`}
          line={line}
          position={i + 1}
          correction={drafts[i] ?? NO_CORRECTION}
          onCorrection={(next) => setDrafts((all) => all.map((d, j) => (j === i ? next : d)))}
          errors={errors[i] ?? {}}
        />
      ))}
      <Text size="sm" data-testid="proposal-total">
        Remboursement de la mutuelle&nbsp;: <strong>{formatEuros(paidCents)}</strong>
        {corrected ? ` (calcul du moteur\u00a0: ${formatEuros(proposal.totals.amcCents)})` : ''} · Sécurité sociale {formatEuros(proposal.totals.amoNetCents)} ·
        reste à charge de l’adhérent {formatEuros(proposal.totals.expenseCents - proposal.totals.amoNetCents - paidCents)}
      </Text>
      {propose.error && (
        <Alert color="red" role="alert">
          {propose.error.message}
        </Alert>
      )}
      <div>
        <Button onClick={submit} loading={propose.isPending}>
          Accepter et proposer le remboursement
        </Button>
      </div>
    </Stack>
  );
}

/**
 * Accepting a refund claim: the engine proposes the refund from the claim; it waits for a manager's
 * approval (four eyes) before the member sees it. Staff never type the amounts, they may correct one.
 */
export function RefundCard({ c }: { c: TCaseDetail }) {
  const state = useQuery({ queryKey: ['case-refund', c.id], queryFn: () => getCaseRefund<RefundState>(c.id) });
  if (state.isPending || !state.data) return null;
  const { defaults } = state.data;
  const approvals = state.data.approvals.filter((a): a is TApproval & { refund: NonNullable<TApproval['refund']> } => a.refund !== null);
  const pending = approvals.find((a) => a.state === 'PENDING');
  return (
    <Card withBorder component="section" aria-labelledby="refund-title">
      <Title order={2} size="h4" id="refund-title" mb="sm">
        Remboursement
      </Title>
      {approvals
        .filter((a) => a.state !== 'PENDING')
        .map((a) => (
          <Text size="sm" key={a.id} mb="xs">
            {APPROVAL_STATE_LABELS[a.state]}&nbsp;: {formatEuros(a.refund.productCents)} par {a.decidedBy?.displayName}
            {a.reason ? ` (motif\u00a0: ${a.reason})` : ''}
          </Text>
        ))}
      {pending ? (
        <Alert color="blue" role="status" data-testid="refund-pending">
          Remboursement de {formatEuros(pending.refund.productCents)} proposé par {pending.proposedBy.displayName} le {dateTime(pending.proposedAt)}&nbsp;: en
          attente de la validation d’un responsable.
        </Alert>
      ) : c.state === 'OPEN' && defaults ? (
        defaults.proposal ? (
          <ProposalForm c={c} defaults={defaults} proposal={defaults.proposal} />
        ) : (
          <Alert color="orange" role="status" title="Le remboursement ne peut pas être calculé">
            {defaults.problem ?? 'Le moteur de garanties ne peut pas chiffrer cette demande.'} Répondez à l’adhérent pour obtenir les informations manquantes.
          </Alert>
        )
      ) : (
        <Text size="sm">Aucun remboursement en attente.</Text>
      )}
    </Card>
  );
}
