import { Modal, Stack, Text } from '@mantine/core';
import { DIALOG_TRANSITION_MS } from '@mutua/contracts';
import { PasswordChangeForm } from './password-change-form';

/**
 * The password-validity popup (showPopupPasswordValidity): the password is old, change it now or
 * later; or, when the password must be renewed, the change cannot be put off.
 */
export function PasswordPopup({ forced, onDone, onLater }: { forced: boolean; onDone: () => void; onLater: () => void }) {
  return (
    <Modal
      opened
      onClose={forced ? () => {} : onLater}
      withCloseButton={!forced}
      closeOnClickOutside={!forced}
      closeOnEscape={!forced}
      title={forced ? 'Renouvellement de votre mot de passe' : 'Votre mot de passe'}
      size="md"
      transitionProps={{ duration: DIALOG_TRANSITION_MS }}
      closeButtonProps={{ 'aria-label': 'Plus tard' }}
      data-testid="password-popup"
    >
      <Stack gap="md">
        <Text>
          {forced
            ? 'Pour la sécurité de votre compte, vous devez choisir un nouveau mot de passe avant de continuer.'
            : 'Votre mot de passe n’a pas été modifié depuis plus d’un an. Pour la sécurité de votre compte, nous vous conseillons de le changer.'}
        </Text>
        <PasswordChangeForm onDone={onDone} onCancel={forced ? undefined : onLater} />
      </Stack>
    </Modal>
  );
}
