import { ZCreateAccountRequest } from '@mutua/contracts/auth';
import { describe, expect, it } from 'vitest';
import { frenchIssue } from './zod-form';

describe('frenchIssue', () => {
  it('replaces zod’s English defaults', () => {
    expect(frenchIssue({ code: 'too_small', input: '', minimum: 1 })).toBe('Ce champ est obligatoire.');
    expect(frenchIssue({ code: 'invalid_type', input: undefined })).toBe('Ce champ est obligatoire.');
    expect(frenchIssue({ code: 'too_big', input: 'x'.repeat(120), maximum: 100 })).toBe('Au plus 100\u00a0caractères.');
  });

  it('names the field by the label the member sees, when the form gives it', () => {
    expect(frenchIssue({ code: 'too_small', input: ' ', minimum: 1 }, 'Code postal')).toBe('Le champ «\u00a0Code postal\u00a0» est obligatoire.');
    expect(frenchIssue({ code: 'too_big', input: 'x'.repeat(120), maximum: 100 }, 'Ville')).toBe(
      'Le champ «\u00a0Ville\u00a0» compte au plus 100\u00a0caractères.',
    );
  });

  it('messages written in the contracts schemas win', () => {
    const result = ZCreateAccountRequest.safeParse({ membershipNumber: '12', surName: '', birthDate: 'hier' }, { error: (i) => frenchIssue(i as never) });
    const messages = Object.fromEntries(result.error!.issues.map((i) => [i.path.join('.'), i.message]));
    expect(messages).toEqual({
      membershipNumber: 'Le numéro d’adhérent compte 8 chiffres.',
      surName: 'Ce champ est obligatoire.',
      birthDate: 'Date invalide.',
    });
  });
});
