import './styles';
import { Button, Group, Stack, Title } from '@mantine/core';
import { useState } from 'react';
import { MessageForm } from '../components/message-form';
import { NewRequestHub } from '../components/new-request-hub';

/** Route `newRequest` (dialog; the layout gives the modal and its title "Nouvelle demande"). */
export function Component() {
  const [writing, setWriting] = useState(false);
  if (!writing) return <NewRequestHub onWriteMessage={() => setWriting(true)} />;
  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap">
        <Title order={3} size="h4">
          Écrire un message
        </Title>
        <Button variant="subtle" size="compact-sm" onClick={() => setWriting(false)}>
          Retour aux choix
        </Button>
      </Group>
      <MessageForm onCancel={() => setWriting(false)} />
    </Stack>
  );
}
