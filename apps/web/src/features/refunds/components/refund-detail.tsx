import { DataList, Drawer, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { PAYMENT_TARGET_LABELS, REFUND_STAGE_LABELS, type TRefundAct, type TRefundDetail, type TRefundSummary } from '@mutua/contracts/refunds';
import { useId } from 'react';
import { CareLineDetail, CareLineFigures } from '../../../components/care-line';
import { DownloadButton } from '../../../components/download-button';
import { DOWNLOAD_FAILED } from '../../../lib/download';
import { formatDate, formatEuros, formatPersonName } from '../../../lib/format';
import { useDownloadStatement } from '../api/download-statement';
import { useRefund } from '../api/get-refund';
import classes from './refunds.module.css';
import { LoadState } from '../../../components/load-state';
import { TalkToAdvisor } from '../../../components/talk-to-advisor';
import { DataRow } from '../../../components/data-row';

/**
 * The line's sentence: the engine's, unless staff corrected the mutuelle's part (the engine's sentence
 * then names an amount that was not paid).
 */
export function lineSentence(act: TRefundAct): string {
  if (!act.correction) return act.explanation;
  return `Remboursement ajusté par nos services\u00a0: votre mutuelle vous rembourse ${formatEuros(act.amcCents)} (le calcul automatique donnait ${formatEuros(act.correction.engineAmcCents)})\u00a0; il vous reste ${formatEuros(act.remainingCents)}.`;
}

/** Where the money is: once the transfer left, when it was issued and when it should reach the account. */
export function refundStageText(refund: Pick<TRefundSummary, 'stage' | 'paymentDate' | 'expectedArrivalDate' | 'paymentTarget'>): string {
  if (refund.stage === 'transfer_issued' && refund.expectedArrivalDate) {
    return `Virement émis le ${formatDate(refund.paymentDate, 'long')} — arrivée estimée le ${formatDate(refund.expectedArrivalDate, 'long')}`;
  }
  if (refund.stage === 'validated' && (refund.paymentTarget === 'insured' || refund.paymentTarget === 'bank_account'))
    return 'Validé — virement en préparation';
  return REFUND_STAGE_LABELS[refund.stage];
}

/**
 * One line of the décompte: its figures as the engine computed them, the guarantee applied, the limit
 * met, who was paid. A refund of one line says its sentence and payee once, above.
 */
function RefundLine({ act, refund, only }: { act: TRefundAct; refund: TRefundDetail; only: boolean }) {
  const titleId = useId();
  return (
    <article className={classes.line} aria-labelledby={titleId} data-testid="refund-line">
      <Stack gap="sm">
        <div>
          <Title order={4} size="h5" id={titleId}>
            {act.wording}{' '}
            <Text span size="xs" fw={400} c="gray.7">
              ({act.actCode})
            </Text>
          </Title>
          <Text size="sm" c="gray.7">
            Soins du {formatDate(act.careDate, 'long')}
            {act.quantity > 1 ? ` · ${act.quantity}\u00a0actes` : ''}
          </Text>
        </div>
        {!only && lineSentence(act) && <Text fw={500}>{lineSentence(act)}</Text>}
        <CareLineDetail line={act} guarantee={act.guarantee?.label ?? (act.engineVersion ? null : undefined)}>
          {act.correction && (
            <DataRow label="Montant ajusté par nos services">
              Le calcul automatique donnait {formatEuros(act.correction.engineAmcCents)}&nbsp;; votre mutuelle a retenu {formatEuros(act.amcCents)}.
            </DataRow>
          )}
          {!only && (
            <DataRow label="Versement">
              {PAYMENT_TARGET_LABELS[refund.paymentTarget]}, le {formatDate(refund.paymentDate, 'long')}
            </DataRow>
          )}
        </CareLineDetail>
      </Stack>
    </article>
  );
}

/** The refund as a member reads a décompte: the three figures first, then who, when, to whom, then each line explained. */
export function RefundDetailContent({ refund, insurerName }: { refund: TRefundDetail; insurerName: string }) {
  // On a phone, each label above its value: side by side, the values would be a few letters wide.
  const phone = useMediaQuery('(max-width: 36em)');
  const statement = useDownloadStatement({ onError: () => notifications.show({ color: 'red', ...DOWNLOAD_FAILED }) });
  const only = refund.acts.length === 1 ? refund.acts[0] : undefined;
  return (
    <Stack gap="lg">
      <CareLineFigures
        line={{
          amoNetCents: refund.socialSecurityCents,
          amcCents: refund.productCents,
          remainingCents: refund.remainingChargeCents,
          explanation: only && lineSentence(only),
        }}
        amcLabel={insurerName}
      />
      <DataList size="sm" labelWidth="15rem" withDivider orientation={phone ? 'vertical' : 'horizontal'}>
        <DataRow label="Date des soins">{formatDate(refund.careDate, 'long')}</DataRow>
        <DataRow label="Bénéficiaire">{formatPersonName(refund.beneficiary)}</DataRow>
        <DataRow label="Acte">
          {refund.actWording} ({refund.actFamilyLabel})
        </DataRow>
        {refund.thirdPartyName && <DataRow label="Professionnel de santé">{refund.thirdPartyName}</DataRow>}
        <DataRow label="Montant total des soins">{formatEuros(refund.totalCostCents)}</DataRow>
        {refund.otherMutualCents > 0 && <DataRow label="Remboursement première mutuelle">{formatEuros(refund.otherMutualCents)}</DataRow>}
        <DataRow label="Versement">
          {PAYMENT_TARGET_LABELS[refund.paymentTarget]}, le {formatDate(refund.paymentDate, 'long')}
        </DataRow>
        <DataRow label="Suivi">{refundStageText(refund)}</DataRow>
        <DataRow label="Numéro de décompte">{refund.reference}</DataRow>
      </DataList>

      <div>
        <DownloadButton onClick={() => statement.mutate(refund)} pending={statement.isPending}>
          Télécharger le décompte
        </DownloadButton>
      </div>

      <Stack gap="sm" component="section" aria-labelledby="refund-acts-title">
        <Title order={3} size="h5" id="refund-acts-title">
          {refund.acts.length > 1 ? `Le détail, acte par acte (${refund.acts.length})` : 'Le détail du calcul'}
        </Title>
        {refund.acts.map((act) => (
          <RefundLine key={act.id} act={act} refund={refund} only={refund.acts.length === 1} />
        ))}
      </Stack>
      {refund.acts.some((act) => act.engineVersion && !act.correction) && (
        <Text size="sm" data-testid="refund-advisor">
          Ce remboursement a été calculé automatiquement. Une question sur ce calcul&nbsp;? <TalkToAdvisor origin="automatic_decision" />
        </Text>
      )}
    </Stack>
  );
}

function RefundDetailLoader({ refundId, insurerName }: { refundId: string; insurerName: string }) {
  const refund = useRefund(refundId);
  if (refund.isPending || refund.isError) {
    const loading = (
      <Stack gap="sm" role="status" aria-label="Chargement du remboursement">
        <Skeleton height={24} />
        <Skeleton height={240} />
      </Stack>
    );
    return <LoadState query={refund} title="Ce remboursement ne peut pas être affiché." loading={loading} />;
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
