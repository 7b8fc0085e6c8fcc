import { TextInput } from '@mantine/core';
import { PASSWORD_RESET_LINK_MINUTES, ZForgotPasswordRequest } from '@mutua/contracts/auth';
import { useServerFieldErrors, useZodForm, formField } from '../../../components/zod-form';
import { useForgotPassword } from '../api/recovery';
import { AuthForm } from '../components/auth-form';
import { IdentifierField } from '../components/identifier-field';
import { RecoveryRequest } from '../components/recovery-request';

/** /login/forgot-password: a reset link (valid 60 minutes) is mailed when the pair designates an account. */
export function Component() {
  const form = useZodForm(ZForgotPasswordRequest, {
    defaultValues: { login: '', socialSecurityNumber: '' },
    labels: { login: 'Identifiant', socialSecurityNumber: 'Numéro de sécurité sociale' },
  });
  const send = useForgotPassword();
  useServerFieldErrors(form, send.error);

  return (
    <RecoveryRequest
      sent={send.isSuccess}
      intro={<>Saisissez votre identifiant et votre numéro de sécurité sociale&nbsp;: nous vous enverrons un lien pour choisir un nouveau mot de passe.</>}
      sentText={`Si ces informations correspondent à un compte, vous allez recevoir un e-mail contenant un lien pour choisir un nouveau mot de passe. Ce lien est valable ${PASSWORD_RESET_LINK_MINUTES} minutes.`}
    >
      <AuthForm label="Mot de passe oublié" submit="Recevoir le lien" request={send} onSubmit={form.handleSubmit((values) => send.mutate(values))}>
        <IdentifierField {...formField(form, 'login')} />
        <TextInput
          label="Numéro de sécurité sociale"
          description="13 caractères, suivis ou non de la clé à 2 chiffres"
          autoComplete="off"
          required
          {...formField(form, 'socialSecurityNumber')}
        />
      </AuthForm>
    </RecoveryRequest>
  );
}
