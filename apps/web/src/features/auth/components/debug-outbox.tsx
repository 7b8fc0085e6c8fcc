import { useInputState } from '@mantine/hooks';
import { Alert, Button, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { ApiError } from '../../../lib/api-client';
import { formatDate } from '../../../lib/format';
import { type OutboxMail, useOutbox } from '../api/debug-outbox';
import classes from './debug-outbox.module.css';
import { Form } from '../../../components/form';

/** The server also answers `channel` (EMAIL or SMS) for each message. */
type Message = OutboxMail & { channel?: 'EMAIL' | 'SMS' };

/**
 * /debug: the development outbox (mails and SMS kept when no SMTP server or SMS provider is
 * configured), newest first, to read a code or a link without a mailbox or a phone. The API has no
 * such route in production.
 */
export default function DebugOutbox() {
  const [filter, setFilter] = useInputState('');
  const [to, setTo] = useState('');
  const outbox = useOutbox(to);
  const unavailable = outbox.error instanceof ApiError && outbox.error.status === 404;

  return (
    <section aria-labelledby="debug-outbox-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="debug-outbox-title">
          Boîte d’envoi de développement
        </Title>
        <Form
          aria-label="Filtrer la boîte d’envoi"
          onSubmit={(e) => {
            e.preventDefault();
            setTo(filter.trim());
          }}
        >
          <Group align="flex-end" gap="sm" wrap="wrap">
            <TextInput label="Destinataire" description="Adresse e-mail ou numéro (+33…)" value={filter} onChange={setFilter} />
            <Button type="submit" variant="outline">
              Filtrer
            </Button>
            <Button variant="subtle" onClick={() => void outbox.refetch()} loading={outbox.isFetching}>
              Actualiser la boîte d’envoi
            </Button>
          </Group>
        </Form>
        {unavailable && <Text size="sm">La boîte d’envoi n’existe pas sur ce serveur (production).</Text>}
        {outbox.isError && !unavailable && (
          <Alert color="red" variant="light">
            {outbox.error.message}
          </Alert>
        )}
        {outbox.isSuccess && outbox.data.length === 0 && (
          <Text size="sm" data-testid="debug-outbox-empty">
            Aucun message (les mails partent par SMTP quand SMTP_URL est défini, les SMS par SMS_URL).
          </Text>
        )}
        {outbox.isSuccess && outbox.data.length > 0 && (
          <ul className={classes.list} data-testid="debug-outbox">
            {(outbox.data as Message[]).map((mail) => (
              <li key={mail.id} className={classes.mail} data-channel={mail.channel ?? 'EMAIL'}>
                <details>
                  <summary>
                    <Text component="span" fw={600}>
                      {mail.channel === 'SMS' ? `SMS — ${mail.text.slice(0, 60)}` : mail.subject}
                    </Text>
                    <Text component="span" size="sm" display="block">
                      {formatDate(mail.createdAt, 'detail')} — {mail.to} — {mail.kind}
                    </Text>
                  </summary>
                  <Text component="pre" size="xs" mt="xs" className={classes.body}>
                    {mail.text}
                  </Text>
                </details>
              </li>
            ))}
          </ul>
        )}
      </Stack>
    </section>
  );
}
