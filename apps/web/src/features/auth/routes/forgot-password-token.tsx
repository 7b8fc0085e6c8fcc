import { Alert, Button, Stack, Text } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { useServerFieldErrors, useZodForm } from '../../../components/zod-form';
import { paths } from '../../../lib/paths';
import { useResetPassword, useResetToken } from '../api/recovery';
import { AuthErrorAlert } from '../components/auth-error';
import { BackToLogin } from '../components/auth-links';
import { AuthForm } from '../components/auth-form';
import { NewPasswordFields, ZNewPasswordPair } from '../components/new-password-fields';
import { LinkChecking } from '../components/link-checking';

/** /login/forgot-password/{token}: the e-mailed link (60 minutes, single use) → a new password. */
export function Component() {
  const { token = '' } = useParams();
  const link = useResetToken(token);
  const form = useZodForm(ZNewPasswordPair, { defaultValues: { password: '', confirm: '' } });
  const reset = useResetPassword();
  useServerFieldErrors(form, reset.error);
  const password = form.watch('password');

  if (reset.isSuccess) {
    return (
      <Stack gap="md">
        <Alert color="teal" variant="light" role="status" title="Mot de passe modifié">
          Votre nouveau mot de passe est enregistré. Vous pouvez dès maintenant vous connecter.
        </Alert>
        <Button component={Link} to={paths.login} reloadDocument>
          Me connecter
        </Button>
      </Stack>
    );
  }

  return (
    <Stack gap="md">
      {link.isPending && <LinkChecking />}
      {link.isError && (
        <AuthErrorAlert error={link.error} overrides={{ VALIDATION_FAILED: { kind: 'link', label: 'Faire une nouvelle demande', to: paths.forgotPassword } }} />
      )}
      {link.isSuccess && (
        <>
          <Text>Choisissez votre nouveau mot de passe.</Text>
          <AuthForm
            label="Nouveau mot de passe"
            submit="Enregistrer mon mot de passe"
            request={reset}
            onSubmit={form.handleSubmit(({ password: value }) => reset.mutate({ token, password: value }))}
          >
            <NewPasswordFields register={form.register} errors={form.formState.errors} value={password} />
          </AuthForm>
        </>
      )}
      <BackToLogin />
    </Stack>
  );
}
