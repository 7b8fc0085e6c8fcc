import { Alert, Button, Checkbox, Group, NativeSelect, Stack, TextInput, Title } from '@mantine/core';
import type { TPersonalInfo } from '@mutua/contracts/account';
import { useState } from 'react';
import { useCommunes, useSavePersonalInfo } from '../api/personal-info';
import { ApiErrorAlert } from './api-error-alert';
import { serverFieldError } from '../../../lib/api-client';
import { Form } from '../../../components/form';

/**
 * Contact details and address: secondary e-mail, phone, street and two complements, postal code →
 * La Poste's communes, country and foreign-residence flag. `onZipChanged` opens the organisation-code popup.
 */
export function AddressForm({ info, onZipChanged }: { info: TPersonalInfo; onZipChanged: () => void }) {
  const save = useSavePersonalInfo();
  const [v, setV] = useState({
    secondaryEmail: info.secondaryEmail ?? '',
    phoneNumber: info.phoneNumber ?? '',
    line1: info.address.line1 ?? '',
    line2: info.address.line2 ?? '',
    line3: info.address.line3 ?? '',
    zipCode: info.address.zipCode ?? '',
    city: info.address.city ?? '',
    country: info.address.country,
    foreignResidence: info.address.foreignResidence,
  });
  const set = (name: keyof typeof v) => (e: React.ChangeEvent<HTMLInputElement | HTMLSelectElement>) => setV((s) => ({ ...s, [name]: e.currentTarget.value }));
  const abroad = v.foreignResidence;
  const communes = useCommunes(abroad ? '' : v.zipCode.trim());
  const options = communes.data ?? [];
  // A postal code with a single commune chooses it for the member.
  const city = !abroad && options.length === 1 ? options[0]!.name : v.city;
  const cityInList = options.some((c) => c.name === city);
  /** The server's refusal of a field, shown under it (`address.zipCode`…). */
  const refused = (name: string) => serverFieldError(save.error, name);
  /** A typed field: its value, its change, and the server's refusal of it under its path in the request. */
  const field = (name: Exclude<keyof typeof v, 'foreignResidence'>, path: string = name) => ({ value: v[name], onChange: set(name), error: refused(path) });

  return (
    <Form
      noValidate
      aria-labelledby="address-title"
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate(
          {
            secondaryEmail: v.secondaryEmail.trim() || null,
            phoneNumber: v.phoneNumber.trim() || null,
            address: {
              line1: v.line1,
              line2: v.line2,
              line3: v.line3,
              zipCode: v.zipCode,
              city,
              country: abroad ? v.country : 'France',
              foreignResidence: abroad,
            },
          },
          { onSuccess: (data) => data.zipCodeChanged && onZipChanged() },
        );
      }}
    >
      <Stack gap="sm">
        <Title order={2} size="h4" id="address-title">
          Coordonnées et adresse
        </Title>
        <ApiErrorAlert error={save.error} />
        {save.isSuccess && <Alert color="green" variant="light" role="status" title="Vos informations ont été enregistrées" />}
        <TextInput label="E-mail secondaire (facultatif)" type="email" autoComplete="off" {...field('secondaryEmail')} />
        <TextInput label="Téléphone fixe (facultatif)" type="tel" autoComplete="tel" {...field('phoneNumber')} />
        <TextInput label="Adresse" required autoComplete="address-line1" {...field('line1', 'address.line1')} />
        <TextInput label="Complément d’adresse (facultatif)" autoComplete="address-line2" {...field('line2', 'address.line2')} />
        <TextInput label="Complément d’adresse 2 (facultatif)" autoComplete="address-line3" {...field('line3', 'address.line3')} />
        <Checkbox
          label="Je réside à l’étranger"
          checked={abroad}
          onChange={(e) => {
            const checked = e.currentTarget.checked;
            setV((s) => ({ ...s, foreignResidence: checked, country: checked ? (s.country === 'France' ? '' : s.country) : 'France' }));
          }}
        />
        <Group grow align="flex-start" wrap="wrap">
          <TextInput
            label="Code postal"
            required
            autoComplete="postal-code"
            inputMode={abroad ? 'text' : 'numeric'}
            maxLength={abroad ? 12 : 5}
            value={v.zipCode}
            error={refused('address.zipCode')}
            onChange={(e) => {
              const zipCode = e.currentTarget.value;
              setV((s) => ({ ...s, zipCode, city: abroad ? s.city : '' }));
            }}
          />
          {abroad || options.length === 0 ? (
            <TextInput
              label="Ville"
              required
              autoComplete="address-level2"
              {...field('city', 'address.city')}
              description={!abroad && communes.isSuccess && options.length === 0 ? 'Aucune commune pour ce code postal.' : undefined}
            />
          ) : (
            <NativeSelect
              label="Commune"
              required
              value={cityInList ? city : ''}
              error={refused('address.city')}
              onChange={set('city')}
              data={[
                ...(options.length > 1 ? [{ value: '', label: 'Choisissez votre commune' }] : []),
                ...options.map((c) => ({ value: c.name, label: c.name })),
              ]}
            />
          )}
        </Group>
        {abroad && <TextInput label="Pays" required autoComplete="country-name" {...field('country', 'address.country')} />}
        <Group>
          <Button type="submit" loading={save.isPending}>
            Enregistrer mes coordonnées
          </Button>
        </Group>
      </Stack>
    </Form>
  );
}
