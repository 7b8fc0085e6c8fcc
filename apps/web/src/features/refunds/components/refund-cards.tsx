import { Button, Group, Text } from '@mantine/core';
import { PAYMENT_TARGET_LABELS, PAYMENT_TARGETS, refundAmountsByTarget, type TRefundSummary } from '@mutua/contracts/refunds';
import { formatDate, formatEuros, formatPersonName } from '../../../lib/format';
import { detailLabel, openOnClick } from './refunds-table';
import classes from './refunds.module.css';

/**
 * The refunds of one page on a phone: one card each, the amounts written out with their labels
 * (only the payment targets that received something), and the detail action.
 */
export function RefundCards({ refunds, caption, onOpen }: { refunds: TRefundSummary[]; caption: string; onOpen: (id: string) => void }) {
  return (
    <div role="region" aria-label="Liste des remboursements" tabIndex={-1} className={classes.cardsRegion}>
      <Text fw={600} mb="xs" id="refund-cards-caption">
        {caption}
      </Text>
      <ul className={classes.cards} aria-labelledby="refund-cards-caption" data-testid="refund-cards">
        {refunds.map((refund) => {
          const byTarget = refundAmountsByTarget(refund);
          return (
            <li key={refund.id} className={classes.card} data-refund-id={refund.id} onClick={openOnClick(() => onOpen(refund.id))}>
              <Text size="sm">
                {formatDate(refund.careDate)} · {formatPersonName(refund.beneficiary)}
              </Text>
              <Text fw={600}>{refund.actWording}</Text>
              <Text size="xs" mb={6}>
                {refund.actFamilyLabel}
              </Text>
              <dl className={classes.cardAmounts}>
                <div>
                  <dt>Montant des soins</dt>
                  <dd>{formatEuros(refund.totalCostCents)}</dd>
                </div>
                {PAYMENT_TARGETS.filter((target) => byTarget[target] !== null).map((target) => (
                  <div key={target}>
                    <dt>{PAYMENT_TARGET_LABELS[target]}</dt>
                    <dd className={classes.cardRefund}>{formatEuros(byTarget[target]!)}</dd>
                  </div>
                ))}
              </dl>
              <Group justify="flex-end" mt={4}>
                <Button variant="light" size="compact-sm" onClick={() => onOpen(refund.id)} aria-haspopup="dialog" aria-label={detailLabel(refund)}>
                  Détail
                </Button>
              </Group>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
