import { Modal, type ModalProps } from '@mantine/core';
import { DIALOG_TRANSITION_MS } from '@mutua/contracts/platform';

type PopupProps = Omit<ModalProps, 'transitionProps' | 'closeButtonProps'> & {
  /** The close button's accessible name: « Fermer », or what closing means (« Plus tard »). */
  closeLabel?: string;
};

/**
 * A popup over the page (a dialog route, a session gate, a campaign): Mantine's Modal opening with the
 * app's one transition and its close button named in French.
 */
export function Popup({ closeLabel = 'Fermer', ...props }: PopupProps) {
  return <Modal transitionProps={{ duration: DIALOG_TRANSITION_MS }} closeButtonProps={{ 'aria-label': closeLabel }} {...props} />;
}
