import { Button, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { PasswordField } from '../../../components/password-field';
import { useLazyZodForm } from '../../../components/lazy-zod-form';
import { useActivateAccount, type LoginInput } from '../api/login';
import { AuthErrorAlert, errorCodeOf } from '../components/auth-error';
import { BackToLogin } from '../components/auth-links';
import { LazySpamGuide as SpamGuide } from '../components/lazy-spam-guide';
import '../styles';
import type { ZLoginForm } from '../schemas';
import { IdentifierField } from '../components/identifier-field';
import { Form } from '../../../components/form';
import { formField } from '../../../components/zod-form';

/** /login/activate-account: the account prepared at affiliation becomes active; then the code step. */
export function Component() {
  const navigate = useNavigate();
  const form = useLazyZodForm<typeof ZLoginForm>(() => import('../schemas').then((m) => m.ZLoginForm), { defaultValues: { login: '', password: '' } });
  const [lastInput, setLastInput] = useState<LoginInput | null>(null);
  const activate = useActivateAccount({ onSuccess: async (outcome) => void navigate((await import('../code-step')).enterCodeStep(outcome)) });
  const spamBlocked = activate.isError && errorCodeOf(activate.error) === 'SPAM_BLOCKED';

  return (
    <Stack gap="md">
      <Text>
        Saisissez l’identifiant et le mot de passe reçus lors de votre affiliation. Un code de vérification en deux étapes vous sera ensuite envoyé par e-mail.
      </Text>
      <AuthErrorAlert error={activate.error} overrides={{ ACCOUNT_NOT_ACTIVATED: null }} />
      {spamBlocked && lastInput && <SpamGuide loading={activate.isPending} onConfirm={() => activate.mutate({ ...lastInput, spamCleared: true })} />}
      <Form
        noValidate
        aria-label="Activation du compte"
        onFocus={form.prefetchValidation}
        onSubmit={form.handleSubmit((values) => {
          setLastInput(values);
          activate.mutate(values);
        })}
      >
        <Stack gap="md">
          <IdentifierField {...formField(form, 'login')} />
          <PasswordField label="Mot de passe" autoComplete="current-password" required {...formField(form, 'password')} />
          <Button type="submit" loading={activate.isPending} fullWidth>
            Activer mon compte
          </Button>
        </Stack>
      </Form>
      <BackToLogin />
    </Stack>
  );
}
