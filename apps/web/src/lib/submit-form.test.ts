import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { multipartForm, useSubmissionKey } from './submit-form';

describe('useSubmissionKey', () => {
  it('keeps one key across renders (every try of the form) and draws a new one on renew', () => {
    const { result, rerender } = renderHook(() => useSubmissionKey());
    const first = result.current.key;
    expect(first).toMatch(/^[0-9a-f-]{36}$/);
    rerender();
    expect(result.current.key).toBe(first);
    act(() => result.current.renew());
    expect(result.current.key).not.toBe(first);
  });
});

describe('multipartForm', () => {
  it('sets text fields, JSON for objects, skips empty values, and appends the files under attachments', async () => {
    const pdf = new File(['%PDF-1.4'], 'facture.pdf', { type: 'application/pdf' });
    const form = multipartForm({ amount: 12.5, comment: 'Bonjour', beneficiary: null, lines: [{ code: 'A' }] }, [pdf]);
    expect(form.get('amount')).toBe('12.5');
    expect(form.get('comment')).toBe('Bonjour');
    expect(form.has('beneficiary')).toBe(false);
    expect(form.get('lines')).toBe('[{"code":"A"}]');
    expect((form.getAll('attachments')[0] as File).name).toBe('facture.pdf');
  });
});
