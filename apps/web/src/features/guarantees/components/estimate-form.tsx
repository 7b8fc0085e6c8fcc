import { Button, Group, NativeSelect, Radio, Stack, TextInput } from '@mantine/core';
import {
  DEVICE_CLASS_LABELS,
  ESTIMATE_CARE_DATE_MAX_AHEAD_YEARS,
  ITEM_KIND_LABELS,
  LENS_COMPLEXITY_LABELS,
  SECTOR_LABELS,
  SECTORS,
  isoDateMinusYears,
  type TCoveredBeneficiary,
  type TEstimate,
  type TEstimateRequest,
} from '@mutua/contracts';
import { useState } from 'react';
import { formatName } from '../../../lib/format';
import { useEstimate } from '../api/estimate';
import { emptyEstimateDraft, estimateRequestOf, withAct, type EstimateDraft, type EstimateField } from '../estimate-draft';
import { CareActSearch } from './care-act-search';
import { SendError } from '../../../components/send-error';

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
          data={[
            ...(beneficiaries.length > 1 ? [{ value: '', label: 'Choisissez un bénéficiaire' }] : []),
            ...beneficiaries.map((b) => ({ value: String(b.familyPosition), label: `${formatName(b.firstName)} ${formatName(b.surName)}` })),
          ]}
        />
        <div data-field="act">
          <CareActSearch
            chosen={act}
            onChoose={(picked) => (setDraft((d) => withAct(d, picked)), setErrors((e) => ({ ...e, act: undefined })))}
            error={errors.act}
          />
        </div>
        {act?.asks.sector && (
          <Radio.Group
            data-field="sector"
            label="Secteur du professionnel"
            description="Indiqué sur sa fiche de l’annuaire santé d’ameli.fr ou dans son cabinet."
            required
            value={draft.sector}
            onChange={(v) => change({ sector: v as EstimateDraft['sector'] })}
            error={errors.sector}
          >
            <Stack gap={6} mt={4}>
              {SECTORS.map((s) => (
                <Radio key={s} value={s} label={SECTOR_LABELS[s]} />
              ))}
            </Stack>
          </Radio.Group>
        )}
        {act && act.asks.deviceClasses.length > 1 && (
          <Radio.Group
            data-field="deviceClass"
            label="Classe de l’équipement"
            required
            value={draft.deviceClass}
            onChange={(v) => change({ deviceClass: v as EstimateDraft['deviceClass'] })}
            error={errors.deviceClass}
          >
            <Group gap="md" mt={4}>
              {act.asks.deviceClasses.map((c) => (
                <Radio key={c} value={c} label={DEVICE_CLASS_LABELS[c]} />
              ))}
            </Group>
          </Radio.Group>
        )}
        {act && act.asks.itemKinds.length > 1 && (
          <Radio.Group
            data-field="itemKind"
            label="Élément de l’équipement"
            required
            value={draft.itemKind}
            onChange={(v) => change({ itemKind: v as EstimateDraft['itemKind'] })}
            error={errors.itemKind}
          >
            <Group gap="md" mt={4}>
              {act.asks.itemKinds.map((k) => (
                <Radio key={k} value={k} label={ITEM_KIND_LABELS[k]} />
              ))}
            </Group>
          </Radio.Group>
        )}
        {act?.asks.lensComplexity && (
          <Radio.Group
            data-field="lensComplexity"
            label="Type de verres"
            required
            value={draft.lensComplexity}
            onChange={(v) => change({ lensComplexity: v as EstimateDraft['lensComplexity'] })}
            error={errors.lensComplexity}
          >
            <Group gap="md" mt={4}>
              {(Object.keys(LENS_COMPLEXITY_LABELS) as (keyof typeof LENS_COMPLEXITY_LABELS)[]).map((k) => (
                <Radio key={k} value={k} label={LENS_COMPLEXITY_LABELS[k]} />
              ))}
            </Group>
          </Radio.Group>
        )}
        <Group grow align="flex-start" wrap="wrap" gap="sm">
          <TextInput
            data-field="careDate"
            type="date"
            label="Date des soins"
            required
            max={isoDateMinusYears(today, -ESTIMATE_CARE_DATE_MAX_AHEAD_YEARS)}
            value={draft.careDate}
            onChange={(e) => change({ careDate: e.currentTarget.value })}
            error={errors.careDate}
            miw={180}
          />
          <TextInput
            data-field="price"
            label={act?.asks.quantity ? 'Prix total' : 'Prix'}
            description={act?.asks.quantity ? 'Pour toutes les séances, nuits ou boîtes' : 'Ce que le professionnel vous demandera'}
            required
            placeholder="60,00"
            inputMode="decimal"
            rightSection="€"
            value={draft.price}
            onChange={(e) => change({ price: e.currentTarget.value })}
            error={errors.price}
            miw={180}
          />
          {act?.asks.quantity && (
            <TextInput
              data-field="quantity"
              label="Nombre"
              description="Séances, nuits ou boîtes"
              required
              inputMode="numeric"
              value={draft.quantity}
              onChange={(e) => change({ quantity: e.currentTarget.value })}
              error={errors.quantity}
              miw={120}
            />
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
