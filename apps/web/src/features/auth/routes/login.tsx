import { Button, Stack } from '@mantine/core';
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { PasswordField } from '../../../components/password-field';
import { useLazyZodForm } from '../../../components/lazy-zod-form';
import { useLogin, type LoginInput } from '../api/login';
import { AuthErrorAlert, errorCodeOf } from '../components/auth-error';
import { LoginLinks } from '../components/auth-links';
import { LazySpamGuide as SpamGuide } from '../components/lazy-spam-guide';
import type { ZLoginForm } from '../schemas';
import '../styles';
import { IdentifierField } from '../components/identifier-field';

/** /login: the password step, then the code step (or the address choice); the spam-block guide when needed. */
export function Component() {
  const navigate = useNavigate();
  // Coming from the account creation: the new identifier is typed already.
  const prefilled = (useLocation().state as { login?: unknown } | null)?.login;
  const form = useLazyZodForm<typeof ZLoginForm>(() => import('../schemas').then((m) => m.ZLoginForm), { defaultValues: { login: typeof prefilled === 'string' ? prefilled : '', password: '' } });
  const [lastInput, setLastInput] = useState<LoginInput | null>(null);
  const login = useLogin({ onSuccess: async (outcome) => void navigate((await import('../code-step')).enterCodeStep(outcome)) });
  const spamBlocked = login.isError && errorCodeOf(login.error) === 'SPAM_BLOCKED';

  const submit = form.handleSubmit((values) => {
    const input = { login: values.login, password: values.password };
    setLastInput(input);
    login.mutate(input);
  });

  return (
    <Stack gap="md">
      <AuthErrorAlert error={login.error} />
      {spamBlocked && lastInput && <SpamGuide loading={login.isPending} onConfirm={() => login.mutate({ ...lastInput, spamCleared: true })} />}
      <form onSubmit={submit} onFocus={form.prefetchValidation} noValidate aria-label="Connexion">
        <Stack gap="md">
          <IdentifierField error={form.formState.errors.login?.message} {...form.register('login')} />
          <PasswordField label="Mot de passe" autoComplete="current-password" required error={form.formState.errors.password?.message} {...form.register('password')} />
          <Button type="submit" loading={login.isPending} fullWidth>
            Se connecter
          </Button>
        </Stack>
      </form>
      <LoginLinks />
    </Stack>
  );
}
