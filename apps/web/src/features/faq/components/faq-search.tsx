import { useInputState } from '@mantine/hooks';
import { ZFaqSearchQuery } from '@mutua/contracts';
import { Button, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import classes from './faq.module.css';
import { Form } from '../../../components/form';

/** The search form: the query lives in the URL (?q=), so a result page can be shared and reloaded. */
export function FaqSearchForm({ initial, onSearch }: { initial: string; onSearch: (q: string) => void }) {
  const [value, setValue] = useInputState(initial);
  const [error, setError] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = ZFaqSearchQuery.safeParse({ q: value });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? 'Saisie invalide.');
    setError(null);
    onSearch(parsed.data.q);
  };
  return (
    <Form role="search" aria-label="Rechercher dans la FAQ" onSubmit={submit} noValidate>
      <div className={classes.searchRow}>
        <TextInput
          className={classes.searchInput}
          label="Rechercher une question"
          description={'Par exemple\u00a0: remboursement lunettes, carte de tiers payant'}
          type="search"
          value={value}
          onChange={setValue}
          error={error}
          maxLength={100}
          autoComplete="off"
        />
        <Button type="submit">Rechercher</Button>
      </div>
    </Form>
  );
}
