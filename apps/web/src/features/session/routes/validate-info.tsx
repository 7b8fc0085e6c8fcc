import { Alert, Loader, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import type { TGlobalDetails } from '@mutua/contracts/global-details';
import { ZPersonalInfoValidationRequest } from '@mutua/contracts/personal-info';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useServerFieldErrors, useZodForm, formField } from '../../../components/zod-form';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { refreshGlobalDetails, useGlobalDetails } from '../../../lib/global-details';
import { paths } from '../../../lib/paths';
import { useValidatePersonalInfo } from '../api/gates';
import { Form } from '../../../components/form';
import { LoadState } from '../../../components/load-state';
import { FormActions } from '../../../components/form-actions';

function defaultsOf(details: TGlobalDetails) {
  const contact = details.insured.insuredContact;
  const address = details.insured.familyAddresses.addresses[0];
  return {
    email: contact.email ?? '',
    mobileNumber: contact.mobileNumber ?? '',
    address: {
      line1: address?.line1 ?? '',
      line2: address?.line2 ?? '',
      line3: address?.line3 ?? '',
      zipCode: address?.zipCode ?? '',
      city: address?.city ?? '',
    },
  };
}

/** validate-info (dialog): mobile number, e-mail, city, zip code or first address line is missing. */
export function Component() {
  const details = useGlobalDetails();
  if (details.isPending || details.isError) return <LoadState query={details} loading={<Loader aria-label="Chargement" />} />;
  return <PersonalInfoForm details={details.data} />;
}

function PersonalInfoForm({ details }: { details: TGlobalDetails }) {
  const navigate = useNavigate();
  const client = useQueryClient();
  const form = useZodForm(ZPersonalInfoValidationRequest, {
    defaultValues: defaultsOf(details),
    labels: {
      email: 'Adresse e-mail',
      mobileNumber: 'Téléphone mobile',
      'address.line1': 'Adresse',
      'address.zipCode': 'Code postal',
      'address.city': 'Ville',
    },
  });
  const save = useValidatePersonalInfo({
    onSuccess: async () => {
      await refreshGlobalDetails(client);
      void navigate(paths.home, { replace: true });
    },
  });
  useServerFieldErrors(form, save.error);

  return (
    <Stack gap="md">
      <Text>Certaines de vos informations personnelles sont manquantes. Merci de les compléter pour accéder à votre espace.</Text>
      {save.isError && (
        <Alert color="red" variant="light">
          {errorMessage(save.error instanceof ApiError ? save.error.code : 'INTERNAL')}
        </Alert>
      )}
      <Form noValidate aria-label="Mes informations personnelles" onSubmit={form.handleSubmit((values) => save.mutate(values))}>
        <Stack gap="sm">
          <TextInput label="Adresse e-mail" type="email" autoComplete="email" required {...formField(form, 'email')} />
          <TextInput
            label="Téléphone mobile"
            type="tel"
            autoComplete="tel"
            required
            description="Exemple&nbsp;: 06 12 34 56 78"
            {...formField(form, 'mobileNumber')}
          />
          <TextInput label="Adresse" autoComplete="address-line1" required {...formField(form, 'address.line1')} />
          <TextInput label="Complément d’adresse" autoComplete="address-line2" {...formField(form, 'address.line2')} />
          <TextInput label="Lieu-dit, boîte postale" autoComplete="address-line3" {...formField(form, 'address.line3')} />
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <TextInput label="Code postal" inputMode="numeric" autoComplete="postal-code" required {...formField(form, 'address.zipCode')} />
            <TextInput label="Ville" autoComplete="address-level2" required {...formField(form, 'address.city')} />
          </SimpleGrid>
          <FormActions label="Valider mes informations" pending={save.isPending} />
        </Stack>
      </Form>
    </Stack>
  );
}
