import { Modal } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { DIALOG_TRANSITION_MS } from '@mutua/contracts';
import type { ReactNode } from 'react';

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
