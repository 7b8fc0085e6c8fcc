import { useInputState } from '@mantine/hooks';
import { Alert, Button, Group, Stack, TextInput } from '@mantine/core';
import { PasswordField } from '../../../components/password-field';
import { useConfirmMobile, useRequestContactChange } from '../api/personal-info';
import { ApiErrorAlert } from './api-error-alert';
import { Form } from '../../../components/form';
import { FormActions } from '../../../components/form-actions';

/**
 * Changing the e-mail address or the mobile (the contact-change flow): the new value and the current
 * password; a link goes to the new address, or a code to the new mobile, typed here.
 */
export function ContactChangeForm({ kind, onDone }: { kind: 'email' | 'mobile'; onDone: () => void }) {
  const ask = useRequestContactChange();
  const confirm = useConfirmMobile();
  const [value, setValue] = useInputState('');
  const [password, setPassword] = useInputState('');
  const [code, setCode] = useInputState('');
  const label = kind === 'email' ? 'Nouvelle adresse e-mail' : 'Nouveau numéro de mobile';

  if (confirm.isSuccess) return <Alert color="green" variant="light" role="status" title="Votre numéro de mobile est confirmé" />;
  if (ask.data && kind === 'email') {
    return (
      <Alert color="blue" variant="light" role="status" title="Confirmez votre nouvelle adresse">
        Un lien de confirmation a été envoyé à {ask.data.destination}. Votre adresse changera quand vous l’aurez ouvert.
      </Alert>
    );
  }
  if (ask.data) {
    return (
      <Form noValidate onSubmit={(e) => (e.preventDefault(), confirm.mutate(code))}>
        <Stack gap="sm">
          <ApiErrorAlert error={confirm.error} />
          <TextInput
            label={`Code reçu par SMS au ${ask.data.destination}`}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            value={code}
            onChange={setCode}
          />
          <Group>
            <Button type="submit" loading={confirm.isPending}>
              Confirmer
            </Button>
          </Group>
        </Stack>
      </Form>
    );
  }
  return (
    <Form noValidate onSubmit={(e) => (e.preventDefault(), ask.mutate({ kind, value, password }))}>
      <Stack gap="sm">
        <ApiErrorAlert error={ask.error} />
        <TextInput
          label={label}
          type={kind === 'email' ? 'email' : 'tel'}
          autoComplete={kind === 'email' ? 'email' : 'tel'}
          required
          value={value}
          onChange={setValue}
        />
        <PasswordField label="Mot de passe actuel" autoComplete="current-password" required value={password} onChange={setPassword} />
        <FormActions inline label="Envoyer" pending={ask.isPending} onCancel={onDone} />
      </Stack>
    </Form>
  );
}
