import { Alert, Button, Group, List, Stack, Table, Text } from '@mantine/core';
import {
  TERMINATION_BASIS_LABELS,
  TERMINATION_EFFECTS,
  TERMINATION_KIND_LABELS,
  TERMINATION_REASON_LABELS,
  isSituationReason,
  type TTermination,
} from '@mutua/contracts/termination';
import { notifications } from '@mantine/notifications';
import { useEffect, useRef, useState } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { DownloadButton } from '../../../components/download-button';
import { dayjs } from '../../../lib/dayjs';
import { DOWNLOAD_FAILED } from '../../../lib/download';
import { formatDate, formatName } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import { useConfirmTermination, useDownloadAcknowledgement } from '../api/terminations';
import { isSummaryState, type FormState } from '../components/termination-state';
import { SendError } from '../../../components/send-error';
import { RequestLinks } from '../components/request-links';

function SummaryTable({ t }: { t: TTermination }) {
  const rows: [string, string][] = [
    ['Nom et prénom', `${t.surName} ${t.firstName}`],
    ['Adresse e-mail', t.email],
    ['Numéro d’adhérent', t.membershipNumber],
    ['Contrat', `${t.contractLabel} (n° ${t.insurerContract})`],
    ['Résiliation demandée', TERMINATION_KIND_LABELS[t.kind]],
    ...(t.options.length ? ([['Options', t.options.map((o) => o.label).join(', ')]] as [string, string][]) : []),
    ['Personnes concernées', t.persons.map((p) => `${formatName(p.firstName)} ${formatName(p.surName)}`).join(', ')],
    ['Motif', TERMINATION_REASON_LABELS[t.reason] + (t.reasonText ? `\u00a0: ${t.reasonText}` : '')],
    ...(t.date ? ([[isSituationReason(t.reason) ? 'Date de l’événement' : 'Date souhaitée', formatDate(t.date, 'long')]] as [string, string][]) : []),
    ['Date d’effet de la résiliation', formatDate(t.effectiveDate, 'long')],
    ['Dernier jour couvert', formatDate(t.lastCoveredDate, 'long')],
  ];
  return (
    <Table withTableBorder fz="sm" variant="vertical" layout="fixed">
      <Table.Tbody>
        {rows.map(([label, value]) => (
          <Table.Tr key={label}>
            <Table.Th scope="row" w="40%">
              {label}
            </Table.Th>
            <Table.Td style={{ overflowWrap: 'anywhere' }}>{value}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/**
 * Route `paidOptionsSummary` (dialog: the confirmation, the acknowledgement, its effects): reachable only from paid-options (else
 * home); the member checks, corrects (back to the form, filled in) or confirms with « Confirmer ma
 * demande de résiliation »; then the acknowledgement with the date and time received and its PDF.
 */
export function Component() {
  const location = useLocation();
  const navigate = useNavigate();
  const state = isSummaryState(location.state) ? location.state : null;
  const confirm = useConfirmTermination();
  const download = useDownloadAcknowledgement();
  const [done, setDone] = useState<TTermination | null>(null);
  const ackRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (done) ackRef.current?.focus();
  }, [done]);

  if (!state) return <Navigate to={paths.home} replace />;

  if (done) {
    return (
      <Stack gap="md">
        <Alert
          ref={ackRef}
          tabIndex={-1}
          color="teal"
          variant="light"
          role="status"
          title="Votre demande de résiliation a bien été reçue"
          data-testid="termination-ack"
        >
          <Stack gap="xs">
            <Text size="sm">
              Reçue le {formatDate(done.receivedAt, 'long')} à {dayjs(done.receivedAt).format('H[\u00a0h\u00a0]mm')}. Date d’effet de la résiliation&nbsp;:{' '}
              <strong>{formatDate(done.effectiveDate, 'long')}</strong> (vous êtes couvert jusqu’au {formatDate(done.lastCoveredDate, 'long')} inclus).
            </Text>
            <Text size="sm">{TERMINATION_BASIS_LABELS[done.basis]}</Text>
            <Text size="sm">Un accusé de réception vous a été envoyé à {done.email}.</Text>
          </Stack>
        </Alert>
        <Group gap="sm" wrap="wrap">
          <DownloadButton
            pending={download.isPending}
            onClick={() => download.mutate(done, { onError: () => notifications.show({ color: 'red', ...DOWNLOAD_FAILED }) })}
          >
            Télécharger l’accusé de réception (PDF)
          </DownloadButton>
          <RequestLinks requestId={done.requestId} />
        </Group>
      </Stack>
    );
  }

  const t = state.termination;
  const back = () => void navigate(paths.paidOptions, { state: { form: state.form } satisfies FormState, replace: true });
  return (
    <Stack gap="md">
      <Text size="sm">Vérifiez votre demande avant de la confirmer. Vous pouvez revenir au formulaire pour la corriger.</Text>
      <SummaryTable t={t} />
      <Text size="sm">{TERMINATION_BASIS_LABELS[t.basis]} La date d’effet est recalculée au jour de réception de votre confirmation.</Text>
      <section aria-labelledby="termination-effects">
        <Text size="sm" fw={600} id="termination-effects">
          Effets de la résiliation&nbsp;:
        </Text>
        <List size="sm" spacing={4} mt={4}>
          {TERMINATION_EFFECTS.map((e) => (
            <List.Item key={e}>{e}</List.Item>
          ))}
        </List>
      </section>
      <SendError error={confirm.error} title="Votre demande n’a pas pu être confirmée" />
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Button variant="default" onClick={back}>
          Modifier ma demande
        </Button>
        <Button loading={confirm.isPending} onClick={() => confirm.mutate(t.id, { onSuccess: setDone })}>
          Confirmer ma demande de résiliation
        </Button>
      </Group>
    </Stack>
  );
}
