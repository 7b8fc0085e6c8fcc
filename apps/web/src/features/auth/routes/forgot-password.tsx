import { Alert, Button, Stack, Text, TextInput } from '@mantine/core';
import { PASSWORD_RESET_LINK_MINUTES, ZForgotPasswordRequest } from '@mutua/contracts';
import { useServerFieldErrors, useZodForm } from '../../../components/zod-form';
import { useForgotPassword } from '../api/recovery';
import { AuthErrorAlert } from '../components/auth-error';
import { BackToLogin } from '../components/auth-links';
import { IdentifierField } from '../components/identifier-field';
import { Form } from '../../../components/form';

/** /login/forgot-password: a reset link (valid 60 minutes) is mailed when the pair designates an account. */
export function Component() {
  const form = useZodForm(ZForgotPasswordRequest, { defaultValues: { login: '', socialSecurityNumber: '' }, labels: { login: 'Identifiant', socialSecurityNumber: 'Numéro de sécurité sociale' } });
  const send = useForgotPassword();
  useServerFieldErrors(form, send.error);

  return (
    <Stack gap="md">
      {send.isSuccess ? (
        <Alert color="teal" variant="light" role="status" title="Demande envoyée">
          Si ces informations correspondent à un compte, vous allez recevoir un e-mail contenant un lien pour choisir un nouveau mot de passe. Ce lien est valable{' '}
          {PASSWORD_RESET_LINK_MINUTES} minutes.
        </Alert>
      ) : (
        <>
          <Text>Saisissez votre identifiant et votre numéro de sécurité sociale&nbsp;: nous vous enverrons un lien pour choisir un nouveau mot de passe.</Text>
          <AuthErrorAlert error={send.error} />
          <Form noValidate aria-label="Mot de passe oublié" onSubmit={form.handleSubmit((values) => send.mutate(values))}>
            <Stack gap="md">
              <IdentifierField error={form.formState.errors.login?.message} {...form.register('login')} />
              <TextInput
                label="Numéro de sécurité sociale"
                description="13 caractères, suivis ou non de la clé à 2 chiffres"
                autoComplete="off"
                required
                error={form.formState.errors.socialSecurityNumber?.message}
                {...form.register('socialSecurityNumber')}
              />
              <Button type="submit" loading={send.isPending} fullWidth>
                Recevoir le lien
              </Button>
            </Stack>
          </Form>
        </>
      )}
      <BackToLogin />
    </Stack>
  );
}
