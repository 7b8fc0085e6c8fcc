import { useInputState } from '@mantine/hooks';
import { Checkbox, Modal, Stack, Text, TextInput } from '@mantine/core';
import { ZEmail } from '@mutua/contracts/auth';
import { useState } from 'react';
import { PasswordField } from '../../../components/password-field';
import { serverFieldError } from '../../../lib/api-client';
import { useEmailTpCard } from '../api/tp-card';
import { Form } from '../../../components/form';
import { DialogDone } from './dialog-done';
import { SendError } from '../../../components/send-error';
import { FormActions } from '../../../components/form-actions';

/**
 * « Recevoir ma carte par e-mail »: the member confirms the address (the stored one by default) or
 * types another; « Enregistrer cette adresse » asks the contact-change confirmation (a link to the new
 * address), the stored address changing only once the link is opened.
 */
export function EmailCardDialog({ opened, onClose, storedEmail }: { opened: boolean; onClose: () => void; storedEmail: string | null }) {
  const send = useEmailTpCard();
  const [email, setEmail] = useInputState(storedEmail ?? '');
  const [replace, setReplace] = useInputState(false);
  const [password, setPassword] = useInputState('');
  const [touched, setTouched] = useState(false);
  const parsed = ZEmail.safeParse(email);
  const differs = parsed.success && parsed.data.toLowerCase() !== (storedEmail ?? '').toLowerCase();
  // Checked at the submit, then as the member types (as every form): an error shown when the field is
  // left would push « Envoyer ma carte » down under the pointer pressing it, and the click be lost.
  const emailError =
    touched && !parsed.success ? (email.trim() === '' ? 'Saisissez l’adresse e-mail qui recevra votre carte.' : 'Adresse e-mail invalide.') : null;

  const close = () => {
    onClose();
    send.reset();
    setEmail(storedEmail ?? '');
    setReplace(false);
    setPassword('');
    setTouched(false);
  };

  return (
    <Modal opened={opened} onClose={close} title="Recevoir ma carte par e-mail" size="md" closeButtonProps={{ 'aria-label': 'Fermer' }}>
      {send.data ? (
        <DialogDone title="Votre carte a été envoyée" onClose={close}>
          <Text size="sm">Votre carte de tiers payant a été envoyée à {send.data.sentTo}, en pièce jointe.</Text>
          {send.data.contactChange && (
            <Text size="sm" mt="xs">
              Un lien de confirmation a été envoyé à {send.data.contactChange.destination}. Votre adresse enregistrée changera quand vous l’aurez ouvert.
            </Text>
          )}
        </DialogDone>
      ) : (
        <Form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            setTouched(true);
            if (!parsed.success) return;
            send.mutate({ email: parsed.data, replaceStored: replace && differs, ...(replace && differs && password ? { password } : {}) });
          }}
        >
          <Stack gap="sm">
            <SendError error={send.error} title="Votre carte n’a pas été envoyée" />
            <Text size="sm">Confirmez l’adresse qui recevra votre carte, ou saisissez-en une autre.</Text>
            <TextInput
              label="Adresse e-mail"
              type="email"
              autoComplete="email"
              required
              data-autofocus
              value={email}
              error={emailError ?? serverFieldError(send.error, 'email')}
              onChange={setEmail}
            />
            {differs && (
              <Checkbox
                label="Enregistrer aussi cette adresse comme mon adresse e-mail"
                description="Un lien de confirmation lui sera envoyé&nbsp;: votre adresse enregistrée changera quand vous l’aurez ouvert."
                checked={replace}
                onChange={setReplace}
              />
            )}
            {differs && replace && (
              <PasswordField
                label="Mot de passe actuel"
                description="Demandé pour changer votre adresse, sauf si vous venez de saisir un code de vérification en deux étapes."
                autoComplete="current-password"
                value={password}
                onChange={setPassword}
              />
            )}
            <FormActions inline label="Envoyer ma carte" pending={send.isPending} onCancel={close} />
          </Stack>
        </Form>
      )}
    </Modal>
  );
}
