import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { useEffect, useRef, type ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths';

/** The confirmation a sending ends on: focus lands on it; the request is already in « Mes demandes ». */
export function RequestSent({ title, text, requestId, children }: { title: string; text: string; requestId: string; children?: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <Alert ref={ref} tabIndex={-1} color="teal" variant="light" title={title} role="status" data-testid="request-sent">
      <Stack gap="sm">
        <Text size="sm">{text}</Text>
        <Group gap="sm">
          <Button component={Link} to={`${paths.requests}?request=${requestId}`}>
            Voir ma demande
          </Button>
          {children}
        </Group>
      </Stack>
    </Alert>
  );
}
