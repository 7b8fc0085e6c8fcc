import { Button, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { useAccessState } from '../../../lib/access-store';
import { paths } from '../../../lib/paths';
import { useSelectEmail } from '../api/select-email';
import { AuthErrorAlert } from '../components/auth-error';
import { BackToLogin } from '../components/auth-links';
import { EmailChoice } from '../components/email-choice';
import { startCodeStep } from '../mfa-state';
import '../styles';
import { Form } from '../../../components/form';

/** /login/mfa-email-list: the member has two addresses and chooses where the code goes (shown masked). */
export function Component() {
  const navigate = useNavigate();
  const { sessionId, emails } = useAccessState((s) => s.mfa);
  const [choice, setChoice] = useState<string | null>(null);
  const [missing, setMissing] = useState(false);
  const select = useSelectEmail({
    onSuccess: ({ mfa }) => {
      startCodeStep(mfa);
      void navigate(paths.mfa, { replace: true });
    },
  });

  if (!sessionId || emails.length === 0) return <Navigate to={paths.login} replace />;

  return (
    <Stack gap="md">
      <Text>Votre compte a deux adresses e-mail. Choisissez celle où recevoir votre code de vérification en deux étapes.</Text>
      <AuthErrorAlert error={select.error} overrides={{ MFA_CODE_UNKNOWN: { kind: 'link', label: 'Retour à la connexion', to: paths.login } }} />
      <Form
        noValidate
        aria-label="Choix de l’adresse e-mail"
        onSubmit={(e) => {
          e.preventDefault();
          setMissing(!choice);
          if (choice) select.mutate({ sessionId, email: choice });
        }}
      >
        <Stack gap="md">
          <EmailChoice
            emails={emails}
            value={choice}
            onChange={(v) => {
              setChoice(v);
              setMissing(false);
            }}
            error={missing ? 'Choisissez une adresse e-mail.' : undefined}
          />
          <Button type="submit" loading={select.isPending} fullWidth>
            Recevoir mon code
          </Button>
        </Stack>
      </Form>
      <BackToLogin />
    </Stack>
  );
}
