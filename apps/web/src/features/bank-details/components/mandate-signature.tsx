import { useInputState } from '@mantine/hooks';
import { Alert, Button, Checkbox, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { ZSignMandateRequest, type TMandateContent, type TMandateSigned, type TSignatureCodeSent } from '@mutua/contracts/bank-details';
import { useEffect, useId, useRef, useState } from 'react';
import { DownloadButton } from '../../../components/download-button';
import { DOWNLOAD_FAILED } from '../../../lib/download';
import { useDownloadMandateToSign, useSendSignatureCode, useSignMandate } from '../api/signature';
import { MandateView } from './mandate-view';
import { Form } from '../../../components/form';
import { SendError } from '../../../components/send-error';
import { FormActions } from '../../../components/form-actions';

type Props = { changeId: string; mandate: TMandateContent; mobile: string; onSigned: (signed: TMandateSigned) => void; onCancel: () => void };

const time = (iso: string) => new Intl.DateTimeFormat('fr-FR', { hour: '2-digit', minute: '2-digit', timeZone: 'Europe/Paris' }).format(new Date(iso));

/**
 * The built-in signature: the whole mandate (and its PDF), a 6-digit code sent by SMS to the registered
 * mobile, the place of signature and the explicit consent, then « Je signe ».
 */
export function MandateSignature({ changeId, mandate, mobile, onSigned, onCancel }: Props) {
  const headingId = useId();
  const [sent, setSent] = useState<TSignatureCodeSent | null>(null);
  const [code, setCode] = useState('');
  const [place, setPlace] = useInputState('');
  const [consent, setConsent] = useInputState(false);
  const [problems, setProblems] = useState<{ code?: string; place?: string; consent?: string }>({});
  const codeInput = useRef<HTMLInputElement>(null);
  const preview = useDownloadMandateToSign({ onError: () => notifications.show({ color: 'red', ...DOWNLOAD_FAILED }) });
  const sendCode = useSendSignatureCode({ onSuccess: (result) => setSent(result) });
  const sign = useSignMandate({ onSuccess: (signed) => onSigned(signed) });

  // Once the code is sent, the member types it: the focus goes there.
  useEffect(() => {
    if (sent) codeInput.current?.focus();
  }, [sent]);

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = ZSignMandateRequest.safeParse({ code, place, consent });
    if (!parsed.success) {
      const next: typeof problems = {};
      for (const issue of parsed.error.issues) next[issue.path[0] as keyof typeof problems] ??= issue.message;
      setProblems(next);
      return;
    }
    setProblems({});
    sign.mutate({ changeId, ...parsed.data });
  };

  const remaining = typeof sign.error?.details.remainingAttempts === 'number' ? sign.error.details.remainingAttempts : null;

  return (
    <Stack gap="lg">
      <MandateView mandate={mandate} headingId={headingId} />
      <Group>
        <DownloadButton variant="outline" pending={preview.isPending} onClick={() => preview.mutate({ changeId, rum: mandate.rum })}>
          Télécharger le mandat (PDF)
        </DownloadButton>
      </Group>

      <Stack gap="sm" component="section" aria-labelledby={`${headingId}-sign`}>
        <Title order={3} size="h4" id={`${headingId}-sign`}>
          Signature électronique
        </Title>
        {!sent ? (
          <>
            <Text size="sm">Pour signer, nous envoyons un code à 6&nbsp;chiffres par SMS à votre numéro de mobile enregistré ({mobile}).</Text>
            <SendError error={sendCode.error} title="Le code n’a pas pu être envoyé" />
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={onCancel}>
                Annuler
              </Button>
              <Button onClick={() => sendCode.mutate(changeId)} loading={sendCode.isPending}>
                Recevoir le code par SMS
              </Button>
            </Group>
          </>
        ) : (
          <Form noValidate onSubmit={submit} aria-label="Signer le mandat">
            <Stack gap="md">
              <Text size="sm" role="status">
                Un code a été envoyé par SMS au {sent.mobile}. Il est valable jusqu’à {time(sent.codeExpiresAt)}.
              </Text>
              {sign.error && (
                <Alert color="red" variant="light" role="alert" title="Le mandat n’est pas signé">
                  {sign.error.message}
                  {remaining !== null && ` Il vous reste ${remaining} essai${remaining > 1 ? 's' : ''}.`}
                </Alert>
              )}
              <TextInput
                ref={codeInput}
                label="Code reçu par SMS"
                required
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={6}
                value={code}
                onChange={(e) => setCode(e.currentTarget.value.replace(/\D/g, ''))}
                error={problems.code}
              />
              <Group gap="xs">
                {sendCode.error && (
                  <Text size="sm" c="red.8" role="alert">
                    {sendCode.error.message}
                  </Text>
                )}
                <Button variant="subtle" size="compact-sm" onClick={() => sendCode.mutate(changeId)} loading={sendCode.isPending}>
                  Renvoyer le code
                </Button>
              </Group>
              <TextInput
                label="Lieu de signature"
                description="La ville où vous signez"
                required
                maxLength={60}
                autoComplete="address-level2"
                value={place}
                onChange={setPlace}
                error={problems.place}
              />
              <Checkbox
                checked={consent}
                onChange={setConsent}
                label="J’ai lu le mandat de prélèvement SEPA ci-dessus et je consens à le signer électroniquement."
                error={problems.consent}
              />
              <FormActions label="Je signe" pending={sign.isPending} onCancel={onCancel} />
            </Stack>
          </Form>
        )}
      </Stack>
    </Stack>
  );
}
