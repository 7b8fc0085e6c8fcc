import { Alert } from '@mantine/core';

/** What a save did: the error in French, or a short confirmation (announced to screen readers). */
export function Outcome({ error, done, text }: { error: Error | null; done: boolean; text: string }) {
  if (error)
    return (
      <Alert color="red" role="alert">
        {error.message}
      </Alert>
    );
  if (done)
    return (
      <Alert color="teal" role="status">
        {text}
      </Alert>
    );
  return null;
}
