import { Anchor, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { ErrorScreen } from '../../../components/error-screen';
import { ApiError } from '../../../lib/api-client';
import { paths } from '../../../lib/paths';

/** A category or theme the tenant does not offer: the spec's message and a way back; else the error screen. */
export function FaqUnavailable({ error }: { error: unknown }) {
  if (!(error instanceof ApiError) || error.status !== 404) return <ErrorScreen kind="default" />;
  return (
    <Stack gap="md" maw="42rem">
      <Title order={1}>Foire aux questions</Title>
      <Paper withBorder p="md" radius="md">
        <Text fw={700} mb="xs">
          {error.message}
        </Text>
        <Text size="sm">
          Retrouvez les autres questions dans la{' '}
          <Anchor component={Link} to={paths.faq} underline="always" style={{ textDecoration: 'underline' }}>
            foire aux questions
          </Anchor>{' '}
          ou{' '}
          <Anchor component={Link} to={paths.help} underline="always" style={{ textDecoration: 'underline' }}>
            demandez de l’aide
          </Anchor>
          .
        </Text>
      </Paper>
    </Stack>
  );
}
