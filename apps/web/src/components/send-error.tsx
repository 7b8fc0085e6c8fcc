import { Alert } from '@mantine/core';

/** Why what a form sent was refused or failed: the server's French message under a heading that says what was not sent, announced. */
export function SendError({ error, title }: { error: Error | null; title: string }) {
  if (!error) return null;
  return (
    <Alert color="red" variant="light" role="alert" title={title}>
      {error.message}
    </Alert>
  );
}
