import { Alert } from '@mantine/core';

/** The server's French message after a refused change (« Vos modifications n'ont pas été prises en compte »). */
export function ApiErrorAlert({ error, title = 'Vos modifications n’ont pas été prises en compte' }: { error: Error | null; title?: string }) {
  if (!error) return null;
  return (
    <Alert color="red" variant="light" role="alert" title={title}>
      {error.message}
    </Alert>
  );
}
