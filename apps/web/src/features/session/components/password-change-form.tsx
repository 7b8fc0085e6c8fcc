import { Alert, Button, Group, Stack } from '@mantine/core';
import { ZNewPassword } from '@mutua/contracts/password';
import { z } from 'zod';
import { passwordChecklistProps } from '../../../components/password-checklist';
import { PasswordField } from '../../../components/password-field';
import { useServerFieldErrors, useZodForm, formField } from '../../../components/zod-form';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { useChangePassword } from '../api/gates';
import '../styles';
import { Form } from '../../../components/form';

const ZPasswordChange = z
  .object({
    currentPassword: z.string().min(1, 'Saisissez votre mot de passe actuel.'),
    newPassword: ZNewPassword,
    confirm: z.string().min(1, 'Confirmez votre nouveau mot de passe.'),
  })
  .refine((v) => v.newPassword === v.confirm, { path: ['confirm'], message: 'Les deux mots de passe ne sont pas identiques.' });

/** The signed-in password change (renewal required, or invited by the validity popup). */
export function PasswordChangeForm({ onDone, onCancel }: { onDone: () => void; onCancel?: () => void }) {
  const form = useZodForm(ZPasswordChange, {
    defaultValues: { currentPassword: '', newPassword: '', confirm: '' },
    labels: { currentPassword: 'Mot de passe actuel', newPassword: 'Nouveau mot de passe', confirm: 'Confirmation du nouveau mot de passe' },
  });
  const change = useChangePassword({ onSuccess: onDone });
  useServerFieldErrors(form, change.error);
  const errors = form.formState.errors;
  const value = form.watch('newPassword');
  return (
    <Form
      noValidate
      aria-label="Changement de mot de passe"
      onSubmit={form.handleSubmit(({ currentPassword, newPassword }) => change.mutate({ currentPassword, newPassword }))}
    >
      <Stack gap="md">
        {change.isError && (
          <Alert color="red" variant="light">
            {errorMessage(change.error instanceof ApiError ? change.error.code : 'INTERNAL')}
          </Alert>
        )}
        <PasswordField label="Mot de passe actuel" autoComplete="current-password" required {...formField(form, 'currentPassword')} />
        <PasswordField
          label="Nouveau mot de passe"
          autoComplete="new-password"
          required
          error={errors.newPassword?.message}
          {...passwordChecklistProps(value)}
          {...form.register('newPassword')}
        />
        <PasswordField label="Confirmation du nouveau mot de passe" autoComplete="new-password" required {...formField(form, 'confirm')} />
        <Group justify="flex-end" gap="sm">
          {onCancel && (
            <Button variant="outline" onClick={onCancel}>
              Plus tard
            </Button>
          )}
          <Button type="submit" loading={change.isPending}>
            Modifier mon mot de passe
          </Button>
        </Group>
      </Stack>
    </Form>
  );
}
