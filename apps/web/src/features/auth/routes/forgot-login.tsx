import { Alert, Button, Stack, Text, TextInput } from '@mantine/core';
import { ZForgotLoginRequest } from '@mutua/contracts';
import { useServerFieldErrors, useZodForm } from '../../../components/zod-form';
import { useForgotLogin } from '../api/recovery';
import { AuthErrorAlert } from '../components/auth-error';
import { BackToLogin } from '../components/auth-links';
import { Form } from '../../../components/form';

/** /login/forgot-login: the identifiers are mailed to the address, if an account has it. */
export function Component() {
  const form = useZodForm(ZForgotLoginRequest, { defaultValues: { email: '' }, labels: { email: 'Adresse e-mail' } });
  const send = useForgotLogin();
  useServerFieldErrors(form, send.error);

  return (
    <Stack gap="md">
      {send.isSuccess ? (
        <Alert color="teal" variant="light" role="status" title="Demande envoyée">
          Si un compte correspond à l’adresse {send.variables.email}, vous allez recevoir vos identifiants par e-mail. Pensez à vérifier vos courriers indésirables.
        </Alert>
      ) : (
        <>
          <Text>Saisissez l’adresse e-mail connue de votre mutuelle&nbsp;: nous vous enverrons vos identifiants de connexion.</Text>
          <AuthErrorAlert error={send.error} />
          <Form noValidate aria-label="Identifiant oublié" onSubmit={form.handleSubmit((values) => send.mutate(values))}>
            <Stack gap="md">
              <TextInput label="Adresse e-mail" type="email" autoComplete="email" required error={form.formState.errors.email?.message} {...form.register('email')} />
              <Button type="submit" loading={send.isPending} fullWidth>
                Recevoir mon identifiant
              </Button>
            </Stack>
          </Form>
        </>
      )}
      <BackToLogin />
    </Stack>
  );
}
