import { useInputState } from '@mantine/hooks';
import { Alert, Button, Group, Loader, Paper, Stack, Text, Textarea } from '@mantine/core';
import { MEMBER_ERRORS } from '@mutua/contracts/errors';
import { MESSAGE_BODY_MAX, MISSING_INFORMATION_TEXTS, awaitsMissingInformation } from '@mutua/contracts/requests';
import { useEffect, useRef } from 'react';
import { Link, useParams } from 'react-router';
import { AttachmentsField, useRequiredFiles } from '../../../components/attachments-field';
import { useRouteDialog } from '../../../components/route-dialog';
import { formatDate } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import { useAnswerMissingInformation } from '../api/answer-missing-information';
import { useRequests } from '../api/get-requests';
import { SendError } from '../../../components/send-error';
import { FormActions } from '../../../components/form-actions';

/**
 * Route `missingInformation` (dialog, missing-information/{requestId}): the management centre asked for
 * additional parts (request 10005). The dialog shows what it asked and takes the files, with a comment
 * if the member wishes; once sent, the request is under study and the dialog says so.
 */
export function Component() {
  const { requestId = '' } = useParams();
  const { groups, isPending, error } = useRequests();
  const { close } = useRouteDialog();
  const answer = useAnswerMissingInformation();
  const attachments = useRequiredFiles(MEMBER_ERRORS.MISSING_INFORMATION_FILES_REQUIRED.message);
  const [comment, setComment] = useInputState('');
  const sentRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (answer.isSuccess) sentRef.current?.focus();
  }, [answer.isSuccess]);

  if (isPending && !groups) return <Loader size="sm" aria-label="Chargement de la demande" />;
  const request = groups?.flatMap((g) => g.requests).find((r) => r.id === requestId);
  if (answer.isSuccess)
    return (
      <Alert ref={sentRef} tabIndex={-1} color="teal" variant="light" role="status" title="Pièces envoyées" data-testid="missing-information-sent">
        <Stack gap="sm">
          <Text size="sm">{MISSING_INFORMATION_TEXTS.sent}</Text>
          <Group>
            <Button component={Link} to={paths.requests}>
              Voir mes demandes
            </Button>
          </Group>
        </Stack>
      </Alert>
    );
  if (error || !request || !awaitsMissingInformation(request))
    return (
      <Stack gap="sm">
        <Text>{error ? error.message : MEMBER_ERRORS.MISSING_INFORMATION_NOT_AWAITED.message}</Text>
        <Group>
          <Button component={Link} to={paths.requests} variant="light">
            Voir mes demandes
          </Button>
        </Group>
      </Stack>
    );
  const asked = request.messages.filter((m) => m.direction === 'insurer').at(-1);

  return (
    <form
      noValidate
      aria-label={MISSING_INFORMATION_TEXTS.title}
      onSubmit={(event) => {
        event.preventDefault();
        if (!attachments.chosen()) {
          document.querySelector<HTMLElement>('[data-field="attachments"] button, [data-field="attachments"] input')?.focus();
          return;
        }
        answer.mutate({ requestId: request.id, comment, attachments: attachments.files });
      }}
    >
      <Stack gap="md">
        <Text>{MISSING_INFORMATION_TEXTS.intro}</Text>
        {asked && (
          <Paper component="figure" withBorder p="sm" radius="sm" m={0}>
            <Text component="blockquote" size="sm" m={0} style={{ whiteSpace: 'pre-line' }}>
              {asked.body}
            </Text>
            <Text component="figcaption" size="xs" c="gray.7" mt="xs">
              Notre centre de gestion, le {formatDate(asked.createdAt, 'long')}
            </Text>
          </Paper>
        )}
        <SendError error={answer.error} title="Vos pièces n’ont pas pu être envoyées" />
        <div data-field="attachments">
          <AttachmentsField label="Pièces demandées" required {...attachments.field} disabled={answer.isPending} />
        </div>
        <Textarea
          label={MISSING_INFORMATION_TEXTS.comment}
          autosize
          minRows={2}
          maxRows={6}
          maxLength={MESSAGE_BODY_MAX}
          value={comment}
          onChange={setComment}
        />
        <FormActions label={MISSING_INFORMATION_TEXTS.send} pending={answer.isPending} onCancel={close} />
      </Stack>
    </form>
  );
}
