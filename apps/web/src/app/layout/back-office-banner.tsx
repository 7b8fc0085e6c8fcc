import { Alert, Group, Text } from '@mantine/core';
import { BO_DEROGATION_NOTICE, BO_END_SESSION, BO_MODE_COOKIE, BO_READ_ONLY_ALERT } from '@mutua/contracts/backoffice';
import { LogoutButton } from '../../features/auth/components/logout-button';
import { useAccessState } from '../../lib/access-store';
import { readCookie } from '../../lib/cookies';

/**
 * A session opened from the back office: a manager reads with
 * the read-only alert and « Terminer la session »; a derogator acts with the derogation notice.
 */
export function BackOfficeBanner() {
  const isBo = useAccessState((s) => s.session?.isBoAuthentication === true);
  if (!isBo) return null;
  const derogation = readCookie(BO_MODE_COOKIE) === 'DEROGATION';
  return (
    <Alert color={derogation ? 'grape.9' : 'red.9'} variant="filled" radius={0} role="alert" data-testid="bo-banner">
      <Group justify="space-between" wrap="wrap">
        <Text c="white" fw={700}>
          {derogation ? BO_DEROGATION_NOTICE : BO_READ_ONLY_ALERT}
        </Text>
        <LogoutButton label={BO_END_SESSION} size="xs" />
      </Group>
    </Alert>
  );
}
