import { Stack, Text } from '@mantine/core';
import { PasswordChangeForm } from './password-change-form';
import { Popup } from '../../../components/popup';

/**
 * The password-validity popup (showPopupPasswordValidity): the password is old, change it now or
 * later; or, when the password must be renewed, the change cannot be put off.
 */
export function PasswordPopup({ forced, onDone, onLater }: { forced: boolean; onDone: () => void; onLater: () => void }) {
  return (
    <Popup
      opened
      onClose={forced ? () => {} : onLater}
      withCloseButton={!forced}
      closeOnClickOutside={!forced}
      closeOnEscape={!forced}
      title={forced ? 'Renouvellement de votre mot de passe' : 'Votre mot de passe'}
      size="md"
      closeLabel="Plus tard"
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
    </Popup>
  );
}
