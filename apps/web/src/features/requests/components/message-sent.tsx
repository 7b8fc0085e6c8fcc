import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { useEffect, useRef, type ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths';
import classes from './requests.module.css';

/** The confirmation a message or a reply ends on: "Message envoyé", and the way back home. */
export function MessageSent({ children }: { children?: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  // Focus moves to the confirmation, so that keyboard and screen-reader users land on it.
  useEffect(() => ref.current?.focus(), []);
  return (
    <Alert
      ref={ref}
      tabIndex={-1}
      color="teal"
      variant="light"
      title="Message envoyé"
      role="status"
      data-testid="message-sent"
      classNames={{ title: classes.sentTitle }}
    >
      <Stack gap="sm">
        <Text size="sm">Votre message a bien été transmis à nos équipes. Vous retrouverez notre réponse dans « Mes demandes ».</Text>
        <Group gap="sm">
          <Button component={Link} to={paths.home}>
            Retour à l’accueil
          </Button>
          {children}
        </Group>
      </Stack>
    </Alert>
  );
}
