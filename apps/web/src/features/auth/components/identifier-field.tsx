import { TextInput } from '@mantine/core';
import type { UseFormRegisterReturn } from 'react-hook-form';

/** The login identifier (e-mail or membership number) as every sign-in form asks for it. */
export function IdentifierField({ error, ...field }: UseFormRegisterReturn & { error?: string | undefined }) {
  return (
    <TextInput
      label="Identifiant"
      description="Votre adresse e-mail ou votre numéro d’adhérent (8 chiffres)"
      autoComplete="username"
      required
      error={error}
      {...field}
    />
  );
}
