import { Alert, Button, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { ApiError } from '../../../lib/api-client';
import { formatDate } from '../../../lib/format';
import { useOutbox } from '../api/debug-outbox';
import classes from './debug-outbox.module.css';

/**
 * /debug: the development outbox (mails kept when no SMTP server is configured), newest first, to
 * read a login code or a link without a mailbox. The API has no such route in production.
 */
export default function DebugOutbox() {
  const [filter, setFilter] = useState('');
  const [to, setTo] = useState('');
  const outbox = useOutbox(to);
  const unavailable = outbox.error instanceof ApiError && outbox.error.status === 404;

  return (
    <section aria-labelledby="debug-outbox-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="debug-outbox-title">
          Boîte d’envoi de développement
        </Title>
        <form
          aria-label="Filtrer la boîte d’envoi"
          onSubmit={(e) => {
            e.preventDefault();
            setTo(filter.trim());
          }}
        >
          <Group align="flex-end" gap="sm" wrap="wrap">
            <TextInput label="Destinataire" type="email" value={filter} onChange={(e) => setFilter(e.currentTarget.value)} />
            <Button type="submit" variant="outline">
              Filtrer
            </Button>
            <Button variant="subtle" onClick={() => void outbox.refetch()} loading={outbox.isFetching}>
              Actualiser la boîte d’envoi
            </Button>
          </Group>
        </form>
        {unavailable && <Text size="sm">La boîte d’envoi n’existe pas sur ce serveur (production).</Text>}
        {outbox.isError && !unavailable && (
          <Alert color="red" variant="light">
            {outbox.error.message}
          </Alert>
        )}
        {outbox.isSuccess && outbox.data.length === 0 && (
          <Text size="sm" data-testid="debug-outbox-empty">
            Aucun message (les messages partent par SMTP quand SMTP_URL est défini).
          </Text>
        )}
        {outbox.isSuccess && outbox.data.length > 0 && (
          <ul className={classes.list} data-testid="debug-outbox">
            {outbox.data.map((mail) => (
              <li key={mail.id} className={classes.mail}>
                <details>
                  <summary>
                    <Text component="span" fw={600}>
                      {mail.subject}
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
