import { Badge, Fieldset, Radio, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { HEADING_LABELS, type TCareActSummary } from '@mutua/contracts/guarantees-api';
import { useId, useState } from 'react';
import { useCareActSearch } from '../api/search-care-acts';
import classes from './guarantees.module.css';
import { SearchField } from '../../../components/search-field';

type Props = {
  chosen: TCareActSummary | null;
  onChoose: (act: TCareActSummary) => void;
  error?: string;
};

/** The act to estimate: a search through the tariff catalogue (« osteo » finds Ostéopathie), its answers as choices. */
export function CareActSearch({ chosen, onChoose, error }: Props) {
  const [query, setQuery] = useState('');
  const [debounced] = useDebouncedValue(query.trim(), 250);
  const search = useCareActSearch(debounced);
  const errorId = useId();
  const found = debounced.length >= 2 ? (search.data ?? []) : [];
  const shown = chosen && !found.some((a) => a.code === chosen.code) ? [chosen, ...found] : found;
  const status =
    debounced.length < 2
      ? 'Saisissez au moins 2 lettres\u00a0: le nom du soin ou du professionnel.'
      : search.isError
        ? search.error.message
        : search.isSuccess
          ? found.length === 0
            ? `Aucun soin ne correspond à « ${debounced} ». Essayez un autre mot (consultation, lunettes, couronne…).`
            : `${found.length}\u00a0soin${found.length > 1 ? 's' : ''} trouvé${found.length > 1 ? 's' : ''}.`
          : '';
  return (
    <Fieldset legend="Soin à estimer" variant="unstyled" classNames={{ legend: classes.legend }} aria-describedby={error ? errorId : undefined}>
      <Stack gap="xs">
        <SearchField
          label="Rechercher un soin"
          description="Par exemple&nbsp;: ostéopathe, généraliste, lunettes, couronne"
          value={query}
          onChange={(event) => setQuery(event.currentTarget.value)}
          autoComplete="off"
          status={status}
        />
        {shown.length > 0 && (
          <Radio.Group
            value={chosen?.code ?? null}
            onChange={(code) => onChoose(shown.find((a) => a.code === code)!)}
            name="care-act"
            label="Choisissez le soin"
            aria-invalid={error ? true : undefined}
          >
            <Stack gap={6} mt={4}>
              {shown.map((act) => (
                <Radio
                  key={act.code}
                  value={act.code}
                  label={act.label}
                  description={
                    <>
                      {HEADING_LABELS[act.heading]}
                      {act.baseCents === null ? ' · non remboursé par la Sécurité sociale' : ''}
                      {act.status === 'TO_CONFIRM' && (
                        <Badge component="span" size="xs" variant="light" color="gray" ml={6}>
                          tarif à confirmer
                        </Badge>
                      )}
                    </>
                  }
                />
              ))}
            </Stack>
          </Radio.Group>
        )}
        {error && (
          <Text id={errorId} size="sm" c="red.8" role="alert">
            {error}
          </Text>
        )}
      </Stack>
    </Fieldset>
  );
}
