import { Anchor, Group, Stack, Text, VisuallyHidden } from '@mantine/core';
import type { TRefundSummary } from '@mutua/contracts/refunds';
import { Link } from 'react-router';
import { RouteAction } from '../../../components/route-action';
import { formatDate, formatEuros, formatName } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import { Block, BlockEmpty, BlockLink, BlockList } from './block';
import classes from './dashboard.module.css';

/** The latest refunds of the global details (newest first), each opening its detail on the refunds page. */
export function LatestRefundsBlock({ refunds }: { refunds: TRefundSummary[] }) {
  return (
    <Block title="Mes derniers remboursements" footer={refunds.length > 0 && <BlockLink to={paths.refunds}>Tous mes remboursements</BlockLink>}>
      <BlockList
        items={refunds}
        itemKey={(refund) => refund.id}
        empty={
          <BlockEmpty
            text="Aucun remboursement pour le moment."
            action={
              <RouteAction route="getRefund" variant="light">
                Me faire rembourser
              </RouteAction>
            }
          />
        }
      >
        {(refund) => (
          <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
            <Stack gap={0}>
              <Anchor component={Link} to={`${paths.refunds}?refund=${refund.id}`} className={classes.itemLink}>
                {refund.actWording}
              </Anchor>
              <Text size="sm">
                {formatName(refund.beneficiary.firstName)}, soins du {formatDate(refund.careDate)}
              </Text>
            </Stack>
            <Text className={classes.amount}>
              <VisuallyHidden>Remboursé&nbsp;: </VisuallyHidden>
              {formatEuros(refund.productCents)}
            </Text>
          </Group>
        )}
      </BlockList>
    </Block>
  );
}
