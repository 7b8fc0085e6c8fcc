import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { useEffect, useRef, type ReactNode } from 'react';
import { Link } from 'react-router';
import { TalkToAdvisor } from '../../../components/talk-to-advisor';
import { paths } from '../../../lib/paths';

/** Confirmation after a request was sent: the focus moves to it, with a link to the request. */
export function RequestSent({ requestId, title, children, actions }: { requestId: string; title: string; children: ReactNode; actions?: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <Stack gap="md">
      <Alert ref={ref} tabIndex={-1} color="green" variant="light" title={title} role="status">
        <Text size="sm">{children}</Text>
      </Alert>
      <Group gap="sm">
        <Button component={Link} to={`${paths.requests}?request=${requestId}`} variant="outline">
          Voir ma demande
        </Button>
        {actions}
        <TalkToAdvisor origin="form" variant="button" />
      </Group>
    </Stack>
  );
}
