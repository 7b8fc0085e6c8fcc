import { Button, Stack, Text, Textarea } from '@mantine/core';
import { ADVISOR_ANSWER_PROMISE, ADVISOR_MESSAGE_MAX, ZAdvisorMessageInput } from '@mutua/contracts/advisor';
import { useState } from 'react';
import { Form } from '../../../components/form';
import type { AdvisorFormProps } from './advisor-form';
import { ApiError, serverFieldError } from '../../../lib/api-client';
import { useSubmissionKey } from '../../../lib/submit-form';
import { useSendAdvisorMessage } from '../api/send-advisor-message';

/** A message to the management centre; with the assistant's conversation attached the words are optional. */
export function AdvisorMessageForm({ conversation, origin, onSent }: AdvisorFormProps) {
  const submission = useSubmissionKey();
  const send = useSendAdvisorMessage();
  const [message, setMessage] = useState('');
  const [error, setError] = useState<string | null>(null);
  const shownError =
    error ??
    serverFieldError(send.error, 'message') ??
    (send.error instanceof ApiError ? send.error.message : send.error ? 'Votre message n’a pas pu être envoyé. Veuillez réessayer.' : undefined);

  return (
    <Form
      aria-labelledby="advisor-message-title"
      onSubmit={(event) => {
        event.preventDefault();
        const parsed = ZAdvisorMessageInput.safeParse({ message, conversation, origin });
        if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? null);
        setError(null);
        send.mutate(
          { message, conversation, origin, key: submission.key },
          {
            onSuccess: (sent) => {
              submission.renew();
              onSent(sent);
            },
          },
        );
      }}
    >
      <Stack gap="sm" align="flex-start">
        <Text size="sm">{ADVISOR_ANSWER_PROMISE}</Text>
        <Textarea
          w="100%"
          label="Votre message"
          description={conversation.length > 0 ? 'Facultatif\u00a0: la conversation avec l’assistant est jointe.' : 'Décrivez votre demande en quelques mots.'}
          value={message}
          onChange={(e) => {
            setMessage(e.currentTarget.value);
            setError(null);
          }}
          error={shownError}
          maxLength={ADVISOR_MESSAGE_MAX}
          autosize
          minRows={4}
          required={conversation.length === 0}
        />
        <Button type="submit" loading={send.isPending}>
          Envoyer à un conseiller
        </Button>
      </Stack>
    </Form>
  );
}
