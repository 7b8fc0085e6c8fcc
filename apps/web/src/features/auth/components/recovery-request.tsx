import { Alert, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { BackToLogin } from './auth-links';

type RecoveryRequestProps = {
  /** Whether the server took the request: it answers the same whether an account matched or not. */
  sent: boolean;
  /** What the member asks for, above the form. */
  intro: ReactNode;
  /** Once sent: what the mail brings, if the details designate an account. */
  sentText: ReactNode;
  /** The form. */
  children: ReactNode;
};

/**
 * A recovery screen (a forgotten login or password): the form, then « Demande envoyée » with what
 * the mail brings, worded for any answer so that the screen never tells which accounts exist.
 */
export function RecoveryRequest({ sent, intro, sentText, children }: RecoveryRequestProps) {
  return (
    <Stack gap="md">
      {sent ? (
        <Alert color="teal" variant="light" role="status" title="Demande envoyée">
          {sentText}
        </Alert>
      ) : (
        <>
          <Text>{intro}</Text>
          {children}
        </>
      )}
      <BackToLogin />
    </Stack>
  );
}
