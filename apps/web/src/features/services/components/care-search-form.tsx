import { useInputState } from '@mantine/hooks';
import { CARE_SPECIALTIES, CARE_SPECIALTY_IDS, ZCareSearchQuery, type CareSpecialty } from '@mutua/contracts/care-network';
import { Button, NativeSelect, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import type { CareSearch } from '../api/search-care-network';
import classes from './services.module.css';
import { Form } from '../../../components/form';

/** Specialty and town or postal code; the search lives in the URL so that a result can be reloaded. */
export function CareSearchForm({ initial, onSearch }: { initial: { specialty: CareSpecialty | ''; place: string }; onSearch: (search: CareSearch) => void }) {
  const [specialty, setSpecialty] = useInputState<string>(initial.specialty);
  const [place, setPlace] = useInputState(initial.place);
  const [errors, setErrors] = useState<{ specialty?: string; place?: string }>({});
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = ZCareSearchQuery.safeParse({ specialty, place });
    if (!parsed.success) {
      const next: typeof errors = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path[0] as keyof typeof errors;
        next[key] ??= issue.message;
      }
      setErrors(next);
      document.getElementById(next.specialty ? 'care-specialty' : 'care-place')?.focus();
      return;
    }
    setErrors({});
    onSearch(parsed.data);
  };
  return (
    <Form role="search" aria-label="Trouver un professionnel partenaire" onSubmit={submit} noValidate className={classes.form}>
      <NativeSelect
        id="care-specialty"
        label="Spécialité"
        value={specialty}
        onChange={setSpecialty}
        error={errors.specialty}
        data={[{ value: '', label: 'Choisissez une spécialité' }, ...CARE_SPECIALTY_IDS.map((id) => ({ value: id, label: CARE_SPECIALTIES[id] }))]}
      />
      <TextInput
        id="care-place"
        label="Ville ou code postal"
        description={'Par exemple\u00a0: Lyon, 69003'}
        value={place}
        onChange={setPlace}
        error={errors.place}
        maxLength={60}
        autoComplete="address-level2"
      />
      <Button type="submit" className={classes.submit}>
        Rechercher
      </Button>
    </Form>
  );
}
