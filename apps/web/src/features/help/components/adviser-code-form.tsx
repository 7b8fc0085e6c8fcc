import { useInputState } from '@mantine/hooks';
import { ZAdviserCodeRequest, type TAdviserCode } from '@mutua/contracts/help';
import { Button, Paper, Stack, Text, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { ApiError } from '../../../lib/api-client';
import { isLoggedIn } from '../../../lib/cookies';
import { dayjs } from '../../../lib/dayjs';
import { useRequestAdviserCode } from '../api/request-adviser-code';
import { Form } from '../../../components/form';

function CodeShown({ code }: { code: TAdviserCode }) {
  return (
    <Paper withBorder p="md" radius="md" role="status" aria-live="polite">
      <Text>Votre code conseiller&nbsp;:</Text>
      <Text component="p" ff="monospace" fz="2rem" fw={700} lts="0.3em" m={0} data-testid="adviser-code" aria-label={`Code ${code.code.split('').join(' ')}`}>
        {code.code}
      </Text>
      <Text size="sm">
        Communiquez-le au conseiller qui vous répond au téléphone. Il est valable jusqu’à {dayjs(code.expiresAt).format('HH:mm')} (30&nbsp;minutes).
      </Text>
    </Paper>
  );
}

/**
 * The adviser code: signed in, one button; signed out, the membership number or social security
 * number first. The answer looks the same whether or not the number is known.
 */
export function AdviserCodeForm() {
  const signedIn = isLoggedIn();
  const [identifier, setIdentifier] = useInputState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const mutation = useRequestAdviserCode();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (signedIn) return mutation.mutate({});
    const parsed = ZAdviserCodeRequest.safeParse({ identifier });
    if (!parsed.success || !identifier.trim()) {
      setFieldError(parsed.error?.issues[0]?.message ?? 'Saisissez votre numéro d’adhérent ou votre numéro de sécurité sociale.');
      return;
    }
    setFieldError(null);
    mutation.mutate({ identifier });
  };

  const apiError = mutation.error instanceof ApiError ? mutation.error.message : mutation.error ? 'La demande n’a pas abouti. Veuillez réessayer.' : null;

  return (
    <Stack gap="sm">
      <Form onSubmit={submit} noValidate aria-label="Obtenir un code conseiller">
        <Stack gap="sm" align="flex-start">
          {!signedIn && (
            <TextInput
              w="100%"
              maw="26rem"
              label="Numéro d’adhérent ou numéro de sécurité sociale"
              description="8 chiffres sur votre carte de tiers payant, ou les 13 ou 15 caractères de votre carte Vitale"
              value={identifier}
              onChange={setIdentifier}
              error={fieldError ?? apiError}
              inputMode="text"
              autoComplete="off"
              required
            />
          )}
          <Button type="submit" loading={mutation.isPending}>
            {signedIn ? 'Obtenir mon code conseiller' : 'Obtenir un code conseiller'}
          </Button>
          {signedIn && apiError && (
            <Text c="red.8" role="alert">
              {apiError}
            </Text>
          )}
        </Stack>
      </Form>
      {mutation.data && <CodeShown code={mutation.data} />}
    </Stack>
  );
}
