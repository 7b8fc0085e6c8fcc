import { Alert, DataList, Drawer, Skeleton, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { PAYMENT_TARGET_LABELS, type TRefundDetail } from '@mutua/contracts';
import { DownloadButton } from '../../../components/download-button';
import { DOWNLOAD_FAILED } from '../../../lib/download';
import { formatDate, formatEuros, formatPersonName } from '../../../lib/format';
import { useDownloadStatement } from '../api/download-statement';
import { useRefund } from '../api/get-refund';
import type { ReactNode } from 'react';
import classes from './refunds.module.css';

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <DataList.Item>
      <DataList.ItemLabel>{label}</DataList.ItemLabel>
      <DataList.ItemValue>{children}</DataList.ItemValue>
    </DataList.Item>
  );
}

/** The refund's amounts (member-features.md §2 refund detail panel), its sub-acts and their billing. */
export function RefundDetailContent({ refund, insurerName }: { refund: TRefundDetail; insurerName: string }) {
  // On a phone, each label above its value: side by side, the values would be a few letters wide.
  const phone = useMediaQuery('(max-width: 36em)');
  const statement = useDownloadStatement({ onError: () => notifications.show({ color: 'red', ...DOWNLOAD_FAILED }) });
  return (
    <Stack gap="lg">
      <DataList size="sm" labelWidth="15rem" withDivider orientation={phone ? 'vertical' : 'horizontal'}>
        <Row label="Date des soins">{formatDate(refund.careDate, 'long')}</Row>
        <Row label="Bénéficiaire">{formatPersonName(refund.beneficiary)}</Row>
        <Row label="Acte">
          {refund.actWording} ({refund.actFamilyLabel})
        </Row>
        {refund.thirdPartyName && <Row label="Professionnel de santé">{refund.thirdPartyName}</Row>}
        <Row label="Montant total des soins">{formatEuros(refund.totalCostCents)}</Row>
        <Row label="Remboursement Sécurité sociale">
          {formatEuros(refund.socialSecurityCents)} (taux {refund.socialSecurityRate} %)
        </Row>
        <Row label="Remboursement première mutuelle">{formatEuros(refund.otherMutualCents)}</Row>
        <Row label={`Remboursement ${insurerName}`}>
          <strong>{formatEuros(refund.productCents)}</strong>
        </Row>
        <Row label="Reste à charge">{formatEuros(refund.remainingChargeCents)}</Row>
        <Row label="Versement">
          {PAYMENT_TARGET_LABELS[refund.paymentTarget]}, le {formatDate(refund.paymentDate, 'long')}
        </Row>
        <Row label="Numéro de décompte">{refund.reference}</Row>
      </DataList>

      <div>
        <DownloadButton onClick={() => statement.mutate(refund)} pending={statement.isPending}>
          Télécharger le décompte
        </DownloadButton>
      </div>

      {/* The scrolling table inside is a region of its own: its name differs from its section's (landmark-unique). */}
      <Stack gap="xs" component="section" aria-labelledby="refund-acts-title">
        <Title order={3} size="h5" id="refund-acts-title">
          Détail par acte
        </Title>
        <div className={classes.tableRegion} role="region" aria-label="Tableau du détail par acte" tabIndex={0}>
          <Table className={classes.subTable} verticalSpacing="xs" data-testid="refund-acts">
            <caption className={classes.caption}>
              <VisuallyHidden>Remboursements de chaque acte</VisuallyHidden>
            </caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Acte</Table.Th>
                <Table.Th scope="col">Date</Table.Th>
                <Table.Th scope="col" className={classes.num}>
                  Sécurité sociale
                </Table.Th>
                <Table.Th scope="col" className={classes.num}>
                  Première mutuelle
                </Table.Th>
                <Table.Th scope="col" className={classes.num}>
                  {insurerName}
                </Table.Th>
                <Table.Th scope="col" className={classes.num}>
                  Reste à charge
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {refund.acts.map((act) => (
                <Table.Tr key={act.id}>
                  <Table.Th scope="row" fw={500}>
                    {act.wording} <Text span size="xs">({act.actCode})</Text>
                  </Table.Th>
                  <Table.Td className={classes.nowrap}>{formatDate(act.careDate)}</Table.Td>
                  <Table.Td className={classes.num}>
                    {formatEuros(act.socialSecurityCents)} ({act.socialSecurityRate} %)
                  </Table.Td>
                  <Table.Td className={classes.num}>{formatEuros(act.otherMutualCents)}</Table.Td>
                  <Table.Td className={classes.num}>{formatEuros(act.productCents)}</Table.Td>
                  <Table.Td className={classes.num}>{formatEuros(act.remainingChargeCents)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </div>
      </Stack>

      <Stack gap="xs" component="section" aria-labelledby="refund-billing-title">
        <Title order={3} size="h5" id="refund-billing-title">
          Facturation des actes
        </Title>
        <div className={classes.tableRegion} role="region" aria-label="Tableau de la facturation des actes" tabIndex={0}>
          <Table className={classes.subTable} verticalSpacing="xs" data-testid="refund-billing">
            <caption className={classes.caption}>
              <VisuallyHidden>Montants facturés et base de remboursement de chaque acte</VisuallyHidden>
            </caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Acte</Table.Th>
                <Table.Th scope="col" className={classes.num}>
                  Quantité
                </Table.Th>
                <Table.Th scope="col" className={classes.num}>
                  Montant facturé
                </Table.Th>
                <Table.Th scope="col" className={classes.num}>
                  Base de remboursement
                </Table.Th>
                <Table.Th scope="col" className={classes.num}>
                  Dépassement
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {refund.acts.map((act) => (
                <Table.Tr key={act.id}>
                  <Table.Th scope="row" fw={500}>
                    {act.wording}
                  </Table.Th>
                  <Table.Td className={classes.num}>{act.quantity}</Table.Td>
                  <Table.Td className={classes.num}>{formatEuros(act.billedCents)}</Table.Td>
                  <Table.Td className={classes.num}>{formatEuros(act.socialSecurityBaseCents)}</Table.Td>
                  <Table.Td className={classes.num}>{formatEuros(act.overrunCents)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </div>
      </Stack>
    </Stack>
  );
}

function RefundDetailLoader({ refundId, insurerName }: { refundId: string; insurerName: string }) {
  const refund = useRefund(refundId);
  if (refund.isPending) {
    return (
      <Stack gap="sm" role="status" aria-label="Chargement du remboursement">
        <Skeleton height={24} />
        <Skeleton height={240} />
      </Stack>
    );
  }
  if (refund.isError) {
    return (
      <Alert color="red" role="alert" title="Ce remboursement ne peut pas être affiché.">
        {refund.error.message}
      </Alert>
    );
  }
  return <RefundDetailContent refund={refund.data} insurerName={insurerName} />;
}

/** The refund detail panel: a side panel (full screen on phones) over the refunds page. */
export function RefundDetailPanel({ refundId, insurerName, onClose }: { refundId: string | null; insurerName: string; onClose: () => void }) {
  const phone = useMediaQuery('(max-width: 36em)');
  return (
    <Drawer
      opened={refundId !== null}
      onClose={onClose}
      position="right"
      size={phone ? '100%' : 'xl'}
      title="Détail du remboursement"
      closeButtonProps={{ 'aria-label': 'Fermer' }}
    >
      {refundId && <RefundDetailLoader refundId={refundId} insurerName={insurerName} />}
    </Drawer>
  );
}
