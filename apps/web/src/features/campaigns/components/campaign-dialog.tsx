import { Alert, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useEffect, useRef, useState, type ReactNode, type Ref } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths';
import { Popup } from '../../../components/popup';

/** A campaign's popup over the page: wide on a computer, the whole screen on a phone; « Fermer » or Escape closes it. */
export function CampaignDialog({ title, onClose, testId, children }: { title: string; onClose: () => void; testId: string; children: ReactNode }) {
  const fullScreen = useMediaQuery('(max-width: 36em)');
  return (
    <Popup opened onClose={onClose} title={title} size="lg" fullScreen={fullScreen} data-testid={testId}>
      {children}
    </Popup>
  );
}

/** A campaign popup's sending: under way or not, why it failed, and once done the heading that takes the focus. */
export function useCampaignSending() {
  const [failure, setFailure] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [done, setDone] = useState(false);
  const doneRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (done) doneRef.current?.focus();
  }, [done]);
  return { failure, setFailure, sending, setSending, done, setDone, doneRef };
}

/** What a campaign popup asks and why (its legal notice), and why the last sending failed. */
export function CampaignAsk({ text, notice, failure, failureTitle }: { text: string; notice: string; failure: string | null; failureTitle: string }) {
  return (
    <>
      <Text>{text}</Text>
      <Text size="sm" c="gray.7">
        {notice}
      </Text>
      {failure && (
        <Alert color="red" role="alert" title={failureTitle}>
          {failure}
        </Alert>
      )}
    </>
  );
}

/**
 * A campaign popup once answered: the heading, which takes the focus, what follows from the answers,
 * « Voir mes demandes » when something was sent for processing, and « Fermer ».
 */
export function CampaignDone({
  title,
  headingRef,
  toRequests,
  onClose,
  children,
}: {
  title: string;
  headingRef: Ref<HTMLHeadingElement>;
  toRequests: boolean;
  onClose: () => void;
  children: ReactNode;
}) {
  return (
    <Stack gap="md">
      <Title order={3} size="h4" ref={headingRef} tabIndex={-1}>
        {title}
      </Title>
      {children}
      <Group justify="flex-end" gap="sm">
        {toRequests && (
          <Button component={Link} to={paths.requests} onClick={onClose} variant="default">
            Voir mes demandes
          </Button>
        )}
        <Button onClick={onClose}>Fermer</Button>
      </Group>
    </Stack>
  );
}
