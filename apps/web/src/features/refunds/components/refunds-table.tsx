import { Button, Table, Text, VisuallyHidden } from '@mantine/core';
import { PAYMENT_TARGET_LABELS, PAYMENT_TARGETS, refundAmountsByTarget, type TRefundSummary } from '@mutua/contracts';
import { formatDate, formatEuros, formatPersonName } from '../../../lib/format';
import classes from './refunds.module.css';

function Amount({ cents }: { cents: number | null }) {
  if (cents === null) {
    return (
      <>
        <span aria-hidden="true">—</span>
        <VisuallyHidden>Aucun montant</VisuallyHidden>
      </>
    );
  }
  return <>{formatEuros(cents)}</>;
}

/**
 * The refunds of one page: care date, beneficiary, act, cost, then the refund under the column of
 * where it was paid (paid to the insured, to the health professional, included in another payment,
 * other or former mutual, to a bank account), and a button opening the detail panel.
 */
export function RefundsTable({ refunds, caption, onOpen }: { refunds: TRefundSummary[]; caption: string; onOpen: (id: string) => void }) {
  return (
    <div className={classes.tableRegion} role="region" aria-label="Tableau des remboursements" tabIndex={0}>
      <Table className={classes.table} striped highlightOnHover verticalSpacing="xs" data-testid="refunds-table">
        <caption className={classes.caption}>{caption}</caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Date des soins</Table.Th>
            <Table.Th scope="col">Bénéficiaire</Table.Th>
            <Table.Th scope="col">Acte</Table.Th>
            <Table.Th scope="col" className={classes.num}>
              Montant des soins
            </Table.Th>
            {PAYMENT_TARGETS.map((target) => (
              <Table.Th key={target} scope="col" className={classes.num}>
                {PAYMENT_TARGET_LABELS[target]}
              </Table.Th>
            ))}
            <Table.Th scope="col">
              <VisuallyHidden>Détail</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {refunds.map((refund) => {
            const byTarget = refundAmountsByTarget(refund);
            return (
              <Table.Tr key={refund.id} data-refund-id={refund.id}>
                <Table.Th scope="row" className={classes.nowrap} fw={500}>
                  {formatDate(refund.careDate)}
                </Table.Th>
                <Table.Td>{formatPersonName(refund.beneficiary)}</Table.Td>
                <Table.Td>
                  <Text size="sm" fw={600}>
                    {refund.actWording}
                  </Text>
                  <Text size="xs">{refund.actFamilyLabel}</Text>
                </Table.Td>
                <Table.Td className={classes.num}>{formatEuros(refund.totalCostCents)}</Table.Td>
                {PAYMENT_TARGETS.map((target) => (
                  <Table.Td key={target} className={classes.num}>
                    <Amount cents={byTarget[target]} />
                  </Table.Td>
                ))}
                <Table.Td>
                  <Button
                    variant="subtle"
                    size="compact-sm"
                    onClick={() => onOpen(refund.id)}
                    aria-haspopup="dialog"
                    aria-label={`Détail du remboursement du ${formatDate(refund.careDate)}, ${refund.actWording}`}
                  >
                    Détail
                  </Button>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </div>
  );
}
