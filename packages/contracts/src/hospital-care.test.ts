import { describe, expect, it } from 'vitest';
import {
  HOSPITAL_CARE_ERRORS,
  HOSPITAL_CARE_FORM_ERRORS,
  admissionDateProblem,
  establishmentSearchText,
  hospitalCareRequestSchema,
  isValidAdeli,
  isValidDmt,
  isValidFiness,
  isValidRpps,
  isoDatePlusDays,
  luhnValid,
} from './hospital-care';

describe('FINESS (9 characters, Luhn key, 2A/2B without the key)', () => {
  it.each(['750712184', '750100125', '130786049', '690781810'])('accepts the real number %s', (n) => expect(isValidFiness(n)).toBe(true));
  it('refuses a wrong key, a wrong length and letters', () => {
    expect(isValidFiness('750712185')).toBe(false);
    expect(isValidFiness('75071218')).toBe(false);
    expect(isValidFiness('75071218A')).toBe(false);
  });
  it('accepts Corsican numbers without the key check', () => {
    expect(isValidFiness('2A0000013')).toBe(true);
    expect(isValidFiness('2b0000014')).toBe(true);
  });
  it('Luhn on a known vector', () => {
    expect(luhnValid('79927398713')).toBe(true);
    expect(luhnValid('79927398710')).toBe(false);
  });
});

describe('Adeli, RPPS, DMT', () => {
  it('checks length and digits only', () => {
    expect(isValidAdeli('751234567')).toBe(true);
    expect(isValidAdeli('75123456')).toBe(false);
    expect(isValidRpps('10101234567')).toBe(true);
    expect(isValidRpps('1010123456')).toBe(false);
    expect(isValidDmt('')).toBe(true);
    expect(isValidDmt('302')).toBe(true);
    expect(isValidDmt('30')).toBe(false);
    expect(isValidDmt('3O2')).toBe(false);
  });
});

describe('admission date (at most 15 days ahead)', () => {
  it('accepts today + 15, refuses today + 16', () => {
    expect(isoDatePlusDays('2026-11-23', 15)).toBe('2026-12-08');
    expect(admissionDateProblem('2026-12-08', '2026-11-23')).toBeNull();
    expect(admissionDateProblem('2026-12-09', '2026-11-23')).toBe(HOSPITAL_CARE_ERRORS.admissionTooFar);
    expect(HOSPITAL_CARE_ERRORS.admissionTooFar).toContain('15\u00a0jours');
  });
});

describe('the hospital coverage request', () => {
  const schema = hospitalCareRequestSchema('2026-11-23');
  const base = {
    familyPosition: 1,
    admissionDate: '2026-12-01',
    hospitalizationType: 'CHIRURGIE',
    establishmentId: '0b7e7f5e-3c1a-4c1e-9d1f-2f6f1c1a2b3c',
    act: 'Prothèse de hanche',
  };
  const firstMessage = (input: object) => {
    const r = schema.safeParse(input);
    return r.success ? null : r.error.issues[0]!.message;
  };
  it('accepts the minimum (optional release date, DMT, duration, comment empty)', () => {
    expect(schema.parse(base)).toMatchObject({ releaseDate: '', dmt: '', durationDays: '', comment: '', manualEstablishment: null });
  });
  it('needs an establishment: from the directory or typed by hand with a valid FINESS (upper-cased for 2A/2B)', () => {
    expect(firstMessage({ ...base, establishmentId: '' })).toBe(HOSPITAL_CARE_FORM_ERRORS.establishment);
    expect(schema.parse({ ...base, establishmentId: '', manualEstablishment: { name: 'Clinique', finess: '2a0000001' } }).manualEstablishment).toMatchObject({
      finess: '2A0000001',
      adeli: '',
    });
    expect(firstMessage({ ...base, establishmentId: '', manualEstablishment: { name: 'Clinique', finess: '750712185' } })).toBe(HOSPITAL_CARE_ERRORS.finess);
    // The spec's generic messages: a wrong length, a special character; the key fault keeps its own message.
    expect(firstMessage({ ...base, establishmentId: '', manualEstablishment: { name: 'Clinique', finess: '75071218' } })).toBe(
      'Veuillez saisir exactement 9 caractères.',
    );
    expect(firstMessage({ ...base, establishmentId: '', manualEstablishment: { name: 'Clinique', finess: '7507-1218' } })).toBe(
      'Veuillez saisir la valeur en majuscules, sans caractères spéciaux.',
    );
    expect(firstMessage({ ...base, establishmentId: '', manualEstablishment: { name: 'Clinique', finess: '2é0000001' } })).toBe(
      'Veuillez saisir la valeur en majuscules, sans caractères spéciaux.',
    );
  });
  it('refuses an admission more than 15 days ahead, a release before admission, an empty act, a 2-digit DMT', () => {
    expect(firstMessage({ ...base, admissionDate: '2026-12-09' })).toBe(HOSPITAL_CARE_ERRORS.admissionTooFar);
    expect(firstMessage({ ...base, releaseDate: '2026-11-30' })).toBe(HOSPITAL_CARE_ERRORS.releaseBeforeAdmission);
    expect(firstMessage({ ...base, act: ' ' })).toBe(HOSPITAL_CARE_ERRORS.act);
    expect(firstMessage({ ...base, dmt: '12' })).toBe(HOSPITAL_CARE_ERRORS.dmt);
  });
  it('search text: lower case, no accents, no punctuation', () => {
    expect(establishmentSearchText('  Hôpital Pitié-Salpêtrière (AP-HP) ')).toBe('hopital pitie salpetriere ap hp');
  });
  it('search text: dotted initials are one word, as the FINESS extract writes them', () => {
    expect(establishmentSearchText('C.H. LOUIS CONSTANT FLEMING')).toBe('ch louis constant fleming');
    expect(establishmentSearchText('E.H.P.A.D. EDMAR LAMA')).toBe('ehpad edmar lama');
    expect(establishmentSearchText('c.h.u de Nantes')).toBe('chu de nantes');
    expect(establishmentSearchText('Saint-Jean d.Angély')).toBe('saint jean d angely');
  });
});
