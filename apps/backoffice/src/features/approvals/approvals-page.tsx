import { useInputState } from '@mantine/hooks';
import { Anchor, Button, Card, Group, List, Loader, Stack, Text, TextInput, Title } from '@mantine/core';
import { LoadState } from '@mutua/ui/load-state';
import { Outcome } from '@mutua/ui/outcome';
import type { TApproval, TProposedLine } from '@mutua/contracts/backoffice-approvals';
import { formatDate, formatEuros, formatFileSize } from '@mutua/contracts/french-format';
import { OPERATION_TYPE_LABELS } from '@mutua/contracts/refunds';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { dateTime } from '../../lib/api';
import { useStaffSession } from '../../lib/session';
import { getApprovals } from './api/get-approvals';
import { postApprovalDecision } from './api/post-approval-decision';

/** Four eyes: the refunds proposed by colleagues, approved or rejected by a manager who did not propose them. */
export function ApprovalsPage() {
  const queryClient = useQueryClient();
  const list = useQuery({ queryKey: ['approvals'], queryFn: getApprovals });
  const [done, setDone] = useState<string | null>(null);
  const decide = useMutation({
    mutationFn: ({ id, decision, reason }: { id: string; kind: TApproval['kind']; decision: 'APPROVE' | 'REJECT'; reason?: string }) =>
      postApprovalDecision(id, { decision, reason }),
    onSuccess: async (_d, vars) => {
      setDone(
        vars.decision === 'REJECT'
          ? 'Proposition refusée.'
          : vars.kind === 'document'
            ? 'Document validé\u00a0: l’adhérent le reçoit dans sa demande.'
            : 'Remboursement validé\u00a0: l’adhérent le voit dans « Mes remboursements ».',
      );
      await queryClient.invalidateQueries({ queryKey: ['approvals'] });
    },
  });
  return (
    <Stack>
      <Title order={1} size="h2">
        Validations en attente
      </Title>
      <Text size="sm">Un remboursement ou un document proposé par un collègue n’est publié à l’adhérent qu’après la validation d’un autre responsable.</Text>
      <Outcome error={decide.error} done={done} />
      <LoadState query={list} loading={<Loader aria-label="Chargement des validations" />} />
      {list.data?.length === 0 && <Text>Aucune proposition n’attend de validation.</Text>}
      {list.data?.map((a) => (
        <ApprovalItem key={a.id} a={a} busy={decide.isPending} onDecide={(decision, reason) => decide.mutate({ id: a.id, kind: a.kind, decision, reason })} />
      ))}
    </Stack>
  );
}

/** Each line as the engine computed it, and beside it the agent's correction and its reason. */
function ProposedLines({ lines }: { lines: TProposedLine[] }) {
  return (
    <List size="sm" spacing={4} mt={4} data-testid="approval-lines">
      {lines.map((l, i) => (
        <List.Item key={`${l.actCode}-${i}`}>
          {l.label}&nbsp;: mutuelle {formatEuros(l.amcCents)} selon le moteur
          {l.correction ? (
            <Text span fw={700}>
              {' '}
              · corrigé à {formatEuros(l.correction.amcCents)} (motif&nbsp;: {l.correction.reason})
            </Text>
          ) : (
            ' · sans correction'
          )}
          <Text size="xs" c="gray.7">
            {l.explanation}
          </Text>
        </List.Item>
      ))}
    </List>
  );
}

function ApprovalItem({ a, busy, onDecide }: { a: TApproval; busy: boolean; onDecide: (decision: 'APPROVE' | 'REJECT', reason?: string) => void }) {
  const [reason, setReason] = useInputState('');
  const me = useStaffSession().data?.staff?.id;
  const titleId = `approval-${a.id}`;
  return (
    <Card withBorder component="article" aria-labelledby={titleId}>
      {a.refund && (
        <>
          <Title order={2} size="h4" id={titleId}>
            Remboursement de {formatEuros(a.refund.productCents)} à {a.memberName}
          </Title>
          <Text size="sm">
            {a.refund.actWording} ({OPERATION_TYPE_LABELS[a.refund.actFamily]}), soins du {formatDate(a.refund.careDate, 'long')} · dépense{' '}
            {formatEuros(a.refund.totalCostCents)} · Sécurité sociale {formatEuros(a.refund.socialSecurityCents)} ({a.refund.socialSecurityRate}&nbsp;%)
          </Text>
          <ProposedLines lines={a.refund.lines} />
        </>
      )}
      {a.document && (
        <>
          <Title order={2} size="h4" id={titleId}>
            Document « {a.document.name} » pour {a.memberName}
          </Title>
          <Text size="sm">
            <Anchor href={`/api/bo/approvals/${a.id}/file`} download>
              Lire le document ({a.document.fileName}, {formatFileSize(a.document.sizeBytes)})
            </Anchor>
          </Text>
          <Text size="sm" fw={700} mt="xs">
            Message à l’adhérent
          </Text>
          <Text size="sm" bg="gray.0" p="xs" style={{ whiteSpace: 'pre-wrap', borderLeft: '3px solid var(--mantine-color-gray-4)' }}>
            {a.document.message}
          </Text>
        </>
      )}
      <Text size="sm">
        Proposé par {a.proposedBy.displayName} le {dateTime(a.proposedAt)}
        {a.caseId && (
          <>
            {' · '}
            <Link to={`/cases/${a.caseId}`}>voir la demande</Link>
          </>
        )}
      </Text>
      {a.proposedBy.id === me ? (
        <Text size="sm" mt="sm" fw={700}>
          Votre proposition&nbsp;: un autre responsable doit la valider.
        </Text>
      ) : (
        <Group mt="sm" align="flex-end">
          <Button onClick={() => onDecide('APPROVE')} disabled={busy}>
            {a.kind === 'document' ? 'Valider le document' : 'Valider le remboursement'}
          </Button>
          <TextInput label="Motif du refus" value={reason} onChange={setReason} />
          <Button variant="default" onClick={() => onDecide('REJECT', reason)} disabled={busy}>
            Refuser
          </Button>
        </Group>
      )}
    </Card>
  );
}
