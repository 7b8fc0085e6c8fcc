import { Alert, Button, Group, Loader, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { ZPersonalInfoValidationRequest, type TGlobalDetails } from '@mutua/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useServerFieldErrors, useZodForm } from '../../../components/zod-form';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { refreshGlobalDetails, useGlobalDetails } from '../../../lib/global-details';
import { paths } from '../../../lib/paths';
import { useValidatePersonalInfo } from '../api/gates';
import { Form } from '../../../components/form';
import { LoadState } from '../../../components/load-state';

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
  const errors = form.formState.errors;

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
          <TextInput label="Adresse e-mail" type="email" autoComplete="email" required error={errors.email?.message} {...form.register('email')} />
          <TextInput
            label="Téléphone mobile"
            type="tel"
            autoComplete="tel"
            required
            description="Exemple&nbsp;: 06 12 34 56 78"
            error={errors.mobileNumber?.message}
            {...form.register('mobileNumber')}
          />
          <TextInput label="Adresse" autoComplete="address-line1" required error={errors.address?.line1?.message} {...form.register('address.line1')} />
          <TextInput label="Complément d’adresse" autoComplete="address-line2" error={errors.address?.line2?.message} {...form.register('address.line2')} />
          <TextInput label="Lieu-dit, boîte postale" autoComplete="address-line3" error={errors.address?.line3?.message} {...form.register('address.line3')} />
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <TextInput
              label="Code postal"
              inputMode="numeric"
              autoComplete="postal-code"
              required
              error={errors.address?.zipCode?.message}
              {...form.register('address.zipCode')}
            />
            <TextInput label="Ville" autoComplete="address-level2" required error={errors.address?.city?.message} {...form.register('address.city')} />
          </SimpleGrid>
          <Group justify="flex-end">
            <Button type="submit" loading={save.isPending}>
              Valider mes informations
            </Button>
          </Group>
        </Stack>
      </Form>
    </Stack>
  );
}
