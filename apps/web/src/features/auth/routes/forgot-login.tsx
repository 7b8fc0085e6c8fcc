import { TextInput } from '@mantine/core';
import { ZForgotLoginRequest } from '@mutua/contracts/auth';
import { useServerFieldErrors, useZodForm, formField } from '../../../components/zod-form';
import { useForgotLogin } from '../api/recovery';
import { AuthForm } from '../components/auth-form';
import { RecoveryRequest } from '../components/recovery-request';

/** /login/forgot-login: the identifiers are mailed to the address, if an account has it. */
export function Component() {
  const form = useZodForm(ZForgotLoginRequest, { defaultValues: { email: '' }, labels: { email: 'Adresse e-mail' } });
  const send = useForgotLogin();
  useServerFieldErrors(form, send.error);

  return (
    <RecoveryRequest
      sent={send.isSuccess}
      intro={<>Saisissez l’adresse e-mail connue de votre mutuelle&nbsp;: nous vous enverrons vos identifiants de connexion.</>}
      sentText={
        <>
          Si un compte correspond à l’adresse {send.variables?.email}, vous allez recevoir vos identifiants par e-mail. Pensez à vérifier vos courriers
          indésirables.
        </>
      }
    >
      <AuthForm label="Identifiant oublié" submit="Recevoir mon identifiant" request={send} onSubmit={form.handleSubmit((values) => send.mutate(values))}>
        <TextInput label="Adresse e-mail" type="email" autoComplete="email" required {...formField(form, 'email')} />
      </AuthForm>
    </RecoveryRequest>
  );
}
