import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { Fragment, useEffect, useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { TalkToAdvisor } from '../../../components/talk-to-advisor';
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
          <TalkToAdvisor origin="form" variant="button" />
        </Group>
      </Stack>
    </Alert>
  );
}

type SendThenConfirmProps<T extends { requestId: string }> = {
  /** The confirmation's heading (« Demande envoyée » unless said) and text. */
  title?: string;
  text: string;
  /** The button that opens a fresh, empty form (« Faire une autre demande » unless said): « Envoyer un nouveau document »… */
  again?: string;
  /** The form; it calls onSent with the server's answer once the request exists. */
  form: (onSent: (result: T) => void) => ReactNode;
};

/**
 * A sending dialog's life: the form, then the confirmation, from which « again » opens a new form (a new
 * mount, so a new idempotency key and empty fields: the next sending is a new request).
 */
export function SendThenConfirm<T extends { requestId: string }>({
  title = 'Demande envoyée',
  text,
  again = 'Faire une autre demande',
  form,
}: SendThenConfirmProps<T>) {
  const [sent, setSent] = useState<T | null>(null);
  const [formKey, setFormKey] = useState(0);
  if (sent) {
    return (
      <RequestSent title={title} text={text} requestId={sent.requestId}>
        <Button
          variant="outline"
          onClick={() => {
            setSent(null);
            setFormKey((k) => k + 1);
          }}
        >
          {again}
        </Button>
      </RequestSent>
    );
  }
  return <Fragment key={formKey}>{form(setSent)}</Fragment>;
}
