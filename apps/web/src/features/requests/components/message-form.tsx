import { Button, NativeSelect, Stack, TextInput } from '@mantine/core';
import { MEMBER_MESSAGE_KINDS, MESSAGE_BODY_MAX, MESSAGE_OBJECT_MAX, REQUEST_KIND_LABELS, ZNewMessage, type TMessageSent } from '@mutua/contracts/requests';
import { useState } from 'react';
import { Link } from 'react-router';
import { useServerFieldErrors, useZodForm, formField } from '../../../components/zod-form';
import { paths } from '../../../lib/paths';
import { useSubmissionKey } from '../../../lib/submit-form';
import { useSendMessage } from '../api/send-message';
import { AttachmentsField } from '../../../components/attachments-field';
import { MessageSent } from './message-sent';
import { Form } from '../../../components/form';
import { SendError } from '../../../components/send-error';
import { CommentField } from '../../../components/comment-field';
import { FormActions } from '../../../components/form-actions';

const CATEGORY_OPTIONS = [
  { value: '', label: 'Choisissez une catégorie' },
  ...MEMBER_MESSAGE_KINDS.map((kind) => ({ value: kind, label: REQUEST_KIND_LABELS.message[kind] })),
];

/**
 * Writing a new message: object, category, message and
 * attachments, checked with the contract's schema; ends on the "Message envoyé" confirmation.
 */
export function MessageForm({ onCancel, onViewRequest }: { onCancel?: () => void; onViewRequest?: (requestId: string) => void }) {
  const [attachments, setAttachments] = useState<File[]>([]);
  const [sent, setSent] = useState<TMessageSent | null>(null);
  const submission = useSubmissionKey();
  const send = useSendMessage({ onSuccess: (result) => setSent(result) });
  const form = useZodForm(ZNewMessage, {
    defaultValues: { object: '', category: '' as never, message: '', request: 'DEMANDE' },
    labels: { object: 'Objet', category: 'Catégorie', message: 'Message' },
  });
  useServerFieldErrors(form, send.error);

  if (sent) {
    return (
      <MessageSent>
        {onViewRequest ? (
          <Button variant="outline" onClick={() => onViewRequest(sent.requestId)}>
            Voir ma demande
          </Button>
        ) : (
          <Button component={Link} to={`${paths.requests}?request=${sent.requestId}`} variant="outline">
            Voir ma demande
          </Button>
        )}
      </MessageSent>
    );
  }

  return (
    <Form
      noValidate
      onSubmit={form.handleSubmit((values) => send.mutate({ ...values, attachments, idempotencyKey: submission.key }))}
      aria-label="Écrire un message"
    >
      <Stack gap="md">
        <SendError error={send.error} title="Votre message n’a pas pu être envoyé" />
        <TextInput label="Objet" required maxLength={MESSAGE_OBJECT_MAX} {...formField(form, 'object')} />
        <NativeSelect label="Catégorie" required data={CATEGORY_OPTIONS} {...formField(form, 'category')} />
        <CommentField label="Message" required minRows={5} maxRows={12} limit={MESSAGE_BODY_MAX} {...formField(form, 'message')} />
        <AttachmentsField files={attachments} onChange={setAttachments} disabled={send.isPending} />
        <FormActions label="Envoyer" pending={send.isPending} onCancel={onCancel} />
      </Stack>
    </Form>
  );
}
