import { Fieldset, Radio, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { THealthcareAct } from '@mutua/contracts/healthcare';
import { useId, useState, type ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useActSearch } from '../api/search-acts';
import { SearchField } from '../../../components/search-field';

type Props = {
  frequentActs: THealthcareAct[];
  /** The act chosen so far (kept in the list even when the search moves on). */
  chosen: THealthcareAct | null;
  onChoose: (act: THealthcareAct) => void;
  registration: UseFormRegisterReturn<'actCode'>;
  error?: string;
  /** A note under the legend (« À vérifier » when the act was read from an invoice). */
  hint?: ReactNode;
};

/** The act nature: the frequent acts as choices, and a search through all the tenant's acts. */
export function ActPicker({ frequentActs, chosen, onChoose, registration, error, hint }: Props) {
  const [query, setQuery] = useState('');
  const [debounced] = useDebouncedValue(query.trim(), 250);
  const search = useActSearch(debounced);
  const statusId = useId();
  const found = debounced.length >= 2 ? (search.data ?? []) : [];
  const shown = [...frequentActs];
  for (const act of [...(chosen ? [chosen] : []), ...found]) if (!shown.some((a) => a.code === act.code)) shown.push(act);
  const byCode = new Map(shown.map((a) => [a.code, a]));

  return (
    <Fieldset
      legend="Nature de l’acte"
      variant="unstyled"
      aria-describedby={[hint ? `${statusId}-hint` : '', error ? `${statusId}-error` : ''].filter(Boolean).join(' ') || undefined}
    >
      <Stack gap="xs">
        {hint && (
          <Text id={`${statusId}-hint`} size="sm">
            {hint}
          </Text>
        )}
        <SearchField
          label="Rechercher un autre acte"
          description="Par exemple&nbsp;: kiné, orthodontie, ostéopathe"
          value={query}
          onChange={(event) => setQuery(event.currentTarget.value)}
          status={
            debounced.length >= 2 && search.isSuccess
              ? found.length === 0
                ? `Aucun acte ne correspond à « ${debounced} ». Choisissez « Autre » dans les actes fréquents ou précisez dans le commentaire.`
                : `${found.length}\u00a0acte${found.length > 1 ? 's' : ''} trouvé${found.length > 1 ? 's' : ''}, ajouté${found.length > 1 ? 's' : ''} à la liste ci-dessous.`
              : ''
          }
        />
        <Stack gap={6} role="radiogroup" aria-label="Actes" aria-invalid={error ? true : undefined}>
          {shown.map((act) => (
            <Radio
              key={act.code}
              value={act.code}
              label={act.label}
              {...registration}
              onChange={(event) => {
                void registration.onChange(event);
                const picked = byCode.get(event.currentTarget.value);
                if (picked) onChoose(picked);
              }}
            />
          ))}
        </Stack>
        {error && (
          <Text id={`${statusId}-error`} size="sm" c="red.8" role="alert">
            {error}
          </Text>
        )}
      </Stack>
    </Fieldset>
  );
}
