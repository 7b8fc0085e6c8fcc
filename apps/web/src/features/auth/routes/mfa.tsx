import { Stack } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { clearSession } from '../../../lib/access-store';
import { takeAfterSignIn } from '../../../lib/after-sign-in';
import { paths } from '../../../lib/paths';
import { useRegenerateMfa } from '../api/regenerate-mfa';
import { useValidateMfa } from '../api/validate-mfa';
import { errorCodeOf } from '../components/auth-error';
import { BackToLogin } from '../components/auth-links';
import { CodeStepForm } from '../components/code-step-form';
import { allowResendNow, endCodeStep, startCodeStep, useCodeStep } from '../mfa-state';

/** /login/mfa: the e-mailed code opens the session; then home, through the gates (guard). */
export function Component() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const step = useCodeStep();
  const [resent, setResent] = useState(false);
  const [signedIn, setSignedIn] = useState(false);
  const validate = useValidateMfa({
    onSuccess: async () => {
      setSignedIn(true);
      // A new session: nothing of a previous one may remain (global details load again on the way home).
      clearSession();
      queryClient.clear();
      await navigate(takeAfterSignIn() ?? paths.home, { replace: true });
      endCodeStep();
    },
  });
  const regenerate = useRegenerateMfa({
    onMutate: () => {
      validate.reset();
      setResent(false);
    },
    onSuccess: ({ mfa }) => {
      startCodeStep(mfa);
      setResent(true);
    },
    onError: (error) => {
      if (errorCodeOf(error) === 'MAIL_SEND_FAILED') allowResendNow();
    },
  });

  if (!step) return signedIn ? null : <Navigate to={paths.login} replace />;

  return (
    <Stack gap="md">
      <CodeStepForm
        step={step}
        onValidate={(code) => {
          regenerate.reset();
          setResent(false);
          validate.mutate({ sessionId: step.sessionId, code });
        }}
        validating={validate.isPending}
        validateError={validate.error}
        onRegenerate={() => regenerate.mutate({ sessionId: step.sessionId })}
        regenerating={regenerate.isPending}
        regenerateError={regenerate.error}
        resent={resent}
      />
      <BackToLogin />
    </Stack>
  );
}
