import { Button, Checkbox, Group, SimpleGrid, Stack } from '@mantine/core';
import { DateInput, type DateInputProps } from '@mantine/dates';
import {
  OPERATION_TYPE_LABELS,
  OPERATION_TYPES,
  REFUND_BENEFICIARY_TYPE_LABELS,
  REFUND_BENEFICIARY_TYPES,
  type OperationType,
  type RefundBeneficiaryType,
} from '@mutua/contracts/refunds';
import { dayjs } from '../../../lib/dayjs';
import { filtersError, hasFilters, type RefundFilterValues } from '../filters';
import classes from './refunds.module.css';

/** `15/01/2026` (or `2026-01-15`) → `2026-01-15`; null when it is not a real date. */
export function parseFrenchDate(input: string): string | null {
  const value = input.trim();
  const fr = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(value);
  const iso = fr ? `${fr[3]}-${fr[2]!.padStart(2, '0')}-${fr[1]!.padStart(2, '0')}` : /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : null;
  if (!iso) return null;
  const date = dayjs(iso);
  return date.isValid() && date.format('YYYY-MM-DD') === iso ? iso : null;
}

type Option<T extends string> = { value: T; label: string };

type Props = {
  values: RefundFilterValues;
  onChange: (values: RefundFilterValues) => void;
  /** Beneficiary types to offer (with who they are), default: all. */
  beneficiaryOptions?: Option<RefundBeneficiaryType>[];
  /** Operation types to offer, default: all. */
  operationOptions?: Option<OperationType>[];
  id?: string;
};

export const DEFAULT_BENEFICIARY_OPTIONS = REFUND_BENEFICIARY_TYPES.map((value) => ({ value, label: REFUND_BENEFICIARY_TYPE_LABELS[value] }));
export const DEFAULT_OPERATION_OPTIONS = OPERATION_TYPES.map((value) => ({ value, label: OPERATION_TYPE_LABELS[value] }));

function CheckboxFieldset<T extends string>({
  legend,
  options,
  selected,
  onChange,
}: {
  legend: string;
  options: Option<T>[];
  selected: T[];
  onChange: (next: T[]) => void;
}) {
  const toggle = (value: T, checked: boolean) => onChange(options.map((o) => o.value).filter((v) => (v === value ? checked : selected.includes(v))));
  return (
    <fieldset className={classes.fieldset}>
      <legend className={classes.legend}>{legend}</legend>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="xs" verticalSpacing="xs">
        {options.map((option) => (
          <Checkbox
            key={option.value}
            label={option.label}
            checked={selected.includes(option.value)}
            onChange={(e) => toggle(option.value, e.currentTarget.checked)}
          />
        ))}
      </SimpleGrid>
    </fieldset>
  );
}

/** A date typed as jj/mm/aaaa or picked in a French calendar, which can be emptied. */
function FrenchDateInput(props: DateInputProps) {
  return (
    <DateInput
      placeholder="jj/mm/aaaa"
      valueFormat="DD/MM/YYYY"
      dateParser={parseFrenchDate}
      clearable
      description="Au format jj/mm/aaaa"
      previousLabel="Mois précédent"
      nextLabel="Mois suivant"
      {...props}
    />
  );
}

/**
 * Filters of the refunds page: treatment start and end dates, beneficiary types, operation types, and
 * a reset. Every change applies at once (the parent puts them in the URL and the query).
 */
export function RefundFilters({ values, onChange, beneficiaryOptions = DEFAULT_BENEFICIARY_OPTIONS, operationOptions = DEFAULT_OPERATION_OPTIONS, id }: Props) {
  const error = filtersError(values);
  const set = (patch: Partial<RefundFilterValues>) => onChange({ ...values, ...patch });
  return (
    <Stack gap="md" id={id} component="form" role="search" aria-label="Filtrer mes remboursements" onSubmit={(e) => e.preventDefault()}>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
        <FrenchDateInput
          label="Début des soins"
          value={values.startDate}
          onChange={(value) => set({ startDate: value })}
          popoverProps={{ withinPortal: true }}
          clearButtonProps={{ 'aria-label': 'Effacer la date de début' }}
        />
        <FrenchDateInput
          label="Fin des soins"
          value={values.endDate}
          onChange={(value) => set({ endDate: value })}
          error={error}
          clearButtonProps={{ 'aria-label': 'Effacer la date de fin' }}
        />
      </SimpleGrid>
      <CheckboxFieldset
        legend="Bénéficiaires"
        options={beneficiaryOptions}
        selected={values.beneficiaryTypes}
        onChange={(beneficiaryTypes) => set({ beneficiaryTypes })}
      />
      <CheckboxFieldset
        legend="Types d’actes"
        options={operationOptions}
        selected={values.operationTypes}
        onChange={(operationTypes) => set({ operationTypes })}
      />
      <Group>
        <Button
          type="reset"
          variant="default"
          disabled={!hasFilters(values)}
          onClick={() => onChange({ startDate: null, endDate: null, beneficiaryTypes: [], operationTypes: [] })}
        >
          Réinitialiser les filtres
        </Button>
      </Group>
    </Stack>
  );
}
