import { describe, expect, it } from 'vitest';
import {
  REFUND_REQUEST_ERRORS,
  billKindOfCategory,
  careDateProblem,
  documentField,
  isoDateMinusYears,
  parseEuroAmount,
  refundDocumentsFor,
  refundRequestFieldsSchema,
} from './refund-requests';
import { careTeletransmitted } from './teletransmission-rules';
import { formatEuros } from './french-format';

const TODAY = '2026-11-23';
const DEFAULTS = [
  { code: 'FACTURE_DETAILLEE', label: 'Facture détaillée et acquittée' },
  { code: 'DECOMPTE_SECURITE_SOCIALE', label: 'Décompte de la Sécurité sociale' },
];

describe('care date (not older than 3 years, not in the future)', () => {
  it('accepts today and the day exactly 3 years back, refuses the day before', () => {
    expect(careDateProblem(TODAY, TODAY)).toBeNull();
    expect(careDateProblem('2023-11-23', TODAY)).toBeNull();
    expect(careDateProblem('2023-11-22', TODAY)).toBe('La date ne doit pas être antérieure à 3 ans');
  });
  it('refuses tomorrow and impossible dates', () => {
    expect(careDateProblem('2026-11-24', TODAY)).toBe(REFUND_REQUEST_ERRORS.careDateFuture);
    expect(careDateProblem('2026-02-30', TODAY)).toBe(REFUND_REQUEST_ERRORS.careDate);
    expect(careDateProblem('23/11/2026', TODAY)).toBe(REFUND_REQUEST_ERRORS.careDate);
  });
  it('counts 29 February back to 28 February', () => {
    expect(isoDateMinusYears('2028-02-29', 3)).toBe('2025-02-28');
  });
});

describe('amount in euros, typed the French way', () => {
  it.each([
    ['1 000,00', 100000],
    ['1\u202f000,5', 100050],
    ['45', 4500],
    ['45.90', 4590],
    // eslint-disable-next-line mutua/french-spacing -- what a member types, a plain space
    ['12,3 €', 1230],
  ])('%s → %i cents', (text, cents) => expect(parseEuroAmount(text)).toBe(cents));
  it.each(['', 'abc', '0', '0,00', '12,345', '1 00,00', '-5', '1e3'])('refuses %j', (text) => expect(parseEuroAmount(text)).toBeNull());
  it('formats cents back with a non-breaking space before the euro sign', () => {
    expect(formatEuros(100000)).toMatch(/^1\s000,00\u00a0€$/u);
  });
});

describe('refund request fields', () => {
  const schema = refundRequestFieldsSchema(TODAY);
  const base = { actCode: 'KINESITHERAPIE', familyPosition: '1', careDate: '2026-11-02', amount: '1 000,00' };
  it('reads the form into cents and sessions', () => {
    expect(schema.parse({ ...base, sessionMode: 'multiple', sessionCount: '6', comment: ' Séances de rééducation ' })).toEqual({
      actCode: 'KINESITHERAPIE',
      familyPosition: 1,
      careDate: '2026-11-02',
      amountCents: 100000,
      sessions: 6,
      practitioner: '',
      comment: 'Séances de rééducation',
    });
    expect(schema.parse(base).sessions).toBe(1);
  });
  it('needs the number of sessions for several sessions, at least 2', () => {
    const missing = schema.safeParse({ ...base, sessionMode: 'multiple' });
    expect(missing.error?.issues.map((i) => i.message)).toEqual([REFUND_REQUEST_ERRORS.sessions]);
    expect(schema.safeParse({ ...base, sessionMode: 'multiple', sessionCount: '1' }).error?.issues[0]?.message).toBe(REFUND_REQUEST_ERRORS.sessionsRange);
  });
  it('answers each problem in French on its field', () => {
    const res = schema.safeParse({ actCode: '', familyPosition: 'x', careDate: '2020-01-01', amount: 'dix euros', comment: '<script>' });
    const byPath = Object.fromEntries(res.error!.issues.map((i) => [i.path.join('.'), i.message]));
    expect(byPath).toEqual({
      actCode: REFUND_REQUEST_ERRORS.act,
      familyPosition: REFUND_REQUEST_ERRORS.beneficiary,
      comment: REFUND_REQUEST_ERRORS.specialCharacters,
    });
    const dates = schema.safeParse({ ...base, careDate: '2020-01-01', amount: 'dix' });
    expect(dates.error!.issues.map((i) => i.message)).toEqual(['La date ne doit pas être antérieure à 3 ans', REFUND_REQUEST_ERRORS.amount]);
  });
});

describe('documents of a refund request', () => {
  const prescribed = { category: 'paramedical', documents: [{ code: 'PRESCRIPTION', label: 'Prescription médicale (ordonnance)' }] };
  it('asks the invoice and the social security statement for care not teletransmitted, then the act’s own documents as optional', () => {
    expect(refundDocumentsFor(prescribed, DEFAULTS, false).map((d) => [d.code, d.required])).toEqual([
      ['FACTURE_DETAILLEE', true],
      ['DECOMPTE_SECURITE_SOCIALE', true],
      ['PRESCRIPTION', false],
    ]);
  });
  it('asks only the invoice for teletransmitted care: the statement stays optional, saying why', () => {
    const needs = refundDocumentsFor(prescribed, DEFAULTS, true);
    expect(needs.filter((d) => d.required).map((d) => d.code)).toEqual(['FACTURE_DETAILLEE']);
    expect(needs.find((d) => d.code === 'DECOMPTE_SECURITE_SOCIALE')?.note).toBe(
      'Vos soins sont télétransmis par votre caisse\u00a0: inutile de nous envoyer ce décompte.',
    );
  });
  it('sends each document’s files under its own multipart field, named by its code', () => {
    expect(documentField('FACTURE_DETAILLEE')).toBe('document.FACTURE_DETAILLEE');
    expect(documentField('PRESCRIPTION')).not.toBe(documentField('FACTURE_DETAILLEE'));
  });
  it('asks no social security statement for an act the social security does not refund', () => {
    for (const teletransmitted of [false, true]) {
      expect(refundDocumentsFor({ category: 'alternative_medicine', documents: [] }, DEFAULTS, teletransmitted).map((d) => d.code)).toEqual([
        'FACTURE_DETAILLEE',
      ]);
    }
  });
  it('counts a care as teletransmitted only while the link is active, from the day the fund connected it', () => {
    expect(careTeletransmitted({ state: 'ACTIVE', since: null }, '2024-01-05')).toBe(true);
    expect(careTeletransmitted({ state: 'ACTIVE', since: '2025-03-12' }, '2025-03-12')).toBe(true);
    expect(careTeletransmitted({ state: 'ACTIVE', since: '2025-03-12' }, '2025-03-11')).toBe(false);
    expect(careTeletransmitted({ state: 'ACTIVE', since: '2025-03-12' }, '')).toBe(true);
    for (const state of ['INACTIVE', 'REQUESTED', 'NOT_WISHED', 'REJECTED', 'DISCONNECTED'] as const)
      expect(careTeletransmitted({ state, since: null }, '2026-11-02')).toBe(false);
  });
  it('maps act families to bill kinds', () => {
    expect(['dental', 'optical', 'hospital', 'hearing', 'alternative_medicine', 'pharmacy'].map(billKindOfCategory)).toEqual([
      'dental',
      'new_optical_equipment',
      'hospital_care',
      'new_hearing_aid',
      'alternative_medicine',
      'various',
    ]);
  });
});
