import { Alert, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { CREATE_ACCOUNT_LINK_HOURS, ZCreateAccountRequest, type TCreateAccountRequest } from '@mutua/contracts/auth';
import { useState } from 'react';
import { useServerFieldErrors, useZodForm, formField } from '../../../components/zod-form';
import { useRequestAccountCreation, useValidateAccountCreation } from '../api/account-creation';
import { AuthErrorAlert } from '../components/auth-error';
import { BackToLogin } from '../components/auth-links';
import { Form } from '../../../components/form';

type Step = { kind: 'identity' } | { kind: 'confirm'; input: TCreateAccountRequest; email: string } | { kind: 'sent'; email: string };

/**
 * /login/create-account: who the member is (membership number, surname, birth date), then the
 * validation step (where the link will go), then the create-account link by mail.
 */
export function Component() {
  const [step, setStep] = useState<Step>({ kind: 'identity' });
  const form = useZodForm(ZCreateAccountRequest, {
    defaultValues: { membershipNumber: '', surName: '', birthDate: '' },
    labels: { membershipNumber: 'Numéro d’adhérent', surName: 'Nom', birthDate: 'Date de naissance' },
  });
  const validation = useValidateAccountCreation({ onSuccess: ({ email }, input) => setStep({ kind: 'confirm', input, email }) });
  useServerFieldErrors(form, validation.error);
  const creation = useRequestAccountCreation({ onSuccess: ({ email }) => setStep({ kind: 'sent', email }) });
  useServerFieldErrors(form, creation.error);

  if (step.kind === 'sent') {
    return (
      <Stack gap="md">
        <Alert color="teal" variant="light" role="status" title="E-mail envoyé">
          Un e-mail vient d’être envoyé à {step.email}. Cliquez sur le lien qu’il contient pour choisir votre identifiant et votre mot de passe. Ce lien est
          valable {CREATE_ACCOUNT_LINK_HOURS} heures.
        </Alert>
        <BackToLogin />
      </Stack>
    );
  }

  if (step.kind === 'confirm') {
    return (
      <Stack gap="md">
        <Text role="status">
          Nous avons retrouvé votre adhésion. Un lien pour créer votre compte va être envoyé à <strong>{step.email}</strong>.
        </Text>
        <AuthErrorAlert error={creation.error} />
        <Group gap="sm" wrap="wrap">
          <Button onClick={() => creation.mutate(step.input)} loading={creation.isPending}>
            Recevoir le lien
          </Button>
          <Button
            variant="outline"
            onClick={() => {
              creation.reset();
              setStep({ kind: 'identity' });
            }}
          >
            Modifier mes informations
          </Button>
        </Group>
        <BackToLogin />
      </Stack>
    );
  }

  return (
    <Stack gap="md">
      <Text>Saisissez les informations de l’adhérent principal telles qu’elles figurent sur votre carte de tiers payant.</Text>
      <AuthErrorAlert error={validation.error} />
      <Form noValidate aria-label="Création de compte" onSubmit={form.handleSubmit((values) => validation.mutate(values))}>
        <Stack gap="md">
          <TextInput
            label="Numéro d’adhérent"
            description="8 chiffres"
            inputMode="numeric"
            autoComplete="off"
            maxLength={8}
            required
            {...formField(form, 'membershipNumber')}
          />
          <TextInput label="Nom" autoComplete="family-name" required {...formField(form, 'surName')} />
          <TextInput label="Date de naissance" type="date" autoComplete="bday" required {...formField(form, 'birthDate')} />
          <Button type="submit" loading={validation.isPending} fullWidth>
            Continuer
          </Button>
        </Stack>
      </Form>
      <BackToLogin />
    </Stack>
  );
}
