import { Alert, Button, Group, List, Stack, Text, Title } from '@mantine/core';
import { ZAccountClosure } from '@mutua/contracts/account-closure';
import { isFeatureEnabled } from '@mutua/contracts/features';
import { RETENTION } from '@mutua/contracts/retention';
import { useQueryClient } from '@tanstack/react-query';
import { useLayoutEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { Form } from '../../../components/form';
import { PasswordField } from '../../../components/password-field';
import { useRouteDialog } from '../../../components/route-dialog';
import { clearSession } from '../../../lib/access-store';
import { ApiError } from '../../../lib/api-client';
import { useGlobalDetails } from '../../../lib/global-details';
import { handOffAccountClosed } from '../../../lib/login-hand-off';
import { paths } from '../../../lib/paths';
import { useCloseAccount } from '../api/account-closure';

const years = (n: number) => (n > 1 ? `${n}\u00a0ans` : `${n}\u00a0an`);

const ERASED = [
  'votre identifiant, votre mot de passe et vos connexions en cours\u00a0;',
  'vos adresses e-mail, numéros de téléphone et adresses postales\u00a0;',
  'vos coordonnées bancaires et vos mandats de prélèvement\u00a0;',
  'vos demandes, vos messages et les documents que vous nous avez envoyés\u00a0;',
  'vos noms et prénoms, vos numéros de sécurité sociale et ceux des personnes couvertes (remplacés par «\u00a0ANONYME\u00a0», la date de naissance réduite à l’année).',
];

const KEPT = [
  `vos remboursements et les prélèvements de vos cotisations\u00a0: ${years(RETENTION.accountingYears)} après leur paiement (pièces comptables, Code de commerce)\u00a0;`,
  'vos contrats et leurs garanties, sur lesquels ces remboursements reposent\u00a0: aussi longtemps que ces remboursements\u00a0;',
  `la trace des actions sensibles de votre compte (connexions, changements de coordonnées bancaires, cette clôture)\u00a0: ${years(RETENTION.auditDays / 365)}.`,
];

/** The Modal's title (an h2 drawn by the route dialog) takes the focus, so the dialog is read from its name. */
function useDialogHeadingFocus() {
  const ref = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const heading = ref.current?.closest('[role="dialog"]')?.querySelector<HTMLElement>('h2');
    if (!heading) return;
    heading.tabIndex = -1;
    // The dialog's focus trap moves the focus to [data-autofocus] once it opens (a tick later).
    heading.setAttribute('data-autofocus', '');
  }, []);
  return ref;
}

/**
 * Route `accountClosure` (dialog, GDPR art. 17): what is erased, what the law keeps and for how long,
 * then the password confirms. The session ends with the account: the login page confirms the closure.
 */
export function Component() {
  const ref = useDialogHeadingFocus();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const dialog = useRouteDialog();
  const resiliation = useGlobalDetails((d) => isFeatureEnabled(d.featureStatus, 'CONTRACT_RESILIATION'));
  const [password, setPassword] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const close = useCloseAccount({
    onSuccess: async () => {
      handOffAccountClosed();
      // Leave the signed-in screens first, then forget (as « Se déconnecter »): a screen still mounted
      // would load again and meet the ended session.
      await navigate(paths.login, { replace: true });
      clearSession();
      queryClient.clear();
    },
    onError: (error) => {
      if (error.code === 'ACCOUNT_CLOSURE_PASSWORD_WRONG') setFieldError(error.message);
    },
  });
  const refusal = close.error instanceof ApiError && close.error.code !== 'ACCOUNT_CLOSURE_PASSWORD_WRONG' ? close.error : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (close.isPending || close.isSuccess) return;
    const parsed = ZAccountClosure.safeParse({ password });
    if (!parsed.success) {
      setFieldError(parsed.error.issues[0]!.message);
      return;
    }
    setFieldError(null);
    close.reset();
    close.mutate(parsed.data);
  };

  return (
    <Stack gap="md" ref={ref}>
      <Text>
        La clôture de votre compte est définitive&nbsp;: vous ne pourrez plus vous connecter à votre espace. Elle n’est possible qu’une fois tous vos contrats
        terminés.
      </Text>
      <section aria-labelledby="closure-erased">
        <Title order={3} size="h5" id="closure-erased">
          Ce qui est effacé dès la clôture
        </Title>
        <List size="sm" spacing={4} mt="xs">
          {ERASED.map((line) => (
            <List.Item key={line}>{line}</List.Item>
          ))}
        </List>
      </section>
      <section aria-labelledby="closure-kept">
        <Title order={3} size="h5" id="closure-kept">
          Ce que la loi nous oblige à conserver, et combien de temps
        </Title>
        <Text size="sm" mt="xs">
          Rattachés à votre numéro d’adhérent, sans nom, numéro de sécurité sociale ni coordonnées&nbsp;:
        </Text>
        <List size="sm" spacing={4} mt={4}>
          {KEPT.map((line) => (
            <List.Item key={line}>{line}</List.Item>
          ))}
        </List>
        <Text size="sm" mt="xs">
          Passés ces délais, ces informations sont supprimées.
        </Text>
      </section>
      {refusal && (
        <Alert color="red" variant="light" role="alert" title="Votre compte n’a pas été clôturé" data-testid="account-closure-refused">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{refusal.message}</Text>
            {refusal.code === 'ACCOUNT_CLOSURE_CONTRACT_RUNNING' &&
              (resiliation.data !== false ? (
                <Button component={Link} to={paths.paidOptions} size="xs" variant="outline" color="red.8">
                  Résilier votre contrat
                </Button>
              ) : (
                <Button component={Link} to={paths.contactUs} size="xs" variant="outline" color="red.8">
                  Nous contacter
                </Button>
              ))}
          </Stack>
        </Alert>
      )}
      <Form onSubmit={submit} aria-label="Confirmer la clôture de mon compte">
        <Stack gap="md">
          <PasswordField
            label="Mot de passe"
            description="Saisissez votre mot de passe pour confirmer la clôture."
            autoComplete="current-password"
            required
            value={password}
            onChange={(event) => {
              setPassword(event.currentTarget.value);
              setFieldError(null);
            }}
            error={fieldError}
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={dialog.close}>
              Annuler
            </Button>
            <Button type="submit" color="red.8" loading={close.isPending || close.isSuccess}>
              Clôturer définitivement mon compte
            </Button>
          </Group>
        </Stack>
      </Form>
    </Stack>
  );
}
