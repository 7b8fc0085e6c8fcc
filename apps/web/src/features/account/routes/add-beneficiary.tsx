import { Button, Group, List, NativeSelect, Stack, Text, TextInput } from '@mantine/core';
import {
  BENEFICIARY_PROFILE_INFO,
  BENEFICIARY_TYPE_LABELS,
  OTHER_COVERS,
  OTHER_COVER_LABELS,
  addBeneficiaryFields,
  earliestDeclarableBirth,
  profilesOfType,
  type NewBeneficiaryType,
} from '@mutua/contracts/account';
import { parisIsoDate } from '@mutua/contracts/dates';
import { useState, type ChangeEvent } from 'react';
import { AttachmentsField } from '../../../components/attachments-field';
import { useRouteDialog } from '../../../components/route-dialog';
import { useSubmissionKey } from '../../../lib/submit-form';
import { useAddBeneficiary } from '../api/beneficiaries';
import { ApiErrorAlert } from '../components/api-error-alert';
import { requestFormErrors } from '../components/request-form-errors';
import { RequestSent } from '../components/request-sent';
import { Form } from '../../../components/form';
import { DialogActions } from '../../../components/dialog-actions';
import { RadioRow, YES_NO } from '../../../components/radio-row';

type Values = Record<string, string>;

const SEXES = [
  { value: 'F', label: 'Féminin' },
  { value: 'M', label: 'Masculin' },
];

/**
 * Route `addBeneficiary` (dialog, BENEFICIARIES_ADD): type and profile, identity, NIR or parent,
 * membership start, other cover, Alsace-Moselle, the profile's documents → a request (10003).
 */
export function Component() {
  const dialog = useRouteDialog();
  const [today] = useState(() => parisIsoDate());
  const [values, setValues] = useState<Values>({
    type: 'CHILD',
    profile: 'BIRTH',
    ownNir: 'false',
    membershipStart: today,
    otherCover: 'NONE',
    alsaceMoselle: 'false',
  });
  const [files, setFiles] = useState<File[]>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const add = useAddBeneficiary();
  const submission = useSubmissionKey();
  const set = (name: string) => (value: string) => setValues((v) => ({ ...v, [name]: value }));
  /** A typed or chosen field, with the id the focus goes to when the form refuses it, and the refusal under it. */
  const field = (name: string) => ({
    id: `add-${name}`,
    value: values[name] ?? '',
    onChange: (e: ChangeEvent<HTMLInputElement | HTMLSelectElement>) => set(name)(e.currentTarget.value),
    error: errors[name],
  });
  const type = values.type as NewBeneficiaryType;
  const profile = BENEFICIARY_PROFILE_INFO[values.profile as keyof typeof BENEFICIARY_PROFILE_INFO];
  const needsNir = type === 'PARTNER' || values.ownNir === 'true';

  if (add.data) {
    return (
      <RequestSent
        requestId={add.data.requestId}
        title="Votre demande d’ajout a été envoyée"
        actions={
          <Button variant="default" onClick={dialog.close}>
            Fermer
          </Button>
        }
      >
        Nos équipes vous répondent sous quelques jours. Vous suivez votre demande dans « Mes demandes ».
      </RequestSent>
    );
  }

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const fields = { ...values, ...(needsNir ? { attachedParent: undefined } : { nir: undefined, nirKey: undefined }) };
    const parsed = addBeneficiaryFields(today).safeParse(fields);
    const found = requestFormErrors(parsed, files);
    setErrors(found);
    if (Object.keys(found).length === 0) add.mutate({ fields, files, idempotencyKey: submission.key });
    else document.getElementById(`add-${Object.keys(found)[0]}`)?.focus();
  };

  return (
    <Form noValidate onSubmit={submit} aria-label="Ajouter un bénéficiaire">
      <Stack gap="md">
        <ApiErrorAlert error={add.error} title="Votre demande n’a pas pu être envoyée" />
        <RadioRow
          label="Type de bénéficiaire"
          required
          value={type}
          onChange={(t) => setValues((v) => ({ ...v, type: t, profile: profilesOfType(t as NewBeneficiaryType)[0]! }))}
          choices={(['PARTNER', 'CHILD'] as const).map((t) => ({ value: t, label: BENEFICIARY_TYPE_LABELS[t] }))}
        />
        <NativeSelect
          label="Profil"
          required
          {...field('profile')}
          data={profilesOfType(type).map((p) => ({ value: p, label: BENEFICIARY_PROFILE_INFO[p].label }))}
        />
        <Group grow align="flex-start" wrap="wrap">
          <TextInput label="Prénom" required autoComplete="off" {...field('firstName')} />
          <TextInput label="Nom" required autoComplete="off" {...field('surName')} />
        </Group>
        <RadioRow id="add-sex" label="Sexe" required value={values.sex ?? ''} onChange={set('sex')} error={errors.sex} choices={SEXES} />
        <TextInput
          type="date"
          label="Date de naissance"
          required
          max={today}
          min={values.profile === 'BIRTH' ? earliestDeclarableBirth(today) : undefined}
          description={values.profile === 'BIRTH' ? 'Une naissance se déclare dans les 6 mois.' : undefined}
          {...field('birthDate')}
        />
        {type === 'CHILD' && (
          <RadioRow
            label="L’enfant a-t-il son propre numéro de Sécurité sociale&nbsp;?"
            required
            value={values.ownNir}
            onChange={set('ownNir')}
            choices={YES_NO}
          />
        )}
        {needsNir ? (
          <Group align="flex-start" wrap="wrap">
            <TextInput
              label="Numéro de Sécurité sociale"
              required
              style={{ flex: '1 1 14rem' }}
              description="13 caractères (2A ou 2B pour la Corse)"
              {...field('nir')}
            />
            <TextInput
              id="add-nirKey"
              label="Clé"
              required
              w="5rem"
              maxLength={2}
              inputMode="numeric"
              value={values.nirKey ?? ''}
              onChange={(e) => set('nirKey')(e.currentTarget.value)}
            />
          </Group>
        ) : (
          <NativeSelect
            label="Parent auquel l’enfant est rattaché"
            required
            {...field('attachedParent')}
            data={[
              { value: '', label: 'Choisissez un parent' },
              { value: 'MAIN', label: 'L’assuré principal' },
              { value: 'PARTNER', label: 'Le conjoint' },
            ]}
          />
        )}
        <TextInput type="date" label="Date d’adhésion souhaitée" required {...field('membershipStart')} />
        <NativeSelect
          label="Le bénéficiaire est-il couvert par une autre complémentaire santé&nbsp;?"
          value={values.otherCover}
          onChange={(e) => set('otherCover')(e.currentTarget.value)}
          data={OTHER_COVERS.map((c) => ({ value: c, label: OTHER_COVER_LABELS[c] }))}
        />
        <RadioRow
          label="Le bénéficiaire relève-t-il du régime Alsace-Moselle&nbsp;?"
          value={values.alsaceMoselle}
          onChange={set('alsaceMoselle')}
          choices={YES_NO}
        />
        <Stack gap={4}>
          <Text size="sm" fw={600}>
            Justificatifs à joindre&nbsp;:
          </Text>
          <List size="sm">
            {profile.documents.map((d) => (
              <List.Item key={d}>{d}</List.Item>
            ))}
          </List>
        </Stack>
        <AttachmentsField files={files} onChange={setFiles} disabled={add.isPending} label="Justificatifs" />
        {errors.files && (
          <Text size="sm" c="red.8" role="alert">
            {errors.files}
          </Text>
        )}
        <DialogActions label="Envoyer ma demande" pending={add.isPending} />
      </Stack>
    </Form>
  );
}
