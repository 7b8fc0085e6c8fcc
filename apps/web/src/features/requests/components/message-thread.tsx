import { Group, Stack, Text } from '@mantine/core';
import type { TRequestMessage } from '@mutua/contracts/requests';
import { formatDate } from '../../../lib/format';
import { DocumentButton } from './document-button';
import classes from './requests.module.css';

const AUTHORS = { member: 'Vous', insurer: 'Nos équipes' } as const;

/** The messages of a request, oldest first, each with its author, date and attachments. */
export function MessageThread({ messages }: { messages: TRequestMessage[] }) {
  return (
    <ol className={classes.thread} aria-label="Messages de la demande">
      {messages.map((message) => (
        <li key={message.id} className={classes.message} data-direction={message.direction} data-testid="thread-message">
          <Stack gap={4}>
            <Group justify="space-between" gap="xs" wrap="wrap">
              <Text fw={700} size="sm">
                {AUTHORS[message.direction]}
              </Text>
              <Text size="sm">{formatDate(message.createdAt, 'detail')}</Text>
            </Group>
            <Text size="sm" className={classes.messageBody}>
              {message.body}
            </Text>
            {message.attachments.length > 0 && (
              <Group gap="xs" wrap="wrap" aria-label="Pièces jointes" role="group">
                {message.attachments.map((doc) => (
                  <DocumentButton key={doc.id} document={doc} />
                ))}
              </Group>
            )}
          </Stack>
        </li>
      ))}
    </ol>
  );
}
