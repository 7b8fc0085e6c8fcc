import { Alert, Anchor, Button, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths';
import { describeError, type AuthErrorAlertProps } from './auth-error';

/** The body of AuthErrorAlert: MEMBER_ERRORS' French message and the follow-up of the code. */
export default function AuthErrorAlertBody({ error, onRegenerate, regenerating, overrides }: AuthErrorAlertProps) {
  const { code, message, action } = describeError(error, overrides);
  return (
    <Alert color="red" variant="light" data-testid="auth-error" data-code={code}>
      <Stack gap="xs" align="flex-start">
        <Text size="sm" c="red.9">
          {message}
        </Text>
        {action?.kind === 'link' && (
          <Anchor component={Link} to={action.to} reloadDocument={action.to === paths.login} size="sm" fw={600}>
            {action.label}
          </Anchor>
        )}
        {action?.kind === 'regenerate' && onRegenerate && (
          <Button size="xs" variant="outline" onClick={onRegenerate} loading={regenerating}>
            {action.label}
          </Button>
        )}
      </Stack>
    </Alert>
  );
}
