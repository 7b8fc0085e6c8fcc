import { useInputState } from '@mantine/hooks';
import { Alert, Anchor, Button, Card, Group, Modal, PasswordInput, Radio, Stack, Text, Title } from '@mantine/core';
import { certificateFileName, type TPersonalInfo } from '@mutua/contracts/account';
import { formatPersonName } from '@mutua/contracts/names';
import { isValidPassword } from '@mutua/contracts/password';
import { useState } from 'react';
import { Link, generatePath } from 'react-router';
import { passwordChecklistProps } from '../../../components/password-checklist';
import { formatDate } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import { NIR_LOGIN_CHOICE, useChangePassword, usePersonalInfo, useUpdateLogin } from '../api/personal-info';
import { AddressForm } from '../components/address-form';
import { ApiErrorAlert } from '../components/api-error-alert';
import { ContactChangeForm } from '../components/contact-change-form';
import { CertificateButton } from '../components/my-data-button';
import { Form } from '../../../components/form';
import { LoadState } from '../../../components/load-state';
import { FormActions } from '../../../components/form-actions';
import { TitledSection } from '../../../components/titled-section';

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <TitledSection title={title} size="h4" card="lg">
      {children}
    </TitledSection>
  );
}

function ContactLine({ label, value, kind }: { label: string; value: string | null; kind: 'email' | 'mobile' }) {
  const [editing, setEditing] = useState(false);
  return (
    <Stack gap={4}>
      <Group justify="space-between" wrap="wrap">
        <Text size="sm">
          {label}&nbsp;: <strong>{value ?? 'non renseigné'}</strong>
        </Text>
        {!editing && (
          <Button variant="subtle" size="compact-sm" onClick={() => setEditing(true)}>
            Modifier {kind === 'email' ? 'mon adresse e-mail' : 'mon mobile'}
          </Button>
        )}
      </Group>
      {editing && <ContactChangeForm kind={kind} onDone={() => setEditing(false)} />}
    </Stack>
  );
}

function PasswordForm() {
  const change = useChangePassword();
  const [current, setCurrent] = useInputState('');
  const [next, setNext] = useInputState('');
  const [confirm, setConfirm] = useInputState('');
  const [error, setError] = useState<string | null>(null);
  return (
    <Form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        const problem = !isValidPassword(next)
          ? 'Le nouveau mot de passe ne respecte pas les règles ci-dessous.'
          : next !== confirm
            ? 'Les deux mots de passe ne sont pas identiques.'
            : null;
        setError(problem);
        if (!problem) change.mutate({ currentPassword: current, newPassword: next }, { onSuccess: () => (setCurrent(''), setNext(''), setConfirm('')) });
      }}
    >
      <Stack gap="sm">
        <ApiErrorAlert error={change.error} title="Votre mot de passe n’a pas été modifié" />
        {change.isSuccess && <Alert color="green" variant="light" role="status" title="Votre mot de passe a été modifié" />}
        <PasswordInput label="Ancien mot de passe" autoComplete="current-password" required value={current} onChange={setCurrent} />
        <PasswordInput
          label="Nouveau mot de passe"
          autoComplete="new-password"
          required
          value={next}
          onChange={setNext}
          error={error}
          {...passwordChecklistProps(next)}
        />
        <PasswordInput label="Confirmation du nouveau mot de passe" autoComplete="new-password" required value={confirm} onChange={setConfirm} />
        <FormActions inline label="Modifier mon mot de passe" pending={change.isPending} />
      </Stack>
    </Form>
  );
}

function LoginChoice({ info }: { info: TPersonalInfo }) {
  const update = useUpdateLogin();
  const emails = [...new Set([info.email, info.secondaryEmail].filter((e): e is string => !!e))];
  const [login, setLogin] = useState(
    info.loginType === 'EMAIL' && info.loginEmail
      ? info.loginEmail
      : info.loginType === 'NIR' && info.nirLoginAllowed
        ? NIR_LOGIN_CHOICE
        : info.membershipNumber,
  );
  return (
    <Form noValidate onSubmit={(e) => (e.preventDefault(), update.mutate(login))}>
      <Stack gap="sm">
        <ApiErrorAlert error={update.error} />
        {update.isSuccess && <Alert color="green" variant="light" role="status" title="Votre identifiant de connexion a été modifié" />}
        <Radio.Group label="Je me connecte avec" value={login} onChange={setLogin}>
          <Stack gap={6} mt={4}>
            <Radio value={info.membershipNumber} label={`Mon numéro d’adhérent (${info.membershipNumber})`} />
            {emails.map((e) => (
              <Radio key={e} value={e.toLowerCase()} label={`Mon adresse e-mail (${e})`} />
            ))}
            {info.nirLoginAllowed && info.nirMasked && (
              <Radio
                value={NIR_LOGIN_CHOICE}
                label={`Mon numéro de Sécurité sociale (${info.nirMasked})`}
                description="13 caractères suivis de la clé, espaces acceptés"
              />
            )}
          </Stack>
        </Radio.Group>
        <Group>
          <Button type="submit" variant="light" loading={update.isPending}>
            Enregistrer mon identifiant
          </Button>
        </Group>
      </Stack>
    </Form>
  );
}

/** Route `personalInfo`: profile, contact details and address, security, login identifier, certificate. */
export function Component() {
  const query = usePersonalInfo();
  const info = query.data;
  const [zipPopup, setZipPopup] = useState(false);
  return (
    <Stack gap="lg">
      <Title order={1}>Mes informations personnelles</Title>
      <LoadState query={query} title="Vos informations n’ont pas pu être chargées" loading={240} loadingLabel="Chargement de vos informations" />
      {info && (
        <>
          <Section title="Mon profil">
            <Text size="sm">{formatPersonName(info)}</Text>
            {info.birthDate && <Text size="sm">Date de naissance&nbsp;: {formatDate(info.birthDate, 'long')}</Text>}
            <Text size="sm">Numéro d’adhérent&nbsp;: {info.membershipNumber}</Text>
            {info.nirMasked && <Text size="sm">Numéro de Sécurité sociale&nbsp;: {info.nirMasked}</Text>}
          </Section>
          <Section title="Mes coordonnées de contact">
            <ContactLine label="E-mail" value={info.email} kind="email" />
            <ContactLine label="Mobile" value={info.mobileNumber} kind="mobile" />
          </Section>
          <Card withBorder radius="md" padding="lg">
            <AddressForm info={info} onZipChanged={() => setZipPopup(true)} />
          </Card>
          <Section title="Sécurité">
            <PasswordForm />
          </Section>
          <Section title="Identifiant de connexion">
            <LoginChoice info={info} />
          </Section>
          <Section title="Certificat d’adhésion">
            {info.certificateAvailable ? (
              <Group>
                <CertificateButton fileName={certificateFileName(info.membershipNumber)} />
              </Group>
            ) : (
              <Text size="sm">Votre contrat est terminé&nbsp;: le certificat d’adhésion n’est plus disponible.</Text>
            )}
          </Section>
          <Modal
            opened={zipPopup}
            onClose={() => setZipPopup(false)}
            title="Vous avez changé de code postal"
            centered
            closeButtonProps={{ 'aria-label': 'Fermer' }}
          >
            <Stack gap="md">
              <Text size="sm">
                Votre caisse d’assurance maladie a peut-être changé. Pensez à mettre à jour votre code organisme pour que vos remboursements de la Sécurité
                sociale nous parviennent automatiquement.
              </Text>
              <Group justify="flex-end" gap="sm">
                <Button variant="default" onClick={() => setZipPopup(false)}>
                  Plus tard
                </Button>
                <Button component={Link} to={generatePath(paths.preferences, { openTeletransmission: 'true' })}>
                  Mettre à jour mon code organisme
                </Button>
              </Group>
            </Stack>
          </Modal>
        </>
      )}
      <Anchor component={Link} to={paths.account} size="sm" underline="always">
        ← Mon compte
      </Anchor>
    </Stack>
  );
}
