import { Alert, Button, Radio, Stack, Text } from '@mantine/core';
import { CREATION_LOGIN_TYPES, type CreationLoginType } from '@mutua/contracts/auth';
import { Controller } from 'react-hook-form';
import { useParams } from 'react-router';
import { z } from 'zod';
import { useServerFieldErrors, useZodForm } from '../../../components/zod-form';
import { paths } from '../../../lib/paths';
import { useFinishAccountCreation, useLoginChoices } from '../api/account-creation';
import { AuthErrorAlert, type ErrorAction } from '../components/auth-error';
import { BackToLogin } from '../components/auth-links';
import { AuthForm } from '../components/auth-form';
import { handOffLoginPrefill } from '../../../lib/login-hand-off';
import { NewPasswordFields, newPasswordShape, passwordsMatch } from '../components/new-password-fields';
import '../styles';
import { LinkChecking } from '../components/link-checking';
import { formatName } from '../../../lib/format';

const ZFinalStep = z
  .object({ loginType: z.enum(CREATION_LOGIN_TYPES, 'Choisissez votre identifiant de connexion.'), ...newPasswordShape })
  .refine(...passwordsMatch);

const LOGIN_LABELS: Record<CreationLoginType, string> = { EMAIL: 'Mon adresse e-mail', MEMBERSHIP_NUMBER: 'Mon numéro d’adhérent' };
/** A create-account link that no longer works: ask for a new one. */
const NEW_LINK: ErrorAction = { kind: 'link', label: 'Faire une nouvelle demande', to: paths.createAccount };

/** /login/create-account-final-step/{token}: from the e-mailed link, the choice of login identifier and the password. */
export function Component() {
  const { token = '' } = useParams();
  const choices = useLoginChoices(token);
  const form = useZodForm(ZFinalStep, { defaultValues: { loginType: undefined, password: '', confirm: '' } });
  const finish = useFinishAccountCreation();
  useServerFieldErrors(form, finish.error);
  const password = form.watch('password');

  if (finish.isSuccess) {
    return (
      <Stack gap="md">
        <Alert color="teal" variant="light" role="status" title="Votre compte est créé">
          Vous pouvez maintenant vous connecter avec l’identifiant <strong>{finish.data.login}</strong> et votre mot de passe.
        </Alert>
        <Button component="a" href={paths.login} onClick={() => handOffLoginPrefill(finish.data.login)}>
          Me connecter
        </Button>
      </Stack>
    );
  }

  return (
    <Stack gap="md">
      {choices.isPending && <LinkChecking />}
      {choices.isError && <AuthErrorAlert error={choices.error} overrides={{ LINK_EXPIRED: NEW_LINK, VALIDATION_FAILED: NEW_LINK }} />}
      {choices.isSuccess && (
        <>
          <Text>Bonjour {formatName(choices.data.firstName)}, choisissez l’identifiant avec lequel vous vous connecterez, puis votre mot de passe.</Text>
          <AuthForm
            label="Finalisation du compte"
            submit="Créer mon compte"
            request={finish}
            overrides={{ LINK_EXPIRED: NEW_LINK }}
            onSubmit={form.handleSubmit(({ loginType, password: value }) => finish.mutate({ token, loginType, password: value }))}
          >
            <Controller
              control={form.control}
              name="loginType"
              render={({ field, fieldState }) => (
                <Radio.Group
                  label="Mon identifiant de connexion"
                  required
                  value={field.value ?? null}
                  onChange={(v) => field.onChange(v as CreationLoginType)}
                  error={fieldState.error?.message}
                >
                  <Stack gap="sm" mt="xs">
                    {choices.data.logins.map((choice) => (
                      <Radio
                        key={choice.type}
                        value={choice.type}
                        label={`${LOGIN_LABELS[choice.type]}\u00a0: ${choice.value}`}
                        ref={field.ref}
                        onBlur={field.onBlur}
                      />
                    ))}
                  </Stack>
                </Radio.Group>
              )}
            />
            <NewPasswordFields register={form.register} errors={form.formState.errors} value={password} />
          </AuthForm>
        </>
      )}
      <BackToLogin />
    </Stack>
  );
}
