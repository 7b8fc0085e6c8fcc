import { Button, TextInput } from '@mantine/core';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderAt } from '../test/render';
import { Form } from './form';

/** Two fields; the second is refused by its own check on submit, or by « the server » a moment later. */
/** `answer`: when the server's refusal arrives (50 ms after sending unless the test says when). */
function TwoFields({ server, answer }: { server: boolean; answer?: Promise<void> }) {
  const [errors, setErrors] = useState<{ name?: string; email?: string }>({});
  return (
    <Form
      onSubmit={(event) => {
        event.preventDefault();
        if (!server) return setErrors({ email: 'Adresse e-mail invalide.' });
        void (answer ?? new Promise((resolve) => setTimeout(resolve, 50))).then(() => setErrors({ email: 'Le champ ne peut pas contenir la même adresse.' }));
      }}
    >
      <TextInput label="Nom" error={errors.name} />
      <TextInput label="E-mail secondaire" error={errors.email} />
      <Button type="submit">Enregistrer</Button>
    </Form>
  );
}

describe('Form', () => {
  it('after an invalid submit, the focus goes to the first field in error', async () => {
    renderAt(<TwoFields server={false} />);
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    const field = screen.getByRole('textbox', { name: 'E-mail secondaire' });
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveFocus();
  });

  it('also when the server refuses the field a moment later', async () => {
    renderAt(<TwoFields server />);
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    const field = screen.getByRole('textbox', { name: 'E-mail secondaire' });
    await waitFor(() => expect(field).toHaveFocus());
    expect(field).toHaveAccessibleDescription('Le champ ne peut pas contenir la même adresse.');
  });

  it('also when the field was already in error before the submit (checked when left)', async () => {
    function CheckedOnBlur() {
      const [error, setError] = useState<string>();
      return (
        <Form onSubmit={(event) => event.preventDefault()}>
          <TextInput label="Adresse e-mail" error={error} onBlur={() => setError('Adresse e-mail invalide.')} />
          <Button type="submit">Envoyer</Button>
        </Form>
      );
    }
    renderAt(<CheckedOnBlur />);
    await userEvent.type(screen.getByRole('textbox', { name: 'Adresse e-mail' }), 'pas-une-adresse');
    await userEvent.click(screen.getByRole('button', { name: 'Envoyer' }));
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Adresse e-mail' })).toHaveFocus());
  });

  it('never takes the focus from a member who typed meanwhile', async () => {
    // The refusal arrives once she has typed, however slow the machine running the test.
    let refuse!: () => void;
    renderAt(<TwoFields server answer={new Promise<void>((resolve) => (refuse = resolve))} />);
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Nom' }), 'Durand');
    refuse();
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'E-mail secondaire' })).toHaveAttribute('aria-invalid', 'true'));
    expect(screen.getByRole('textbox', { name: 'Nom' })).toHaveFocus();
  });
});
