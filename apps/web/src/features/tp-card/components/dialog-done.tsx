import { Alert, Button, Group, Stack } from '@mantine/core';
import type { ReactNode } from 'react';

/** A card dialog once its request is taken: what happened (announced), and « Fermer », which takes the focus. */
export function DialogDone({ title, onClose, children }: { title: string; onClose: () => void; children: ReactNode }) {
  return (
    <Stack gap="sm">
      <Alert color="green" variant="light" role="status" title={title}>
        {children}
      </Alert>
      <Group>
        <Button onClick={onClose} data-autofocus>
          Fermer
        </Button>
      </Group>
    </Stack>
  );
}
