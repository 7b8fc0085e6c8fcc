import './styles';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { BANK_DETAILS_TEXTS, parseOpenRib, type TBankDetailsChangeResult, type TMandateSigned } from '@mutua/contracts/bank-details';
import { MEMBER_ERRORS } from '@mutua/contracts/errors';
import { useEffect, useRef, useState } from 'react';
import { Link, useParams } from 'react-router';
import { DownloadButton } from '../../../components/download-button';
import { PendingRefundChange } from '../../../components/pending-refund-change';
import { useRouteDialog } from '../../../components/route-dialog';
import { DOWNLOAD_FAILED } from '../../../lib/download';
import { formatPersonName } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import { useBankDetails } from '../api/get-bank-details';
import { useDownloadSignedMandate } from '../api/signature';
import { ChangeForm } from '../components/change-form';
import { MandateSignature } from '../components/mandate-signature';
import { LoadState } from '../../../components/load-state';

/** A confirmation that takes the focus (the form it replaces is gone). */
function Done({ children, actions }: { children: React.ReactNode; actions: React.ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <Stack gap="md">
      <Alert ref={ref} tabIndex={-1} color="green" variant="light" title={BANK_DETAILS_TEXTS.success} data-testid="bank-change-done">
        {children}
      </Alert>
      <Group justify="flex-end" gap="sm">
        {actions}
      </Group>
    </Stack>
  );
}

/** Route `updateRib` (dialog « Modifier mes coordonnées bancaires »): update-rib/{contribution | refund | refund-N}. */
export function Component() {
  const { openRib } = useParams();
  const dialog = useRouteDialog();
  const which = parseOpenRib(openRib);
  const details = useBankDetails();
  const [result, setResult] = useState<TBankDetailsChangeResult | null>(null);
  const [signed, setSigned] = useState<TMandateSigned | null>(null);
  const download = useDownloadSignedMandate({ onError: () => notifications.show({ color: 'red', ...DOWNLOAD_FAILED }) });

  if (!which) {
    return (
      <Stack gap="md">
        <Alert color="red" variant="light" role="alert" title="Compte inconnu">
          Ce compte n’existe pas. Choisissez le compte à modifier sur la page de vos coordonnées bancaires.
        </Alert>
        <Group justify="flex-end">
          <Button component={Link} to={paths.bankingInfo} replace>
            Mes coordonnées bancaires
          </Button>
        </Group>
      </Stack>
    );
  }
  if (details.isPending || details.isError) return <LoadState query={details} title={BANK_DETAILS_TEXTS.changeError} loading={240} />;
  const person = which.familyPosition === 1 ? null : details.data.beneficiaries.find((b) => b.familyPosition === which.familyPosition);
  if (which.familyPosition !== 1 && !person) {
    return (
      <Alert color="red" variant="light" role="alert" title="Bénéficiaire inconnu">
        Ce bénéficiaire ne figure pas sur votre contrat.
      </Alert>
    );
  }
  const current = which.target === 'contribution' ? details.data.contribution : person ? (person.account ?? details.data.refund) : details.data.refund;
  const pending = which.target === 'contribution' ? null : person ? person.pending : details.data.pendingRefund;
  const who = person ? formatPersonName(person) : null;
  const subject =
    which.target === 'contribution'
      ? 'Compte de prélèvement des cotisations'
      : who
        ? `Compte de remboursement de ${who}`
        : 'Compte de remboursement de vos prestations';

  if (signed) {
    return (
      <Done
        actions={
          <>
            <DownloadButton variant="outline" pending={download.isPending} onClick={() => download.mutate({ mandateId: signed.mandateId, rum: signed.rum })}>
              Télécharger le mandat signé
            </DownloadButton>
            <Button onClick={dialog.close}>Terminer</Button>
          </>
        }
      >
        Votre mandat de prélèvement SEPA {signed.rum} est signé. Vos prochaines cotisations seront prélevées sur ce compte.
      </Done>
    );
  }
  if (result?.status === 'REQUEST_SENT') {
    // The spec's title says « validée »; the account changes only once the RIB copy is checked (security
    // wins: a taken-over session must not redirect refunds), and the text says so.
    return (
      <Done
        actions={
          <>
            <Button variant="outline" component={Link} to={`${paths.requests}?request=${result.requestId}`}>
              Voir ma demande
            </Button>
            <Button onClick={dialog.close}>Terminer</Button>
          </>
        }
      >
        {BANK_DETAILS_TEXTS.refundRequestSent}
      </Done>
    );
  }
  // One refund account change at a time: the one being checked is shown instead of the form.
  if (pending) {
    return (
      <Stack gap="md">
        <Text fw={600}>{subject}</Text>
        {current && (
          <Text size="sm">
            Compte en vigueur&nbsp;: {current.ibanMasked} ({current.holder})
          </Text>
        )}
        <PendingRefundChange pending={pending} />
        <Text size="sm">{MEMBER_ERRORS.BANK_CHANGE_PENDING.message}</Text>
        <Group justify="flex-end">
          <Button onClick={dialog.close}>Terminer</Button>
        </Group>
      </Stack>
    );
  }

  return (
    <Stack gap="md">
      <Text fw={600}>{subject}</Text>
      {current && !result && (
        <Text size="sm">
          Compte actuel&nbsp;: {current.ibanMasked} ({current.holder})
        </Text>
      )}
      {!result && (
        <ChangeForm
          target={which.target}
          familyPosition={which.familyPosition}
          defaultHolder={current?.holder ?? ''}
          onCancel={dialog.close}
          onDone={setResult}
        />
      )}
      {result?.status === 'AWAITING_SIGNATURE' &&
        (result.signature.kind === 'inline' ? (
          <MandateSignature changeId={result.changeId} mandate={result.mandate} mobile={result.mobile} onSigned={setSigned} onCancel={dialog.close} />
        ) : (
          <Stack gap="sm">
            <Text size="sm">La signature du mandat se fait sur le site de notre partenaire de signature électronique.</Text>
            <Group justify="flex-end">
              <Button component="a" href={result.signature.url}>
                Signer chez notre partenaire
              </Button>
            </Group>
          </Stack>
        ))}
    </Stack>
  );
}
