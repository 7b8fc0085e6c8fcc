import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { formField, useZodForm } from './zod-form';

const schema = z.object({ subject: z.string().min(1), address: z.object({ line1: z.string().min(1) }) });

describe('formField', () => {
  it('registers the field and puts its French message under it, nested paths included', async () => {
    const { result } = renderHook(() =>
      useZodForm(schema, { defaultValues: { subject: '', address: { line1: '' } }, labels: { subject: 'Objet', 'address.line1': 'Adresse' } }),
    );
    expect(formField(result.current, 'subject')).toMatchObject({ name: 'subject', error: undefined });

    await act(() => result.current.handleSubmit(() => {})());

    expect(formField(result.current, 'subject')).toMatchObject({ name: 'subject', error: 'Le champ «\u00a0Objet\u00a0» est obligatoire.' });
    expect(formField(result.current, 'address.line1')).toMatchObject({ name: 'address.line1', error: 'Le champ «\u00a0Adresse\u00a0» est obligatoire.' });
  });
});
