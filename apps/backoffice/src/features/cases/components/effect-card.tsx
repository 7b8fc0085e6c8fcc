import { useInputState } from '@mantine/hooks';
import { Alert, Button, Card, Group, Table, Text, Textarea, Title } from '@mantine/core';
import type { TCaseDetail } from '@mutua/contracts/backoffice';
import { CASE_EFFECT_LABELS, caseEffectOf } from '@mutua/contracts/backoffice-approvals';
import { postCaseAccept, postCaseRefuse } from '../api/post-case-decision';
import { useCaseWrite } from './use-case-write';

/**
 * Deciding a beneficiary addition or a refund account change: accepting adds the person to the family
 * or puts the account in force; refusing answers the member with the reason. Either closes the case.
 */
export function EffectCard({ c }: { c: TCaseDetail }) {
  const [reason, setReason] = useInputState('');
  const effect = caseEffectOf(c.type, c.typeCode);
  const accept = useCaseWrite(c.id, () => postCaseAccept(c.id));
  const refuse = useCaseWrite(c.id, () => postCaseRefuse(c.id, reason));
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
      {c.bankChange && (
        <Table variant="vertical" withTableBorder mb="sm" data-testid="bank-change" aria-label="Compte de remboursement demandé">
          <Table.Tbody>
            <Table.Tr>
              <Table.Th w={200}>Titulaire demandé</Table.Th>
              <Table.Td>{c.bankChange.holder}</Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th>IBAN demandé</Table.Th>
              <Table.Td style={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }}>{c.bankChange.iban}</Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th>Banque, BIC</Table.Th>
              <Table.Td>{[c.bankChange.bankName, c.bankChange.bic].filter(Boolean).join(', ') || 'Non renseignés'}</Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th>Compte en vigueur</Table.Th>
              <Table.Td>{c.bankChange.inForceIbanMasked ?? 'Aucun'}</Table.Td>
            </Table.Tr>
          </Table.Tbody>
        </Table>
      )}
      {c.state === 'OPEN' ? (
        <>
          <Text size="sm" mb="xs">
            {c.bankChange
              ? 'Le nouveau compte n’est pas en vigueur tant que vous ne l’acceptez pas\u00a0: comparez l’IBAN et le titulaire avec la copie du RIB jointe, puis acceptez ou refusez en indiquant le motif à l’adhérent.'
              : 'Vérifiez la demande et ses pièces, puis acceptez-la ou refusez-la en indiquant le motif à l’adhérent.'}
          </Text>
          <Textarea label="Motif du refus (lu par l’adhérent)" autosize minRows={2} maxLength={2000} value={reason} onChange={setReason} />
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
