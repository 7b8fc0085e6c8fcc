import './styles';
import { Button, EmptyState, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { openRibOf, type TBankAccount, type TBankDetails, type TPendingRefundChange } from '@mutua/contracts/bank-details';
import type { ReactNode } from 'react';
import { Link, generatePath } from 'react-router';
import { DownloadButton } from '../../../components/download-button';
import { PendingRefundChange } from '../../../components/pending-refund-change';
import { DOWNLOAD_FAILED } from '../../../lib/download';
import { formatDate, formatPersonName } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import { useBankDetails } from '../api/get-bank-details';
import { useDownloadSignedMandate } from '../api/signature';
import { AccountDetails, Details } from '../components/account-details';
import { LoadState } from '../../../components/load-state';
import { DataRow } from '../../../components/data-row';

const ribLink = (target: 'contribution' | 'refund', familyPosition = 1) => generatePath(paths.updateRib, { openRib: openRibOf(target, familyPosition) });

/** « Modifier » an account: the way to its change form, named after the account for screen readers. */
function ChangeButton({ to, label, compact }: { to: string; label: string; compact?: boolean }) {
  return (
    <Button variant="outline" size={compact ? 'compact-sm' : undefined} component={Link} to={to} aria-label={label}>
      Modifier
    </Button>
  );
}

function Section({ id, title, children, action }: { id: string; title: string; children: ReactNode; action?: ReactNode }) {
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby={id}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Title order={2} size="h3" id={id}>
            {title}
          </Title>
          {action}
        </Group>
        {children}
      </Stack>
    </Paper>
  );
}

function AccountOrEmpty({
  account,
  empty,
  addLabel,
  to,
  pending,
}: {
  account: TBankAccount | null;
  empty: string;
  addLabel: string;
  to: string;
  pending?: boolean;
}) {
  if (account) return <AccountDetails account={account} />;
  return (
    <EmptyState align="left" size="sm" title={empty}>
      {/* A change being checked: no second one until it is decided. */}
      {!pending && (
        <EmptyState.Actions>
          <Button component={Link} to={to}>
            {addLabel}
          </Button>
        </EmptyState.Actions>
      )}
    </EmptyState>
  );
}

/** « Compte en vigueur » above the account when a change is being checked, so the two are told apart. */
function InForceLabel({ pending }: { pending: TPendingRefundChange | null }) {
  return pending ? (
    <Text size="sm" fw={600} c="dimmed">
      Compte en vigueur
    </Text>
  ) : null;
}

function Mandate({ mandate }: { mandate: NonNullable<TBankDetails['mandate']> }) {
  const download = useDownloadSignedMandate({ onError: () => notifications.show({ color: 'red', ...DOWNLOAD_FAILED }) });
  return (
    <Stack gap="xs" data-testid="mandate-in-force">
      <Title order={3} size="h4">
        Mandat de prélèvement SEPA en vigueur
      </Title>
      <Details>
        <DataRow label="Référence (RUM)">{mandate.rum}</DataRow>
        <DataRow label="Signé le">{formatDate(mandate.signedAt, 'long')}</DataRow>
        <DataRow label="Lieu de signature">{mandate.place}</DataRow>
        <DataRow label="Compte débité">{mandate.ibanMasked}</DataRow>
      </Details>
      <Group>
        <DownloadButton variant="outline" pending={download.isPending} onClick={() => download.mutate({ mandateId: mandate.id, rum: mandate.rum })}>
          Télécharger le mandat signé
        </DownloadButton>
      </Group>
    </Stack>
  );
}

/** Route `bankingInfo`: contribution and refund bank details, each beneficiary's, the mandate in force. */
export function Component() {
  const details = useBankDetails();
  return (
    <Stack gap="lg">
      <Title order={1}>Mes coordonnées bancaires</Title>
      <LoadState query={details} title="Vos coordonnées bancaires n’ont pas pu être chargées" loading={320} />
      {details.data && (
        <>
          <Section
            id="bank-contribution"
            title="Prélèvement des cotisations"
            action={details.data.contribution && <ChangeButton to={ribLink('contribution')} label="Modifier le compte de prélèvement des cotisations" />}
          >
            {!details.data.contributionsDebited && (
              <Text size="sm">Vos cotisations sont réglées par votre employeur&nbsp;; ce compte sert aux cotisations que vous réglez vous-même.</Text>
            )}
            <AccountOrEmpty
              account={details.data.contribution}
              empty="Aucun compte de prélèvement n’est enregistré."
              addLabel="Ajouter un compte de prélèvement"
              to={ribLink('contribution')}
            />
            {details.data.mandate ? (
              <Mandate mandate={details.data.mandate} />
            ) : (
              details.data.contribution && <Text size="sm">Aucun mandat signé en ligne pour l’instant.</Text>
            )}
          </Section>

          <Section
            id="bank-refund"
            title="Remboursement de vos prestations"
            action={details.data.refund && <ChangeButton to={ribLink('refund')} label="Modifier le compte de remboursement de l’assuré principal" />}
          >
            {details.data.refund && <InForceLabel pending={details.data.pendingRefund} />}
            <AccountOrEmpty
              account={details.data.refund}
              empty="Aucun compte de remboursement n’est enregistré."
              addLabel="Ajouter un compte de remboursement"
              to={ribLink('refund')}
              pending={!!details.data.pendingRefund}
            />
            {details.data.pendingRefund && <PendingRefundChange pending={details.data.pendingRefund} testId="pending-refund-1" />}
          </Section>

          {details.data.beneficiaries.length > 0 && (
            <Section id="bank-beneficiaries" title="Remboursements de vos bénéficiaires">
              <Stack gap="md">
                {details.data.beneficiaries.map((b) => {
                  const name = formatPersonName(b);
                  return (
                    <Stack key={b.familyPosition} gap="xs" data-testid={`beneficiary-account-${b.familyPosition}`}>
                      <Group justify="space-between" wrap="wrap" gap="xs">
                        <Title order={3} size="h4">
                          {name}
                        </Title>
                        <ChangeButton compact to={ribLink('refund', b.familyPosition)} label={`Modifier le compte de remboursement de ${name}`} />
                      </Group>
                      <InForceLabel pending={b.pending} />
                      {b.account ? <AccountDetails account={b.account} /> : <Text size="sm">Identique à l’assuré principal</Text>}
                      {b.pending && <PendingRefundChange pending={b.pending} testId={`pending-refund-${b.familyPosition}`} />}
                    </Stack>
                  );
                })}
              </Stack>
            </Section>
          )}
        </>
      )}
    </Stack>
  );
}
