import { Alert, Button, Checkbox, Group, List, NativeSelect, Radio, Stack, Text, TextInput, Textarea, Title } from '@mantine/core';
import { offeredTerminationKinds } from '@mutua/contracts/features';
import {
  TERMINATION_BLOCK_MESSAGES,
  TERMINATION_CONDITIONS,
  TERMINATION_EFFECTS,
  TERMINATION_KIND_LABELS,
  TERMINATION_KINDS,
  TERMINATION_REASON_LABELS,
  ZTerminationForm,
  isSituationReason,
  terminationReasonDateText,
  type TContract,
  type TTerminationForm,
  type TerminationKind,
  type TerminationReason,
} from '@mutua/contracts/termination';
import { LoadState } from '../../../components/load-state';
import { useMemo, useRef, useState, type FormEvent, type ChangeEvent } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useGlobalDetails } from '../../../lib/global-details';
import { formatEuros, formatName } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import { useContracts } from '../api/get-contracts';
import { useCreateTermination } from '../api/terminations';
import type { FormState, SummaryState, TerminationFormValues } from '../components/termination-state';
import { Form } from '../../../components/form';
import { SendError } from '../../../components/send-error';

type Errors = Partial<Record<keyof TTerminationForm, string>>;

/**
 * Route `paidOptions` (dialog: the law's online termination form): the conditions and consequences
 * first, then the strictly needed form; « Continuer » shows the summary (paid-options-summary).
 */
export function Component() {
  const location = useLocation();
  const navigate = useNavigate();
  const incoming = (location.state ?? {}) as FormState;
  const contracts = useContracts();
  const contact = useGlobalDetails((d) => d.insured.familyContacts.contacts[0]?.email ?? '');
  const offered = useOfferedKinds();
  const terminable = useMemo(() => (contracts.data?.contracts ?? []).filter((c) => c.status === 'ACTIVE' && c.terminationBlock === null), [contracts.data]);
  const blocked = useMemo(() => (contracts.data?.contracts ?? []).filter((c) => c.status === 'ACTIVE' && c.terminationBlock !== null), [contracts.data]);

  if (contracts.isPending || contracts.isError) return <LoadState query={contracts} title="Vos contrats n’ont pas pu être chargés" loading={240} />;
  if (terminable.length === 0) {
    return (
      <Stack gap="sm">
        <Alert color="blue" variant="light" title="Résiliation en ligne indisponible pour vos contrats" role="status">
          <Stack gap="xs">
            {blocked.length === 0 && <Text size="sm">Vous n’avez aucun contrat en cours.</Text>}
            {blocked.map((c) => (
              <Text size="sm" key={c.insurerContract}>
                <strong>{c.label}</strong>&nbsp;: {TERMINATION_BLOCK_MESSAGES[c.terminationBlock!]}
                {c.terminationBlock === 'CANCELLATION_DISABLED' && c.terminationBlockDetail ? ` ${c.terminationBlockDetail}` : ''}
              </Text>
            ))}
          </Stack>
        </Alert>
        <Group>
          <Button onClick={() => void navigate(paths.contactUs)} variant="outline">
            Nous contacter
          </Button>
        </Group>
      </Stack>
    );
  }
  const main = terminable[0]!.persons.find((p) => p.rank === 'MAIN') ?? terminable[0]!.persons[0]!;
  const initial: TerminationFormValues = incoming.form ?? {
    surName: formatName(main.surName),
    firstName: formatName(main.firstName),
    email: contact.data ?? '',
    insurerContract: terminable.find((c) => c.insurerContract === incoming.insurerContract)?.insurerContract ?? terminable[0]!.insurerContract,
    kind:
      offered.includes('PAID_OPTIONS') && (terminable[0]!.options.some((o) => o.kind === 'INDIVIDUAL_OPTION') || !offered.includes('INDIVIDUAL_CONTRACT'))
        ? 'PAID_OPTIONS'
        : 'INDIVIDUAL_CONTRACT',
    optionCodes: [],
    // No reason chosen for the member: « Résiliation à échéance » first would cost a member of more
    // than one year up to a year of contributions; each reason shows its own date.
    reason: '',
    reasonText: '',
    date: '',
    familyPositions: terminable[0]!.persons.map((p) => p.familyPosition),
  };
  return <TerminationForm initial={initial} contracts={terminable} onDrafted={(state) => void navigate(paths.paidOptionsSummary, { state })} />;
}

function TerminationForm({
  initial,
  contracts,
  onDrafted,
}: {
  initial: TerminationFormValues;
  contracts: TContract[];
  onDrafted: (state: SummaryState) => void;
}) {
  const [values, setValues] = useState<TerminationFormValues>(initial);
  const offered = useOfferedKinds();
  const [errors, setErrors] = useState<Errors>({});
  const create = useCreateTermination();
  const formRef = useRef<HTMLFormElement>(null);
  const contract = contracts.find((c) => c.insurerContract === values.insurerContract) ?? contracts[0]!;
  const paidOptions = contract.options.filter((o) => o.kind === 'INDIVIDUAL_OPTION' && o.endDate === null);
  const set = <K extends keyof TerminationFormValues>(key: K, value: TerminationFormValues[K]) => setValues((v) => ({ ...v, [key]: value }));
  // A typed field: its value, its refusal, and typing in it.
  const typed = (key: 'surName' | 'firstName' | 'email') => ({
    value: values[key],
    error: errors[key],
    onChange: (e: ChangeEvent<HTMLInputElement>) => set(key, e.currentTarget.value),
  });
  const situation = values.reason !== '' && isSituationReason(values.reason);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = ZTerminationForm.safeParse(values);
    if (!parsed.success) {
      const next: Errors = {};
      // Without a reason the schema stops before its cross-field checks: run them with any reason, so
      // every field in error is named at once.
      const others = values.reason === '' ? ZTerminationForm.safeParse({ ...values, reason: 'DUE_DATE' }) : null;
      const issues = [...parsed.error.issues, ...(others?.error?.issues.filter((i) => i.path[0] !== 'reasonText' && i.path[0] !== 'date') ?? [])];
      for (const issue of issues) {
        const key = issue.path[0] as keyof TTerminationForm;
        next[key] ??= issue.message;
      }
      setErrors(next);
      // Focus the first field in error, in the form's order.
      requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"], [data-error="true"] input')?.focus());
      return;
    }
    setErrors({});
    create.mutate({ ...values, reason: parsed.data.reason }, { onSuccess: (termination) => onDrafted({ termination, form: values }) });
  };

  return (
    <Stack gap="md">
      <section aria-labelledby="termination-conditions">
        <Title order={3} size="h4" id="termination-conditions">
          Avant de résilier&nbsp;: conditions et conséquences
        </Title>
        <List size="sm" spacing={4} mt="xs">
          {TERMINATION_CONDITIONS.map((c) => (
            <List.Item key={c}>{c}</List.Item>
          ))}
        </List>
        <Text size="sm" fw={600} mt="sm">
          Ce que la résiliation entraîne&nbsp;:
        </Text>
        <List size="sm" spacing={4} mt={4}>
          {TERMINATION_EFFECTS.map((c) => (
            <List.Item key={c}>{c}</List.Item>
          ))}
        </List>
      </section>

      <Form ref={formRef} noValidate onSubmit={submit} aria-labelledby="termination-form-title">
        <Stack gap="sm">
          <Title order={3} size="h4" id="termination-form-title">
            Votre demande de résiliation
          </Title>
          <SendError error={create.error} title="Votre demande n’a pas pu être préparée" />
          <Group grow wrap="wrap" align="flex-start">
            <TextInput label="Nom" required autoComplete="family-name" {...typed('surName')} />
            <TextInput label="Prénom" required autoComplete="given-name" {...typed('firstName')} />
          </Group>
          <TextInput label="Adresse e-mail" description="L’accusé de réception y sera envoyé." required type="email" autoComplete="email" {...typed('email')} />
          <NativeSelect
            label="Contrat"
            required
            value={values.insurerContract}
            error={errors.insurerContract}
            data={contracts.map((c) => ({ value: c.insurerContract, label: `${c.label} (n° ${c.insurerContract})` }))}
            onChange={(e) => {
              const next = contracts.find((c) => c.insurerContract === e.currentTarget.value)!;
              setValues((v) => ({ ...v, insurerContract: next.insurerContract, optionCodes: [], familyPositions: next.persons.map((p) => p.familyPosition) }));
            }}
          />
          <Radio.Group label="Je souhaite résilier" required value={values.kind} error={errors.kind} onChange={(v) => set('kind', v as TerminationKind)}>
            <Stack gap={6} mt={4}>
              {TERMINATION_KINDS.filter((k) => offered.includes(k)).map((k) => (
                <Radio key={k} value={k} label={TERMINATION_KIND_LABELS[k]} disabled={k === 'PAID_OPTIONS' && paidOptions.length === 0} />
              ))}
            </Stack>
          </Radio.Group>
          {values.kind === 'PAID_OPTIONS' && (
            <Checkbox.Group
              label="Options à résilier"
              required
              value={values.optionCodes ?? []}
              error={errors.optionCodes}
              onChange={(v) => set('optionCodes', v)}
              data-error={!!errors.optionCodes}
            >
              <Stack gap={6} mt={4}>
                {paidOptions.map((o) => (
                  <Checkbox key={o.code} value={o.code} label={`${o.label} (${formatEuros(o.monthlyCents)} par mois)`} />
                ))}
              </Stack>
            </Checkbox.Group>
          )}
          <Checkbox.Group
            label="Personnes concernées"
            required
            value={values.familyPositions.map(String)}
            error={errors.familyPositions}
            onChange={(v) => set('familyPositions', v.map(Number))}
            data-error={!!errors.familyPositions}
          >
            <Stack gap={6} mt={4}>
              {contract.persons.map((p) => (
                <Checkbox key={p.familyPosition} value={String(p.familyPosition)} label={`${formatName(p.firstName)} ${formatName(p.surName)}`} />
              ))}
            </Stack>
          </Checkbox.Group>
          <Radio.Group
            label="Motif"
            description="La date d’effet de chaque motif si votre demande nous parvient aujourd’hui."
            required
            value={values.reason}
            error={errors.reason}
            onChange={(v) => set('reason', v as TerminationReason)}
            data-error={!!errors.reason}
          >
            <Stack gap={8} mt={4}>
              {contract.terminationDates.map((d) => (
                <Radio key={d.reason} value={d.reason} label={TERMINATION_REASON_LABELS[d.reason]} description={terminationReasonDateText(d)} />
              ))}
            </Stack>
          </Radio.Group>
          <Textarea
            label="Précisez votre motif"
            description={
              values.reason === 'OTHER' ? 'Obligatoire pour « Autre motif » (500 caractères au maximum).' : 'Facultatif (500 caractères au maximum).'
            }
            required={values.reason === 'OTHER'}
            autosize
            minRows={2}
            maxLength={500}
            value={values.reasonText ?? ''}
            error={errors.reasonText}
            onChange={(e) => set('reasonText', e.currentTarget.value)}
          />
          <TextInput
            type="date"
            label={situation ? 'Date de l’événement' : 'Date souhaitée (facultatif)'}
            description={
              situation
                ? 'La résiliation prend effet un mois après réception si votre demande intervient dans les 3 mois suivant l’événement.'
                : 'Une date plus tardive que la première date possible est retenue\u00a0; une date plus proche ne peut pas l’être.'
            }
            required={situation}
            value={values.date ?? ''}
            error={errors.date}
            onChange={(e) => set('date', e.currentTarget.value)}
          />
          <Group justify="flex-end">
            <Button type="submit" loading={create.isPending}>
              Continuer vers le récapitulatif
            </Button>
          </Group>
        </Stack>
      </Form>
    </Stack>
  );
}

/** The terminations the tenant offers online (CONTRACT_RESILIATION's params). */
function useOfferedKinds() {
  return useGlobalDetails((d) => offeredTerminationKinds(d.featureStatus)).data ?? [...TERMINATION_KINDS];
}
