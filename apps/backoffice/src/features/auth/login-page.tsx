import { Alert, Button, Container, Image, List, Paper, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { ApiError } from '../../lib/api';
import { useStaffSession } from '../../lib/session';
import { getEnrolment } from './api/get-enrolment';
import { postLogin } from './api/post-login';
import { postTotp } from './api/post-totp';

type Step = 'PASSWORD' | 'TOTP' | 'ENROL' | 'CODES';

/** Staff sign-in: e-mail and password, then the authenticator's code (QR enrolment on first sign-in). */
export function LoginPage() {
  const session = useStaffSession();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [step, setStep] = useState<Step>('PASSWORD');
  const [error, setError] = useState<string | null>(null);
  const [codes, setCodes] = useState<string[]>([]);
  const enrolment = useQuery({ queryKey: ['enrolment'], queryFn: getEnrolment, enabled: step === 'ENROL' });

  if (session.data?.stage === 'ACTIVE' && step !== 'CODES') return <Navigate to="/" replace />;

  const submit = (run: (form: FormData) => Promise<void>) => async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setError(null);
    try {
      await run(new FormData(event.currentTarget));
    } catch (e) {
      setError(e instanceof ApiError ? e.message : 'Un problème inattendu est survenu.');
    }
  };
  const password = submit(async (form) => {
    const result = await postLogin({ email: form.get('email'), password: form.get('password') });
    setStep(result.next);
  });
  const totp = submit(async (form) => {
    const result = await postTotp(form.get('code'));
    await queryClient.invalidateQueries({ queryKey: ['session'] });
    if (result.recoveryCodes) {
      setCodes(result.recoveryCodes);
      setStep('CODES');
    } else navigate('/');
  });

  return (
    <Container size={420} py="xl" component="main">
      <Title order={1} size="h2" mb="md">
        Mutua gestion
      </Title>
      <Paper withBorder p="lg">
        {error && (
          <Alert color="red" mb="md" role="alert">
            {error}
          </Alert>
        )}
        {step === 'PASSWORD' && (
          <form onSubmit={(e) => void password(e)}>
            <Stack>
              <Title order={2} size="h4">
                Connexion du personnel
              </Title>
              <TextInput name="email" label="Adresse e-mail" type="email" autoComplete="username" required />
              <PasswordInput name="password" label="Mot de passe" autoComplete="current-password" required />
              <Button type="submit">Continuer</Button>
            </Stack>
          </form>
        )}
        {(step === 'TOTP' || step === 'ENROL') && (
          <form onSubmit={(e) => void totp(e)}>
            <Stack>
              <Title order={2} size="h4">
                {step === 'ENROL' ? 'Activez votre application d’authentification' : 'Code de votre application'}
              </Title>
              {step === 'ENROL' && (
                <>
                  <Text size="sm">
                    Scannez ce code avec votre application d’authentification (par exemple FreeOTP ou Aegis), puis saisissez le code à 6 chiffres qu’elle
                    affiche.
                  </Text>
                  {enrolment.data && (
                    <>
                      <Image src={enrolment.data.qrDataUrl} alt="Code QR à scanner avec votre application d’authentification" w={220} h={220} />
                      <Text size="sm">
                        Ou saisissez cette clé&nbsp;: <code data-testid="totp-secret">{enrolment.data.secret}</code>
                      </Text>
                    </>
                  )}
                </>
              )}
              <TextInput name="code" label="Code à 6 chiffres ou code de secours" autoComplete="one-time-code" required autoFocus />
              <Button type="submit">Se connecter</Button>
            </Stack>
          </form>
        )}
        {step === 'CODES' && (
          <Stack>
            <Title order={2} size="h4">
              Vos codes de secours
            </Title>
            <Text size="sm">
              Conservez ces codes en lieu sûr&nbsp;: chacun permet une connexion si vous n’avez plus votre téléphone. Ils ne seront plus affichés.
            </Text>
            <List>
              {codes.map((c) => (
                <List.Item key={c}>
                  <code>{c}</code>
                </List.Item>
              ))}
            </List>
            <Button onClick={() => navigate('/')}>J’ai noté mes codes</Button>
          </Stack>
        )}
      </Paper>
    </Container>
  );
}
