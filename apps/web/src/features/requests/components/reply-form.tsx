import { Stack } from '@mantine/core';
import { MESSAGE_BODY_MAX, ZReplyMessage } from '@mutua/contracts/requests';
import { useState } from 'react';
import { useServerFieldErrors, useZodForm } from '../../../components/zod-form';
import { useReplyToRequest } from '../api/reply-to-request';
import { AttachmentsField } from '../../../components/attachments-field';
import { MessageSent } from './message-sent';
import { Form } from '../../../components/form';
import { SendError } from '../../../components/send-error';
import { CommentField } from '../../../components/comment-field';
import { FormActions } from '../../../components/form-actions';

/** A reply in a request's thread, with attachments; ends on the "Message envoyé" confirmation. */
export function ReplyForm({ requestId, onCancel }: { requestId: string; onCancel: () => void }) {
  const [attachments, setAttachments] = useState<File[]>([]);
  const [sent, setSent] = useState(false);
  const reply = useReplyToRequest({ onSuccess: () => setSent(true) });
  const form = useZodForm(ZReplyMessage, { defaultValues: { message: '' }, labels: { message: 'Votre réponse' } });
  useServerFieldErrors(form, reply.error);

  if (sent) return <MessageSent />;

  return (
    <Form noValidate onSubmit={form.handleSubmit((values) => reply.mutate({ requestId, message: values.message, attachments }))} aria-label="Répondre">
      <Stack gap="md">
        <SendError error={reply.error} title="Votre réponse n’a pas pu être envoyée" />
        <CommentField
          label="Votre réponse"
          required
          minRows={4}
          maxRows={10}
          limit={MESSAGE_BODY_MAX}
          error={form.formState.errors.message?.message}
          // « Répondre » replaced itself with this form: the focus goes on to what the member writes.
          autoFocus
          {...form.register('message')}
        />
        <AttachmentsField files={attachments} onChange={setAttachments} disabled={reply.isPending} />
        <FormActions label="Envoyer ma réponse" pending={reply.isPending} onCancel={onCancel} />
      </Stack>
    </Form>
  );
}
