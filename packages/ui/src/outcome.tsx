import { Alert, type MantineSpacing } from '@mantine/core';

type OutcomeProps = {
  error: Error | null;
  /** Whether the action succeeded, or the confirmation itself when it depends on what was done. */
  done: boolean | string | null;
  /** The confirmation when `done` is a boolean. */
  text?: string;
  mt?: MantineSpacing;
};

/** What an action did: the error in French, or a short confirmation (announced to screen readers). */
export function Outcome({ error, done, text, mt }: OutcomeProps) {
  if (error)
    return (
      <Alert color="red" role="alert" mt={mt}>
        {error.message}
      </Alert>
    );
  if (done)
    return (
      <Alert color="teal" role="status" mt={mt}>
        {typeof done === 'string' ? done : text}
      </Alert>
    );
  return null;
}
