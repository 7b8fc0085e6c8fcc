import { Alert, Checkbox, Fieldset, Group, NativeSelect, Radio, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { parisIsoDate } from '@mutua/contracts/dates';
import {
  ESTABLISHMENT_SEARCH_LIMIT,
  ESTABLISHMENT_SEARCH_MIN,
  HOSPITAL_CARE_FORM_ERRORS,
  HOSPITAL_CARE_TEXT_MAX,
  hospitalCareRequestSchema,
  isoDatePlusDays,
  type TEstablishment,
} from '@mutua/contracts/hospital-care';
import { HOSPITAL_REQUEST_MAX_DAYS_AHEAD, HOSPITAL_REQUEST_TIMING } from '@mutua/contracts/quotes';
import type { TSubmissionResult } from '@mutua/contracts/refund-requests';
import { useState } from 'react';
import { formatDate } from '../../../lib/format';
import { useGlobalDetails } from '../../../lib/global-details';
import { useSubmissionKey } from '../../../lib/submit-form';
import { useEstablishmentSearch, useSendHospitalCare } from '../api/hospital-care';
import { SendThenConfirm } from '../components/request-sent';
import { Form } from '../../../components/form';
import { DialogActions } from '../../../components/dialog-actions';
import { CommentField } from '../../../components/comment-field';
import { beneficiaryOptions } from '../../../lib/beneficiary-options';
import { SearchField } from '../../../components/search-field';

/** Route `hospitalCare` (dialog « Demande de prise en charge hospitalière »). */
export function Component() {
  return (
    <SendThenConfirm<TSubmissionResult>
      text="Votre demande de prise en charge a bien été transmise à nos équipes. Vous retrouverez notre réponse dans « Mes demandes »."
      form={(onSent) => <HospitalCareForm onSent={onSent} />}
    />
  );
}

type Fields = {
  familyPosition: string;
  admissionDate: string;
  releaseDate: string;
  durationDays: string;
  hospitalizationType: string;
  dmt: string;
  act: string;
  comment: string;
  manualName: string;
  manualFiness: string;
  manualAdeli: string;
};

function HospitalCareForm({ onSent }: { onSent: (result: TSubmissionResult) => void }) {
  const submission = useSubmissionKey();
  const details = useGlobalDetails((d) => ({
    types: d.healthCare.hospitalizationTypes,
    beneficiaries: d.insured.allBeneficiaries.beneficiaries.filter((b) => b.insured),
  }));
  const beneficiaries = details.data?.beneficiaries ?? [];
  const today = parisIsoDate();
  const [fields, setFields] = useState<Fields>({
    familyPosition: beneficiaries.length === 1 ? String(beneficiaries[0]!.familyPosition) : '',
    admissionDate: '',
    releaseDate: '',
    durationDays: '',
    hospitalizationType: '',
    dmt: '',
    act: '',
    comment: '',
    manualName: '',
    manualFiness: '',
    manualAdeli: '',
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [establishment, setEstablishment] = useState<TEstablishment | null>(null);
  const [manual, setManual] = useState(false);
  const send = useSendHospitalCare({ onSuccess: onSent });
  const set = (name: keyof Fields) => (event: { currentTarget: { value: string } }) => {
    const value = event.currentTarget.value;
    setFields((f) => ({ ...f, [name]: value }));
  };
  /** A field of the form, marked for the focus on its error, which the request reports at `path`. */
  const field = (name: keyof Fields, path: string = name) => ({ 'data-field': path, value: fields[name], onChange: set(name), error: errors[path] });

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const body = {
      familyPosition: fields.familyPosition,
      admissionDate: fields.admissionDate,
      releaseDate: fields.releaseDate,
      dmt: fields.dmt,
      hospitalizationType: fields.hospitalizationType,
      establishmentId: manual ? '' : (establishment?.id ?? ''),
      manualEstablishment: manual ? { name: fields.manualName, finess: fields.manualFiness, adeli: fields.manualAdeli } : null,
      act: fields.act,
      comment: fields.comment,
      durationDays: fields.durationDays,
    };
    const parsed = hospitalCareRequestSchema(today).safeParse(body);
    if (!parsed.success) {
      const found: Record<string, string> = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path.join('.');
        found[key] ??= issue.message;
      }
      setErrors(found);
      const first = Object.keys(found)[0];
      if (first) document.querySelector<HTMLElement>(`[data-field="${first}"]`)?.focus();
      return;
    }
    setErrors({});
    send.mutate({ ...body, familyPosition: Number(body.familyPosition), idempotencyKey: submission.key });
  };

  return (
    <Form noValidate onSubmit={submit} aria-label="Demande de prise en charge hospitalière">
      <Stack gap="md">
        <Text size="sm">{HOSPITAL_REQUEST_TIMING} Les champs marqués d’un astérisque sont obligatoires.</Text>
        {send.error && (
          <Alert color="red" variant="light" role="alert" title={HOSPITAL_CARE_FORM_ERRORS.creation}>
            {send.error.message}
          </Alert>
        )}
        <NativeSelect label="Personne hospitalisée" required {...field('familyPosition')} data={beneficiaryOptions(beneficiaries)} />
        <Group grow align="flex-start" wrap="wrap">
          <TextInput
            type="date"
            label="Date d’admission"
            required
            max={isoDatePlusDays(today, HOSPITAL_REQUEST_MAX_DAYS_AHEAD)}
            description={`Au plus tard le ${formatDate(isoDatePlusDays(today, HOSPITAL_REQUEST_MAX_DAYS_AHEAD), 'long')}`}
            {...field('admissionDate')}
            miw={200}
          />
          <TextInput type="date" label="Date de sortie (facultatif)" min={fields.admissionDate || undefined} {...field('releaseDate')} miw={200} />
        </Group>
        <Group grow align="flex-start" wrap="wrap">
          <NativeSelect
            label="Type d’hospitalisation"
            required
            {...field('hospitalizationType')}
            data={[{ value: '', label: 'Choisissez un type' }, ...(details.data?.types ?? []).map((t) => ({ value: t.code, label: t.label }))]}
            miw={200}
          />
          <TextInput label="Durée en jours (facultatif)" inputMode="numeric" {...field('durationDays')} miw={200} />
        </Group>
        <TextInput
          label="Code DMT (facultatif)"
          description="3 chiffres, indiqué par l’établissement (discipline médico-tarifaire)"
          inputMode="numeric"
          maxLength={3}
          {...field('dmt')}
        />
        <EstablishmentPicker chosen={establishment} onChoose={setEstablishment} disabled={manual} error={manual ? undefined : errors.establishmentId} />
        <Checkbox label="Je ne trouve pas l’établissement&nbsp;: je le saisis" checked={manual} onChange={(event) => setManual(event.currentTarget.checked)} />
        {manual && (
          <Fieldset legend="Établissement saisi">
            <Stack gap="sm">
              <TextInput label="Nom de l’établissement" required {...field('manualName', 'manualEstablishment.name')} />
              <Group grow align="flex-start" wrap="wrap">
                <TextInput label="Numéro FINESS" required description="9 caractères" {...field('manualFiness', 'manualEstablishment.finess')} miw={180} />
                <TextInput
                  label="Numéro Adeli (facultatif)"
                  description="9 chiffres"
                  inputMode="numeric"
                  {...field('manualAdeli', 'manualEstablishment.adeli')}
                  miw={180}
                />
              </Group>
            </Stack>
          </Fieldset>
        )}
        <TextInput label="Nature de l’acte" required description="Par exemple&nbsp;: pose d’une prothèse de hanche" {...field('act')} maxLength={200} />
        <CommentField limit={HOSPITAL_CARE_TEXT_MAX} {...field('comment')} />
        <DialogActions label="Envoyer ma demande" pending={send.isPending} />
      </Stack>
    </Form>
  );
}

/** Under the name: town, FINESS category and number; a generated demo row says it is not real. */
const establishmentDetails = (e: TEstablishment) =>
  [`${e.postalCode} ${e.city}`, e.category, `FINESS ${e.finess}`, e.fictitious ? 'établissement fictif (démonstration)' : null].filter(Boolean).join(' · ');

/** The establishment: searched by name or FINESS in the directory, chosen in the list found. */
function EstablishmentPicker({
  chosen,
  onChoose,
  disabled,
  error,
}: {
  chosen: TEstablishment | null;
  onChoose: (e: TEstablishment) => void;
  disabled: boolean;
  error?: string | undefined;
}) {
  const [query, setQuery] = useState('');
  const [debounced] = useDebouncedValue(query.trim(), 250);
  const search = useEstablishmentSearch(debounced);
  const found = debounced.length >= ESTABLISHMENT_SEARCH_MIN ? (search.data ?? []) : [];
  const shown = chosen && !found.some((e) => e.id === chosen.id) ? [chosen, ...found] : found;
  return (
    <Fieldset legend="Établissement" variant="unstyled" disabled={disabled}>
      <Stack gap="xs">
        <SearchField
          label="Rechercher l’établissement"
          description="Son nom (CHU, CH, AP-HP… compris), sa ville ou son numéro FINESS"
          data-field="establishmentId"
          value={query}
          onChange={(event) => setQuery(event.currentTarget.value)}
          error={error}
          status={
            debounced.length >= ESTABLISHMENT_SEARCH_MIN && search.isSuccess
              ? found.length === 0
                ? `Aucun établissement ne correspond à « ${debounced} ». Vous pouvez le saisir vous-même.`
                : found.length >= ESTABLISHMENT_SEARCH_LIMIT
                  ? `Plus de ${ESTABLISHMENT_SEARCH_LIMIT}\u00a0établissements correspondent\u00a0: précisez la ville ou le nom.`
                  : `${found.length}\u00a0établissement${found.length > 1 ? 's' : ''} trouvé${found.length > 1 ? 's' : ''}.`
              : ''
          }
        />
        {shown.length > 0 && (
          <Radio.Group
            aria-label="Établissements trouvés"
            value={chosen?.id ?? ''}
            onChange={(id) => {
              const picked = shown.find((e) => e.id === id);
              if (picked) onChoose(picked);
            }}
          >
            <Stack gap={6}>
              {shown.map((e) => (
                <Radio key={e.id} value={e.id} label={e.name} description={establishmentDetails(e)} />
              ))}
            </Stack>
          </Radio.Group>
        )}
      </Stack>
    </Fieldset>
  );
}
