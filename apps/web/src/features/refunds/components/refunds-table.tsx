import { Button, Table, Text, VisuallyHidden } from '@mantine/core';
import { PAYMENT_TARGET_LABELS, PAYMENT_TARGETS, refundAmountsByTarget, type PaymentTarget, type TRefundSummary } from '@mutua/contracts/refunds';
import type { MouseEvent } from 'react';
import { formatDate, formatEuros, formatPersonName } from '../../../lib/format';
import classes from './refunds.module.css';

/**
 * Column headings of the five payment targets under their group heading « Remboursement versé… »:
 * short enough for two lines, so that every column and the detail action fit 1 280 px (the route
 * is `wide` in the table).
 */
const TARGET_HEADINGS: Record<PaymentTarget, string> = {
  insured: 'à l’assuré',
  health_professional: 'au professionnel de santé',
  included_in_other_payment: 'dans un autre paiement',
  other_mutual: 'à l’ancienne ou autre mutuelle',
  bank_account: 'sur compte bancaire',
};

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

export const detailLabel = (refund: TRefundSummary) => `Détail du remboursement du ${formatDate(refund.careDate)}, ${refund.actWording}`;

/** A click anywhere on a row (or card) opens its detail, except on its own controls. */
export function openOnClick(open: () => void) {
  return (event: MouseEvent) => {
    if (!(event.target as HTMLElement).closest('button, a, input')) open();
  };
}

/**
 * The refunds of one page on a wide screen: care date, beneficiary, act, cost, then the refund under
 * the column of where it was paid, and the detail action. A row opens its
 * detail when clicked; from the keyboard, its « Détail » button does (Enter or Space).
 */
export function RefundsTable({
  refunds,
  caption,
  insurerName,
  onOpen,
}: {
  refunds: TRefundSummary[];
  caption: string;
  insurerName: string;
  onOpen: (id: string) => void;
}) {
  return (
    <div className={classes.tableRegion} role="region" aria-label="Tableau des remboursements" tabIndex={-1}>
      <Table className={classes.table} striped highlightOnHover verticalSpacing="xs" horizontalSpacing={8} data-testid="refunds-table">
        <caption className={classes.caption}>{caption}</caption>
        <colgroup>
          <col className={classes.colDate} />
          <col className={classes.colPerson} />
          <col />
          <col className={classes.colAmount} />
          {PAYMENT_TARGETS.map((target) => (
            <col key={target} className={classes.colTarget} />
          ))}
          <col className={classes.colAction} />
        </colgroup>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col" rowSpan={2}>
              Date des soins
            </Table.Th>
            <Table.Th scope="col" rowSpan={2}>
              Bénéficiaire
            </Table.Th>
            <Table.Th scope="col" rowSpan={2}>
              Acte
            </Table.Th>
            <Table.Th scope="col" rowSpan={2} className={classes.num}>
              Montant des soins
            </Table.Th>
            <Table.Th scope="colgroup" colSpan={PAYMENT_TARGETS.length} className={classes.group}>
              Remboursement {insurerName} versé…
            </Table.Th>
            <Table.Th scope="col" rowSpan={2}>
              <VisuallyHidden>Détail</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
          <Table.Tr>
            {PAYMENT_TARGETS.map((target) => (
              <Table.Th key={target} scope="col" className={classes.num}>
                <span aria-hidden="true">{TARGET_HEADINGS[target]}</span>
                <VisuallyHidden>{PAYMENT_TARGET_LABELS[target]}</VisuallyHidden>
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {refunds.map((refund) => {
            const byTarget = refundAmountsByTarget(refund);
            return (
              <Table.Tr key={refund.id} data-refund-id={refund.id} className={classes.row} onClick={openOnClick(() => onOpen(refund.id))}>
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
                  <Button variant="subtle" size="compact-sm" onClick={() => onOpen(refund.id)} aria-haspopup="dialog" aria-label={detailLabel(refund)}>
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
