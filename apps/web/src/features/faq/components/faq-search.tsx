import { ZFaqSearchQuery } from '@mutua/contracts/faq';
import { Button, TextInput } from '@mantine/core';
import type { FormEvent } from 'react';
import classes from './faq.module.css';
import { useCheckedInput } from '../../../components/checked-input';
import { Form } from '../../../components/form';

/** The search form: the query lives in the URL (?q=), so a result page can be shared and reloaded. */
export function FaqSearchForm({ initial, onSearch }: { initial: string; onSearch: (q: string) => void }) {
  const query = useCheckedInput(ZFaqSearchQuery, 'q', { initial, fallback: 'Saisie invalide.' });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = query.check();
    if (checked) onSearch(checked.q);
  };
  return (
    <Form role="search" aria-label="Rechercher dans la FAQ" onSubmit={submit} noValidate>
      <div className={classes.searchRow}>
        <TextInput
          className={classes.searchInput}
          label="Rechercher une question"
          description={'Par exemple\u00a0: remboursement lunettes, carte de tiers payant'}
          type="search"
          {...query.field}
          maxLength={100}
          autoComplete="off"
        />
        <Button type="submit">Rechercher</Button>
      </div>
    </Form>
  );
}
