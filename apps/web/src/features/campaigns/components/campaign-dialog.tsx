import { Modal } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { DIALOG_TRANSITION_MS } from '@mutua/contracts';
import { useEffect, useRef, useState, type ReactNode } from 'react';

/** A campaign's popup over the page: wide on a computer, the whole screen on a phone; « Fermer » or Escape closes it. */
export function CampaignDialog({ title, onClose, testId, children }: { title: string; onClose: () => void; testId: string; children: ReactNode }) {
  const fullScreen = useMediaQuery('(max-width: 36em)');
  return (
    <Modal
      opened
      onClose={onClose}
      title={title}
      size="lg"
      fullScreen={fullScreen}
      transitionProps={{ duration: DIALOG_TRANSITION_MS }}
      closeButtonProps={{ 'aria-label': 'Fermer' }}
      data-testid={testId}
    >
      {children}
    </Modal>
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
