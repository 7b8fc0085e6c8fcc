import { Stack } from '@mantine/core';
import { ZNewPassword } from '@mutua/contracts/password';
import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { z } from 'zod';
import { PasswordField } from '../../../components/password-field';
import { passwordChecklistProps } from '../../../components/password-checklist';

/** A new password (rule of contracts) typed twice: the fields, to add to a form's schema… */
export const newPasswordShape = { password: ZNewPassword, confirm: z.string().min(1, 'Confirmez votre mot de passe.') };

/** …and the check that both are the same (`schema.refine(...passwordsMatch)`). */
export const passwordsMatch: [(v: { password: string; confirm: string }) => boolean, { path: string[]; message: string }] = [
  (v) => v.password === v.confirm,
  { path: ['confirm'], message: 'Les deux mots de passe ne sont pas identiques.' },
];

export const ZNewPasswordPair = z.object(newPasswordShape).refine(...passwordsMatch);

type PairValues = { password: string; confirm: string };

/** The two fields, the rule's checklist under the first. */
export function NewPasswordFields<T extends PairValues>({ register, errors, value }: { register: UseFormRegister<T>; errors: FieldErrors<T>; value: string }) {
  const reg = register as unknown as UseFormRegister<PairValues>;
  const errs = errors as FieldErrors<PairValues>;
  return (
    <Stack gap="md">
      <PasswordField
        label="Nouveau mot de passe"
        autoComplete="new-password"
        required
        error={errs.password?.message}
        {...passwordChecklistProps(value)}
        {...reg('password')}
      />
      <PasswordField label="Confirmation du mot de passe" autoComplete="new-password" required error={errs.confirm?.message} {...reg('confirm')} />
    </Stack>
  );
}
