import { Button, Group, NativeSelect, Radio, Stack, TextInput } from '@mantine/core';
import {
  DEVICE_CLASS_LABELS,
  ESTIMATE_CARE_DATE_MAX_AHEAD_YEARS,
  ITEM_KIND_LABELS,
  LENS_COMPLEXITY_LABELS,
  SECTOR_LABELS,
  SECTORS,
  type TCoveredBeneficiary,
  type TEstimate,
  type TEstimateRequest,
} from '@mutua/contracts/guarantees-api';
import { isoDateMinusYears } from '@mutua/contracts/refund-requests';
import { useState, type ChangeEvent } from 'react';
import { useEstimate } from '../api/estimate';
import { emptyEstimateDraft, estimateRequestOf, withAct, type EstimateDraft, type EstimateField } from '../estimate-draft';
import { CareActSearch } from './care-act-search';
import { SendError } from '../../../components/send-error';
import { beneficiaryOptions } from '../../../lib/beneficiary-options';

type Props = {
  beneficiaries: TCoveredBeneficiary[];
  today: string;
  /** The person chosen when the form opens (from « Mes garanties »). */
  initialFamilyPosition?: number;
  /** The estimate says what it estimated (care, price, person, date): it stays shown while the form changes. */
  onEstimated: (estimate: TEstimate, request: TEstimateRequest) => void;
};

/** Beneficiary, care, price and what the care needs to be priced (sector, device class…): the engine estimates the rest. */
export function EstimateForm({ beneficiaries, today, initialFamilyPosition, onEstimated }: Props) {
  const only = beneficiaries.length === 1 ? String(beneficiaries[0]!.familyPosition) : '';
  const initial =
    initialFamilyPosition !== undefined && beneficiaries.some((b) => b.familyPosition === initialFamilyPosition) ? String(initialFamilyPosition) : only;
  const [draft, setDraft] = useState<EstimateDraft>(() => emptyEstimateDraft(today, initial));
  const [errors, setErrors] = useState<Partial<Record<EstimateField, string>>>({});
  const estimate = useEstimate();
  const act = draft.act;

  const change = (patch: Partial<EstimateDraft>) => {
    setDraft((d) => ({ ...d, ...patch }));
    setErrors((e) => {
      const next = { ...e };
      for (const key of Object.keys(patch) as EstimateField[]) delete next[key];
      return next;
    });
  };

  // A field of the draft, marked for the focus on the first error: typed, or picked among a few.
  const type = (field: 'careDate' | 'price' | 'quantity') => ({
    'data-field': field,
    value: draft[field],
    onChange: (e: ChangeEvent<HTMLInputElement>) => change({ [field]: e.currentTarget.value }),
    error: errors[field],
  });
  const pick = (field: 'sector' | 'deviceClass' | 'itemKind' | 'lensComplexity') => ({
    field,
    value: draft[field],
    onChange: (value: string) => change({ [field]: value }),
    error: errors[field],
  });

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const built = estimateRequestOf(draft, today);
    if ('errors' in built) {
      setErrors(built.errors);
      // The first field to correct gets the focus, as the eye looks for it.
      const first = (['familyPosition', 'act', 'careDate', 'price', 'quantity', 'sector', 'deviceClass', 'lensComplexity', 'itemKind'] as const).find(
        (f) => built.errors[f],
      );
      if (first) document.querySelector<HTMLElement>(`[data-field="${first}"] input, [data-field="${first}"] select, [data-field="${first}"]`)?.focus();
      return;
    }
    const request = built.request;
    estimate.mutate(request, { onSuccess: (answer) => onEstimated(answer, request) });
  };

  return (
    <form noValidate onSubmit={submit} aria-label="Estimer un remboursement">
      <Stack gap="md">
        <NativeSelect
          data-field="familyPosition"
          label="Bénéficiaire des soins"
          required
          value={draft.familyPosition}
          onChange={(e) => change({ familyPosition: e.currentTarget.value })}
          error={errors.familyPosition}
          data={beneficiaryOptions(beneficiaries, beneficiaries.length > 1)}
        />
        <div data-field="act">
          <CareActSearch
            chosen={act}
            onChoose={(picked) => (setDraft((d) => withAct(d, picked)), setErrors((e) => ({ ...e, act: undefined })))}
            error={errors.act}
          />
        </div>
        {act?.asks.sector && (
          <ChoiceGroup
            {...pick('sector')}
            label="Secteur du professionnel"
            description="Indiqué sur sa fiche de l’annuaire santé d’ameli.fr ou dans son cabinet."
            column
            choices={SECTORS.map((s) => [s, SECTOR_LABELS[s]])}
          />
        )}
        {act && act.asks.deviceClasses.length > 1 && (
          <ChoiceGroup {...pick('deviceClass')} label="Classe de l’équipement" choices={act.asks.deviceClasses.map((c) => [c, DEVICE_CLASS_LABELS[c]])} />
        )}
        {act && act.asks.itemKinds.length > 1 && (
          <ChoiceGroup {...pick('itemKind')} label="Élément de l’équipement" choices={act.asks.itemKinds.map((k) => [k, ITEM_KIND_LABELS[k]])} />
        )}
        {act?.asks.lensComplexity && <ChoiceGroup {...pick('lensComplexity')} label="Type de verres" choices={Object.entries(LENS_COMPLEXITY_LABELS)} />}
        <Group grow align="flex-start" wrap="wrap" gap="sm">
          <TextInput
            type="date"
            label="Date des soins"
            required
            max={isoDateMinusYears(today, -ESTIMATE_CARE_DATE_MAX_AHEAD_YEARS)}
            {...type('careDate')}
            miw={180}
          />
          <TextInput
            label={act?.asks.quantity ? 'Prix total' : 'Prix'}
            description={act?.asks.quantity ? 'Pour toutes les séances, nuits ou boîtes' : 'Ce que le professionnel vous demandera'}
            required
            placeholder="60,00"
            inputMode="decimal"
            rightSection="€"
            {...type('price')}
            miw={180}
          />
          {act?.asks.quantity && (
            <TextInput label="Nombre" description="Séances, nuits ou boîtes" required inputMode="numeric" {...type('quantity')} miw={120} />
          )}
        </Group>
        <SendError error={estimate.error} title="L’estimation n’a pas pu être calculée" />
        <Group>
          <Button type="submit" loading={estimate.isPending}>
            Estimer mon remboursement
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

type ChoiceGroupProps = {
  field: string;
  label: string;
  description?: string;
  value: string;
  onChange: (value: string) => void;
  error: string | undefined;
  /** Each choice's value and French label. */
  choices: [string, string][];
  /** Long labels read better one under the other. */
  column?: boolean;
};

/** A required choice among a few, each a radio button. */
function ChoiceGroup({ field, label, description, value, onChange, error, choices, column }: ChoiceGroupProps) {
  const radios = choices.map(([choice, text]) => <Radio key={choice} value={choice} label={text} />);
  return (
    <Radio.Group data-field={field} label={label} description={description} required value={value} onChange={onChange} error={error}>
      {column ? (
        <Stack gap={6} mt={4}>
          {radios}
        </Stack>
      ) : (
        <Group gap="md" mt={4}>
          {radios}
        </Group>
      )}
    </Radio.Group>
  );
}
