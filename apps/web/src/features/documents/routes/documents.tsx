import { Alert, Button, Loader, Stack, Tabs, Text, Title } from '@mantine/core';
import { DOCUMENT_TABS, DOCUMENT_TAB_LABELS, PAGE_DOCUMENT_KIND_LABELS, PAYMENT_SCHEDULE_TEXTS, type DocumentTab } from '@mutua/contracts/documents';
import { Link, useNavigate, useParams } from 'react-router';
import { DataTable } from '@mutua/ui/data-table';
import { FileDownloadButton } from '../../../components/download-button';
import { PaymentSchedulePanel } from '../../../components/payment-schedule-panel';
import { useGlobalDetails } from '../../../lib/global-details';
import { formatDate } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import { useSubmissionKey } from '../../../lib/submit-form';
import { useDocuments, useDownloadDocument, usePaymentSchedule, useResendPaymentSchedule } from '../api/documents';
import { LoadState } from '../../../components/load-state';

const tabPath = (tab: DocumentTab) => paths.documents.replace(':tab?', tab);

/** Route `documents` (`documents/{tab?}`): the insurer's documents by tab and the member's shared documents, each downloadable. */
export function Component() {
  const params = useParams();
  const navigate = useNavigate();
  const tab: DocumentTab = (DOCUMENT_TABS as readonly string[]).includes(params.tab ?? '') ? (params.tab as DocumentTab) : 'health';
  return (
    <Stack gap="md">
      <Title order={1}>Mes documents</Title>
      <Tabs value={tab} onChange={(value) => value && void navigate(tabPath(value as DocumentTab))} keepMounted={false}>
        <Tabs.List>
          {DOCUMENT_TABS.map((t) => (
            <Tabs.Tab key={t} value={t}>
              {DOCUMENT_TAB_LABELS[t]}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {DOCUMENT_TABS.map((t) => (
          <Tabs.Panel key={t} value={t} pt="md">
            <Stack gap="md">
              {t === 'contribution' && <PaymentSchedules />}
              {t === 'contribution' && <PaymentScheduleResend />}
              <DocumentsTable tab={t} />
            </Stack>
          </Tabs.Panel>
        ))}
      </Tabs>
    </Stack>
  );
}

function DocumentsTable({ tab }: { tab: DocumentTab }) {
  const documents = useDocuments(tab);
  const download = useDownloadDocument();
  if (documents.isPending || documents.isError)
    return (
      <LoadState
        query={documents}
        message="Vos documents n’ont pas pu être chargés. Réessayez dans quelques instants."
        loading={<Loader size="sm" aria-label="Chargement des documents" />}
      />
    );
  if (documents.data.length === 0)
    return tab === 'shared' ? (
      <Text>
        Vous n’avez partagé aucun document. <Link to={paths.docSharing.replace('/:data?', '')}>Partager un justificatif</Link>
      </Text>
    ) : (
      <Text>Aucun document dans cette rubrique pour le moment.</Text>
    );
  return (
    <DataTable
      striped
      label={`Documents\u00a0: ${DOCUMENT_TAB_LABELS[tab]}`}
      rows={documents.data}
      rowKey={(doc) => doc.id}
      columns={[
        { header: 'Nom', rowHeader: true, cell: (doc) => doc.name },
        { header: 'Date d’upload', cell: (doc) => formatDate(doc.uploadedOn) },
        { header: 'Type', cell: (doc) => PAGE_DOCUMENT_KIND_LABELS[doc.kind] },
        {
          header: 'Télécharger',
          hideHeader: true,
          cell: (doc) => (
            <FileDownloadButton name={doc.name} pending={download.isPending && download.variables?.id === doc.id} onClick={() => download.mutate(doc)} />
          ),
        },
      ]}
    />
  );
}

/** The payment schedule of each individual contract: coming debits and the PDF (none for collective contracts). */
function PaymentSchedules() {
  const schedules = useGlobalDetails((d) => d.insured.paymentSchedules).data ?? [];
  return schedules.map((schedule) => <PaymentSchedulePanel key={schedule.insurerContract} schedule={schedule} headingOrder={2} />);
}

/** Individually debited contributions only: ask that the payment schedule be posted (once per 24 hours). */
function PaymentScheduleResend() {
  const state = usePaymentSchedule();
  const submission = useSubmissionKey();
  const resend = useResendPaymentSchedule();
  if (!state.data?.offered) return null;
  if (resend.isSuccess || state.data.availableAgainAt)
    return (
      <Alert color="teal" variant="light" role="status">
        {resend.isSuccess ? PAYMENT_SCHEDULE_TEXTS.sent : PAYMENT_SCHEDULE_TEXTS.already}
      </Alert>
    );
  return (
    <Stack gap="xs" align="flex-start">
      {resend.error && (
        <Alert color="red" variant="light" role="alert">
          {resend.error.message}
        </Alert>
      )}
      <Button variant="light" loading={resend.isPending} onClick={() => resend.mutate(submission.key)}>
        {PAYMENT_SCHEDULE_TEXTS.button}
      </Button>
      <Text size="xs" c="gray.7">
        Il vous sera envoyé par courrier sous 24&nbsp;heures.
      </Text>
    </Stack>
  );
}
