import { Alert, Button, Stack, Text } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths';

/** The confirmation a way to a person ends on: the focus lands on it; the request is in « Mes demandes ». */
export function AdvisorSent({ title, text, requestId }: { title: string; text: string; requestId: string }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <Alert ref={ref} tabIndex={-1} color="teal" variant="light" title={title} role="status" data-testid="advisor-sent">
      <Stack gap="sm" align="flex-start">
        <Text size="sm">{text}</Text>
        <Button component={Link} to={`${paths.requests}?request=${requestId}`}>
          Voir ma demande
        </Button>
      </Stack>
    </Alert>
  );
}
