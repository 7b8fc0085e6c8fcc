import { Button, NativeSelect, Stack, Text, TextInput } from '@mantine/core';
import { ZCallbackInput } from '@mutua/contracts/advisor';
import { useState, type ChangeEvent } from 'react';
import { Form } from '../../../components/form';
import type { AdvisorFormProps } from './advisor-form';
import { LoadState } from '../../../components/load-state';
import { ApiError, serverFieldError } from '../../../lib/api-client';
import { useSubmissionKey } from '../../../lib/submit-form';
import { useBookCallback } from '../api/book-callback';
import { useCallbackSlots } from '../api/callback-slots';

type Field = 'slot' | 'phone';

/** A callback on one of the next free slots of the phone line's hours, at the number the member gives. */
export function CallbackForm({ conversation, origin, onSent }: AdvisorFormProps) {
  const slots = useCallbackSlots();
  const submission = useSubmissionKey();
  const book = useBookCallback();
  const [slot, setSlot] = useState('');
  const [phone, setPhone] = useState('');
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const errorOf = (field: Field) => errors[field] ?? serverFieldError(book.error, field);
  // Changing a field takes its refusal away.
  const edit = (field: Field, set: (value: string) => void) => (e: ChangeEvent<HTMLInputElement | HTMLSelectElement>) => {
    set(e.currentTarget.value);
    setErrors((old) => ({ ...old, [field]: undefined }));
  };
  const otherError =
    book.error && !serverFieldError(book.error, 'slot') && !serverFieldError(book.error, 'phone')
      ? book.error instanceof ApiError
        ? book.error.message
        : 'Votre demande n’a pas pu être envoyée. Veuillez réessayer.'
      : null;

  if (!slots.data) return <LoadState query={slots} title="Les créneaux de rappel n’ont pas pu être chargés" loading={120} />;
  if (slots.data.slots.length === 0) return <Text size="sm">Aucun créneau de rappel n’est disponible pour le moment&nbsp;: écrivez-nous ou appelez-nous.</Text>;

  return (
    <Form
      aria-labelledby="advisor-callback-title"
      onSubmit={(event) => {
        event.preventDefault();
        const parsed = ZCallbackInput.safeParse({ slot, phone, conversation, origin });
        if (!parsed.success) {
          const found: Partial<Record<Field, string>> = {};
          for (const issue of parsed.error.issues) {
            const field = issue.path[0] as Field;
            if ((field === 'slot' || field === 'phone') && !found[field]) found[field] = issue.message;
          }
          return setErrors(found);
        }
        setErrors({});
        book.mutate(
          { slot, phone, conversation, origin, key: submission.key },
          {
            onSuccess: (sent) => {
              submission.renew();
              onSent(sent);
            },
            // A refused slot (just filled) needs a new choice, hence a new sending.
            onError: () => submission.renew(),
          },
        );
      }}
    >
      <Stack gap="sm" align="flex-start">
        <NativeSelect
          w="100%"
          maw="26rem"
          label="Créneau de rappel (heure de Paris)"
          value={slot}
          onChange={edit('slot', setSlot)}
          data={[{ value: '', label: 'Choisissez un créneau' }, ...slots.data.slots.map((s) => ({ value: s.start, label: s.label }))]}
          error={errorOf('slot')}
          required
        />
        <TextInput
          w="100%"
          maw="26rem"
          label="Numéro de téléphone"
          description="Le conseiller vous appelle à ce numéro."
          type="tel"
          autoComplete="tel"
          value={phone}
          onChange={edit('phone', setPhone)}
          error={errorOf('phone')}
          required
        />
        {otherError && (
          <Text c="red.8" size="sm" role="alert">
            {otherError}
          </Text>
        )}
        <Button type="submit" loading={book.isPending}>
          Demander à être rappelé
        </Button>
      </Stack>
    </Form>
  );
}
