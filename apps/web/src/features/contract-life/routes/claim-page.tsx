import { Alert, Button, Group, List, NativeSelect, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  COMPLAINT_COMMENT_MAX,
  COMPLAINT_PROCESS,
  COMPLAINT_SUBJECT_MAX,
  COMPLAINT_THEME_LABELS,
  COMPLAINT_THEMES,
  ZComplaintFields,
  type TComplaintSent,
} from '@mutua/contracts/complaints';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { AttachmentsField } from '../../../components/attachments-field';
import { DownloadButton } from '../../../components/download-button';
import { useServerFieldErrors, useZodForm, formField } from '../../../components/zod-form';
import { DOWNLOAD_FAILED } from '../../../lib/download';
import { formatDate } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import { useSubmissionKey } from '../../../lib/submit-form';
import { useDownloadComplaintCopy, useSendComplaint } from '../api/complaints';
import { Mediator } from '../components/mediator';
import { Form } from '../../../components/form';
import { SendError } from '../../../components/send-error';
import { CommentField } from '../../../components/comment-field';

const THEME_OPTIONS = [{ value: '', label: 'Choisissez un thème' }, ...COMPLAINT_THEMES.map((t) => ({ value: t, label: COMPLAINT_THEME_LABELS[t] }))];

/**
 * Route `claimPage` (dialog): the complaint process first (deadlines, mediator), then subject, theme,
 * comment and files; once sent, the two deadlines and the dated copy (PDF).
 */
export function Component() {
  const [attachments, setAttachments] = useState<File[]>([]);
  const [sent, setSent] = useState<TComplaintSent | null>(null);
  const submission = useSubmissionKey();
  const send = useSendComplaint();
  const form = useZodForm(ZComplaintFields, {
    defaultValues: { subject: '', theme: '' as never, comment: '' },
    labels: { subject: 'Objet', theme: 'Thème', comment: 'Commentaire' },
  });
  useServerFieldErrors(form, send.error);

  if (sent) return <ComplaintSent sent={sent} />;

  return (
    <Stack gap="md">
      <section aria-labelledby="complaint-process">
        <Title order={3} size="h4" id="complaint-process">
          Comment votre réclamation est traitée
        </Title>
        <List size="sm" spacing={4} mt="xs">
          {COMPLAINT_PROCESS.map((line) => (
            <List.Item key={line}>{line}</List.Item>
          ))}
        </List>
        <Mediator />
        <Text size="sm" mt="xs">
          Une simple question&nbsp;? <Link to={paths.contactUs}>Écrivez-nous plutôt via « Nous contacter »</Link>.
        </Text>
      </section>
      <Form
        noValidate
        aria-labelledby="complaint-form-title"
        onSubmit={form.handleSubmit((values) =>
          send.mutate(
            { ...values, attachments, key: submission.key },
            {
              onSuccess: (result) => {
                submission.renew();
                setSent(result);
              },
            },
          ),
        )}
      >
        <Stack gap="sm">
          <Title order={3} size="h4" id="complaint-form-title">
            Votre réclamation
          </Title>
          <SendError error={send.error} title="Votre réclamation n’a pas pu être envoyée" />
          <TextInput label="Objet" required maxLength={COMPLAINT_SUBJECT_MAX} {...formField(form, 'subject')} />
          <NativeSelect label="Thème" required data={THEME_OPTIONS} {...formField(form, 'theme')} />
          <CommentField label="Commentaire" required minRows={5} maxRows={12} limit={COMPLAINT_COMMENT_MAX} {...formField(form, 'comment')} />
          <AttachmentsField files={attachments} onChange={setAttachments} disabled={send.isPending} />
          <Group justify="flex-end">
            <Button type="submit" loading={send.isPending}>
              Envoyer ma réclamation
            </Button>
          </Group>
        </Stack>
      </Form>
    </Stack>
  );
}

function ComplaintSent({ sent }: { sent: TComplaintSent }) {
  const ref = useRef<HTMLDivElement>(null);
  const download = useDownloadComplaintCopy();
  useEffect(() => ref.current?.focus(), []);
  return (
    <Stack gap="md">
      <Alert ref={ref} tabIndex={-1} color="teal" variant="light" role="status" title="Réclamation envoyée" data-testid="complaint-sent">
        <Stack gap="xs">
          <Text size="sm">Nous avons bien reçu votre réclamation le {formatDate(sent.receivedAt, 'long')}.</Text>
          <Text size="sm">
            Accusé de réception au plus tard le <strong>{formatDate(sent.acknowledgeBy, 'long')}</strong>&nbsp;; réponse au plus tard le{' '}
            <strong>{formatDate(sent.answerBy, 'long')}</strong>. Vous suivez ces échéances dans «&nbsp;Mes demandes&nbsp;».
          </Text>
        </Stack>
      </Alert>
      <Group gap="sm" wrap="wrap">
        <DownloadButton
          pending={download.isPending}
          onClick={() => download.mutate(sent, { onError: () => notifications.show({ color: 'red', ...DOWNLOAD_FAILED }) })}
        >
          Télécharger la copie datée (PDF)
        </DownloadButton>
        <Button component={Link} to={`${paths.requests}?request=${sent.requestId}`} variant="outline">
          Voir ma demande
        </Button>
      </Group>
    </Stack>
  );
}
