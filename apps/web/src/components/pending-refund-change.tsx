import { Alert, Anchor, Stack, Text } from '@mantine/core';
import { pendingRefundText, type TPendingRefundChange } from '@mutua/contracts/bank-details';
import { Link } from 'react-router';
import { paths } from '../lib/paths';

/**
 * A refund account change the member sent and the management centre has not checked yet,
 * shown next to the account still in force (banking page, a beneficiary's page): « Nouveau RIB
 * en cours de vérification (IBAN FR76 •••• 1234), envoyé le 23 novembre 2026 ».
 */
export function PendingRefundChange({ pending, testId }: { pending: TPendingRefundChange; testId?: string }) {
  return (
    <Alert color="blue" variant="light" role="note" data-testid={testId} p="sm">
      <Stack gap={4}>
        <Text size="sm" fw={600}>
          {pendingRefundText(pending)}
        </Text>
        <Text size="sm">
          {pending.bankName ? `${pending.bankName}, titulaire ` : 'Titulaire '}
          {pending.holder}. Vos remboursements restent versés sur le compte en vigueur jusqu’à sa vérification par nos équipes.
        </Text>
        {pending.requestId && (
          <Anchor component={Link} to={`${paths.requests}?request=${pending.requestId}`} size="sm" underline="always">
            Voir ma demande
          </Anchor>
        )}
      </Stack>
    </Alert>
  );
}
