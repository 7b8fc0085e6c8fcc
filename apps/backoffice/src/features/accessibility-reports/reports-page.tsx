import { useInputState } from '@mantine/hooks';
import { Alert, Badge, Button, Card, Group, Loader, NativeSelect, Stack, Text, Textarea, Title } from '@mantine/core';
import { LoadState } from '@mutua/ui/load-state';
import {
  ACCESSIBILITY_REPORT_STATUSES,
  ACCESSIBILITY_REPORT_STATUS_LABELS,
  type AccessibilityReportStatus,
  type TBoAccessibilityReport,
} from '@mutua/contracts/accessibility-reports';
import { canHandleCases } from '@mutua/contracts/backoffice';
import { useState, type FormEvent } from 'react';
import { dateTime } from '../../lib/api';
import { useStaffSession } from '../../lib/session';
import { useAnswerReport } from './api/post-accessibility-report-answer';
import { useCloseReport } from './api/post-accessibility-report-close';
import { useAccessibilityReports } from './api/get-accessibility-reports';

/**
 * « Accessibilité » of the back office: the problems visitors reported from the accessibility
 * statement, for the staff member's tenants. Those who handle cases answer (by e-mail to the
 * reporter) and close; the others read.
 */
export function AccessibilityReportsPage() {
  const [status, setStatus] = useState<AccessibilityReportStatus | ''>('');
  const reports = useAccessibilityReports(status);
  const role = useStaffSession().data?.staff?.role;
  const canAnswer = !!role && canHandleCases(role);
  return (
    <Stack>
      <Title order={1} size="h2">
        Signalements d’accessibilité
      </Title>
      <NativeSelect
        label="Afficher"
        maw={280}
        value={status}
        onChange={(e) => setStatus(e.currentTarget.value as AccessibilityReportStatus | '')}
        data={[{ value: '', label: 'Tous' }, ...ACCESSIBILITY_REPORT_STATUSES.map((s) => ({ value: s, label: ACCESSIBILITY_REPORT_STATUS_LABELS[s] }))]}
      />
      <LoadState query={reports} title="Les signalements n’ont pas pu être chargés" loading={<Loader aria-label="Chargement des signalements" />} />
      {reports.data?.length === 0 && <Text>Aucun signalement.</Text>}
      {reports.data?.map((r) => (
        <ReportCard key={r.id} report={r} canAnswer={canAnswer} />
      ))}
    </Stack>
  );
}

function ReportCard({ report, canAnswer }: { report: TBoAccessibilityReport; canAnswer: boolean }) {
  const answer = useAnswerReport();
  const close = useCloseReport();
  const [text, setText] = useInputState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const titleId = `report-${report.id}`;
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFieldError(null);
    answer.mutate({ id: report.id, answer: text }, { onError: (error) => setFieldError(error.message), onSuccess: () => setText('') });
  };
  return (
    <Card withBorder component="article" aria-labelledby={titleId} data-testid="a11y-report">
      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap">
          <Title order={2} size="h4" id={titleId}>
            {report.page}
          </Title>
          <Badge color={report.status === 'OPEN' ? 'red.9' : report.status === 'ANSWERED' ? 'teal.9' : 'gray.7'}>
            {ACCESSIBILITY_REPORT_STATUS_LABELS[report.status]}
          </Badge>
        </Group>
        <Text size="sm">
          Reçu le {dateTime(report.receivedAt)} de {report.name || 'un visiteur'} ({report.email}), {report.tenantId}
        </Text>
        <Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{report.description}</Text>
        {report.answer && (
          <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            <strong>
              Réponse de {report.answeredBy ?? 'un agent'} le {dateTime(report.answeredAt!)}&nbsp;:
            </strong>{' '}
            {report.answer}
          </Text>
        )}
        {canAnswer && report.status === 'OPEN' && (
          <form onSubmit={submit} aria-label={`Répondre au signalement « ${report.page} »`} noValidate>
            <Stack gap="xs">
              <Textarea label="Réponse envoyée par e-mail" autosize minRows={3} maxLength={4000} value={text} onChange={setText} error={fieldError} />
              <Group>
                <Button type="submit" loading={answer.isPending}>
                  Envoyer la réponse
                </Button>
              </Group>
            </Stack>
          </form>
        )}
        {canAnswer && report.status !== 'CLOSED' && (
          <Group>
            <Button variant="default" loading={close.isPending} onClick={() => close.mutate(report.id)}>
              Clore le signalement
            </Button>
          </Group>
        )}
        {close.error && (
          <Alert color="red" role="alert">
            {close.error.message}
          </Alert>
        )}
      </Stack>
    </Card>
  );
}
