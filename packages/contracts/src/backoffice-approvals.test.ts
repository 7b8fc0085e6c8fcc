import { describe, expect, it } from 'vitest';
import { ZApprovalDecision, ZCaseRefusal, ZRefundProposal, canApprove, caseEffectOf, caseRefusalText } from './backoffice-approvals';
import { DOCUMENT_KIND_CODES, MESSAGE_KIND_CODES } from './requests';

const line = { actCode: 'KINE', expenseCents: 6000, quantity: 1, sector: '1' };
const base = { caseId: '6f1c2a3b-4d5e-4f60-8a7b-9c0d1e2f3a4b', familyPosition: 1, careDate: '2026-11-20', lines: [line] };
const messages = (value: unknown) => (ZRefundProposal.safeParse(value).error?.issues ?? []).map((i) => i.message);

describe('four eyes', () => {
  it('only a manager who did not propose may approve', () => {
    expect(canApprove('manager', 'a', 'b')).toBe('OK');
    expect(canApprove('manager', 'a', 'a')).toBe('OWN');
    expect(canApprove('agent', 'a', 'b')).toBe('ROLE');
    expect(canApprove('administrator', 'a', 'b')).toBe('ROLE');
    expect(canApprove('derogator', 'a', 'b')).toBe('ROLE');
  });

  it('checks the refund proposed, in French: the care, never an amount, and a reason for a correction', () => {
    expect(ZRefundProposal.parse(base).lines[0]).toEqual({ ...line, correction: null });
    expect(messages({ ...base, lines: [] })).toEqual(['Ajoutez au moins un acte.']);
    expect(messages({ ...base, lines: [{ ...line, expenseCents: 0 }] })).toEqual(['Le prix des soins doit être supérieur à 0,00\u00a0€.']);
    expect(messages({ ...base, lines: [{ ...line, correction: { amcCents: 1000, reason: 'ok' } }] })).toEqual([
      'Indiquez le motif de la correction (5 caractères au moins).',
    ]);
    expect(messages({ ...base, lines: [{ ...line, correction: { amcCents: -5, reason: 'Geste commercial' } }] })).toEqual([
      'Un montant ne peut pas être négatif.',
    ]);
    expect(messages({ ...base, familyPosition: 0 })).toEqual(['Choisissez le bénéficiaire.']);
    expect(messages({ ...base, careDate: 'hier' })).toEqual(['Saisissez la date des soins.']);
  });

  it('needs a reason to reject', () => {
    expect(ZApprovalDecision.safeParse({ decision: 'APPROVE' }).success).toBe(true);
    expect(ZApprovalDecision.safeParse({ decision: 'REJECT' }).error?.issues[0]?.message).toBe('Indiquez le motif du refus.');
    expect(ZApprovalDecision.safeParse({ decision: 'REJECT', reason: 'Montant erroné' }).success).toBe(true);
  });
});

describe('complaint answer', () => {
  it('adds the mediator to a refusal only', async () => {
    const { complaintAnswerText } = await import('./backoffice-approvals');
    expect(complaintAnswerText({ outcome: 'ACCEPTED', message: 'Oui.' })).toBe('Oui.');
    const refused = complaintAnswerText({ outcome: 'REFUSED', message: 'Non.' });
    expect(refused.startsWith('Non.\n')).toBe(true);
    expect(refused).toContain('Médiateur de la Mutualité Française');
    expect(refused).toContain('255 rue de Vaugirard');
  });
});

describe('case effects', () => {
  it('accepting applies to beneficiary additions and refund account changes only', () => {
    expect(caseEffectOf('message', MESSAGE_KIND_CODES.add_beneficiary)).toBe('add_beneficiary');
    expect(caseEffectOf('message', MESSAGE_KIND_CODES.rib)).toBe('refund_bank_details');
    expect(caseEffectOf('message', MESSAGE_KIND_CODES.rib_beneficiary)).toBe('refund_bank_details');
    expect(caseEffectOf('message', MESSAGE_KIND_CODES.delete_beneficiary)).toBeNull();
    expect(caseEffectOf('document', DOCUMENT_KIND_CODES.rib)).toBeNull();
  });
  it('a refusal needs a reason, which the member reads', () => {
    expect(ZCaseRefusal.safeParse({ reason: '  ' }).error?.issues[0]?.message).toBe('Indiquez le motif du refus.');
    expect(caseRefusalText(' Pièce illisible ')).toBe('Nous ne pouvons pas donner suite à votre demande.\nMotif\u00a0: Pièce illisible');
  });
});
