import { useInputState } from '@mantine/hooks';
import { Alert, Checkbox, Radio, Stack, Text, TextInput } from '@mantine/core';
import { ORGANISATION_MESSAGES, type TBeneficiaryTeletransmission } from '@mutua/contracts/account';
import { formatPersonName } from '@mutua/contracts/names';
import { useDeferredValue } from 'react';
import { useOrganisationSearch, useSavePreferences } from '../api/preferences';
import { ApiErrorAlert } from './api-error-alert';
import { Form } from '../../../components/form';
import { FormActions } from '../../../components/form-actions';

/**
 * Asking teletransmission for one person: the fund searched by name or code (9 digits, the last 3
 * optional), the other-mutual toggle → a request (10000). Obsolete funds and funds without
 * teletransmission say so.
 */
export function TeletransmissionForm({ person, onDone }: { person: TBeneficiaryTeletransmission; onDone: () => void }) {
  const save = useSavePreferences();
  const [query, setQuery] = useInputState('');
  const deferred = useDeferredValue(query);
  const search = useOrganisationSearch(deferred);
  const [code, setCode] = useInputState(person.organisationCode && person.organisationCode.length >= 6 ? person.organisationCode : '');
  const [otherMutual, setOtherMutual] = useInputState(person.otherMutual);
  const funds = search.data ?? [];
  const chosen = funds.find((f) => f.code === code);
  const name = formatPersonName(person);

  return (
    <Form
      noValidate
      aria-label={`Télétransmission pour ${name}`}
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate(
          { teletransmission: { familyPosition: person.familyPosition, action: 'REQUEST', organisationCode: code, otherMutual } },
          { onSuccess: onDone },
        );
      }}
    >
      <Stack gap="sm">
        <ApiErrorAlert error={save.error} title="Votre demande n’a pas pu être envoyée" />
        <TextInput
          label="Rechercher votre caisse d’assurance maladie"
          description="Sa ville, son nom ou son code organisme, inscrit sur votre attestation de droits"
          value={query}
          onChange={setQuery}
        />
        {deferred.trim().length >= 2 && search.isSuccess && funds.length === 0 && <Text size="sm">Aucun organisme ne correspond à votre recherche.</Text>}
        {funds.length > 0 && (
          <Radio.Group label="Organismes trouvés" value={code} onChange={setCode}>
            <Stack gap={6} mt={4}>
              {funds.map((f) => (
                <Radio key={f.code} value={f.code} label={`${f.label} (${f.code})`} description={f.cities ? `Villes\u00a0: ${f.cities}` : undefined} />
              ))}
            </Stack>
          </Radio.Group>
        )}
        {chosen?.obsolete && (
          <Alert color="gray" variant="light" title="Organisme rattaché à votre caisse primaire">
            {ORGANISATION_MESSAGES.obsolete}
          </Alert>
        )}
        {chosen && !chosen.teletransmission && (
          <Alert color="gray" variant="light" title="Télétransmission indisponible">
            {ORGANISATION_MESSAGES.noTeletransmission}
          </Alert>
        )}
        <TextInput
          label="Code organisme"
          description="9 chiffres&nbsp;; les 3 derniers sont facultatifs"
          inputMode="numeric"
          maxLength={11}
          required
          value={code}
          onChange={setCode}
        />
        <Checkbox label={`${name} est également couvert par une autre mutuelle`} checked={otherMutual} onChange={setOtherMutual} />
        <FormActions
          inline
          label="Demander la télétransmission"
          pending={save.isPending}
          disabled={chosen ? !chosen.teletransmission : false}
          onCancel={onDone}
        />
      </Stack>
    </Form>
  );
}
