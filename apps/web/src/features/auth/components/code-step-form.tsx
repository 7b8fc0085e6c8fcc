import { Alert, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { ZMfaCode } from '@mutua/contracts/auth';
import { useEffect, useId } from 'react';
import { paths } from '../../../lib/paths';
import { z } from 'zod';
import { useZodForm, formField } from '../../../components/zod-form';
import { errorCodeOf, AuthErrorAlert } from './auth-error';
import { formatMinutesSeconds, useSecondsLeft } from './countdown';
import type { CodeStep } from '../mfa-state';
import { Form } from '../../../components/form';

export const ZCodeForm = z.object({ code: ZMfaCode });

type Props = {
  step: CodeStep;
  onValidate: (code: string) => void;
  validating: boolean;
  validateError: unknown;
  onRegenerate: () => void;
  regenerating: boolean;
  regenerateError: unknown;
  /** A new code was just sent (after a resend). */
  resent: boolean;
};

/**
 * The code entry: where the code went, how long it stays valid (minutes and seconds), a new code once
 * `resendTimeout` seconds have passed, and the messages of the code step ('Code Expiré', 'Code
 * erroné', code not recognised → generate a new one).
 */
export function CodeStepForm({ step, onValidate, validating, validateError, onRegenerate, regenerating, regenerateError, resent }: Props) {
  const form = useZodForm(ZCodeForm, { defaultValues: { code: '' }, labels: { code: 'Code reçu par e-mail' } });
  const codeLeft = useSecondsLeft(step.codeDeadline);
  const resendLeft = useSecondsLeft(step.resendDeadline);
  const hintId = useId();
  const { reset } = form;
  // A new code replaced the old one: start the entry again.
  useEffect(() => reset({ code: '' }), [step.codeDeadline, reset]);
  const blocked = errorCodeOf(validateError) === 'MFA_BLOCKED' || errorCodeOf(regenerateError) === 'MFA_BLOCKED';
  const expired = codeLeft === 0;
  const error = regenerateError ?? validateError;

  return (
    <Stack gap="md">
      <Text>
        Vérification en deux étapes&nbsp;: un code vient de vous être envoyé à <strong>{step.email}</strong> par {step.environmentNoReplyEmail}. Saisissez-le
        ci-dessous.
      </Text>
      <div aria-live="polite" aria-atomic="true">
        {resent && !error && (
          <Alert color="teal" variant="light" role="status" data-testid="code-resent">
            Un nouveau code a été envoyé à {step.email}. Le précédent n’est plus valable.
          </Alert>
        )}
      </div>
      <AuthErrorAlert
        error={error}
        onRegenerate={resendLeft === 0 && !blocked ? onRegenerate : undefined}
        regenerating={regenerating}
        // The attempt itself is gone when even a new code is refused: start again from the login.
        overrides={regenerateError ? { MFA_CODE_UNKNOWN: { kind: 'link', label: 'Retour à la connexion', to: paths.login } } : undefined}
      />
      {expired && !validateError ? (
        <Alert color="orange" variant="light" data-testid="code-expired">
          Code Expiré
        </Alert>
      ) : (
        !expired && (
          <Text size="sm" role="timer" aria-live="off" data-testid="code-countdown">
            Ce code expire dans {formatMinutesSeconds(codeLeft)}.
          </Text>
        )
      )}
      <Form noValidate aria-label="Code de vérification en deux étapes" onSubmit={form.handleSubmit(({ code }) => onValidate(code))}>
        <Stack gap="md">
          <TextInput
            label="Code reçu par e-mail"
            description="6 chiffres"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            required
            disabled={blocked}
            {...formField(form, 'code')}
          />
          <Button type="submit" loading={validating} disabled={blocked} fullWidth>
            Valider
          </Button>
        </Stack>
      </Form>
      <Group gap="sm" align="center" wrap="wrap">
        <Button variant="outline" onClick={onRegenerate} disabled={resendLeft > 0 || blocked} loading={regenerating} aria-describedby={hintId}>
          Recevoir un nouveau code
        </Button>
        <Text size="sm" id={hintId} role="timer" aria-live="off" data-testid="resend-countdown">
          {resendLeft > 0
            ? `Vous pourrez demander un nouveau code dans ${formatMinutesSeconds(resendLeft)}.`
            : 'Vous n’avez rien reçu\u00a0? Vérifiez vos courriers indésirables ou demandez un nouveau code.'}
        </Text>
      </Group>
    </Stack>
  );
}
