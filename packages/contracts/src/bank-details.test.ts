import { describe, expect, it } from 'vitest';
import {
  BIC_MESSAGE,
  IBAN_MESSAGES,
  ZBankDetailsChangeFields,
  ZSignMandateRequest,
  bankOfIban,
  bicFault,
  formatIban,
  ibanFault,
  mandateStandardText,
  maskIban,
  pendingRefundText,
  newRum,
  normalizeIban,
  openRibOf,
  parseOpenRib,
  RUM_PATTERN,
} from './bank-details';

const VALID = 'FR7630004000031234567890143';

describe('IBAN rules', () => {
  it('accepts spaces and lower case, and answers one French message per fault', () => {
    expect(normalizeIban(' fr76 3000 4000 0312 3456 7890 143 ')).toBe(VALID);
    expect(ibanFault(VALID)).toBeNull();
    expect(ibanFault('')).toBe(IBAN_MESSAGES.empty);
    expect(ibanFault('7630004000031234567890143')).toBe(IBAN_MESSAGES.country);
    expect(ibanFault('FR763000400003123456789014')).toBe(IBAN_MESSAGES.length);
    expect(ibanFault('FR7730004000031234567890143')).toBe(IBAN_MESSAGES.checksum);
    // A valid IBAN checksum over a wrong French RIB key.
    expect(ibanFault('FR7330003012340001234567811')).toBe(IBAN_MESSAGES.ribKey);
    expect(ibanFault('FR76300040000312345678901!3')).not.toBeNull();
    // Brazil: a valid IBAN outside the SEPA zone.
    expect(ibanFault('BR1800360305000010009795493C1')).toBe(IBAN_MESSAGES.notSepa);
    expect(ibanFault('DE89370400440532013000')).toBeNull();
  });

  it('derives the bank and BIC of known French banks, checks an entered BIC', () => {
    expect(bankOfIban(VALID)).toEqual({ name: 'BNP Paribas', bic: 'BNPAFRPPXXX' });
    expect(bankOfIban('DE89370400440532013000')).toBeNull();
    expect(bicFault('BNPAFRPP', VALID)).toBeNull();
    expect(bicFault('BNPAFRPPXXX', VALID)).toBeNull();
    expect(bicFault('COBADEFFXXX', VALID)).toBe(BIC_MESSAGE);
    expect(bicFault('BNPA', VALID)).toBe(BIC_MESSAGE);
  });

  it('masks all but the last 4 characters, formats by groups of 4', () => {
    expect(maskIban(VALID)).toBe('FR76 •••• •••• •••• 0143');
    expect(maskIban(VALID)).not.toContain('3000400003');
    expect(formatIban(VALID)).toBe('FR76 3000 4000 0312 3456 7890 143');
  });
});

describe('change form', () => {
  it('normalizes the IBAN and the BIC and defaults to the main insured', () => {
    const parsed = ZBankDetailsChangeFields.parse({
      target: 'refund',
      holder: ' Camille Durand ',
      iban: 'fr76 3000 4000 0312 3456 7890 143',
      bic: 'bnpa frpp',
    });
    expect(parsed).toEqual({ target: 'refund', familyPosition: 1, holder: 'Camille Durand', iban: VALID, bic: 'BNPAFRPP' });
  });

  it('refuses with French messages', () => {
    const messages = (input: Record<string, unknown>) => ZBankDetailsChangeFields.safeParse(input).error?.issues.map((i) => i.message) ?? [];
    expect(messages({ target: 'refund', holder: 'C', iban: VALID })).toEqual(['Veuillez saisir le titulaire du compte (2 à 70 caractères).']);
    expect(messages({ target: 'refund', holder: 'Camille', iban: 'FR7730004000031234567890143' })).toEqual([IBAN_MESSAGES.checksum]);
    expect(messages({ target: 'refund', holder: 'Camille', iban: VALID, bic: 'COBADEFF' })).toEqual([BIC_MESSAGE]);
    expect(messages({ target: 'contribution', familyPosition: 2, holder: 'Camille', iban: VALID })).toEqual([
      'Le compte de cotisation est celui de l’assuré principal.',
    ]);
    expect(messages({ target: 'savings', holder: 'Camille', iban: VALID })).toEqual(['Choisissez le compte à modifier.']);
  });

  it('reads update-rib/{openRib}', () => {
    expect(parseOpenRib('contribution')).toEqual({ target: 'contribution', familyPosition: 1 });
    expect(parseOpenRib('refund')).toEqual({ target: 'refund', familyPosition: 1 });
    expect(parseOpenRib('refund-3')).toEqual({ target: 'refund', familyPosition: 3 });
    expect(parseOpenRib('refund-0')).toBeNull();
    expect(parseOpenRib('other')).toBeNull();
    expect(openRibOf('refund', 3)).toBe('refund-3');
    expect(openRibOf('refund', 1)).toBe('refund');
    expect(openRibOf('contribution', 1)).toBe('contribution');
  });
});

describe('SEPA mandate', () => {
  it('makes RUMs of the SEPA set, at most 35 characters, not from the IBAN', () => {
    const rum = newRum('Mutua', '12345678', new Date('2026-11-23T10:00:00Z'), 'a1b2c3');
    expect(rum).toBe('MUTUA-12345678-20261123-A1B2C3');
    expect(RUM_PATTERN.test(rum)).toBe(true);
    expect(rum.length).toBeLessThanOrEqual(35);
    expect(RUM_PATTERN.test('A B')).toBe(false);
    expect(RUM_PATTERN.test('x'.repeat(36))).toBe(false);
  });

  it('has the SEPA standard text with the creditor', () => {
    const text = mandateStandardText('Mutua Santé');
    expect(text).toContain('vous autorisez (A) Mutua Santé à envoyer des instructions à votre banque');
    expect(text).toContain('conformément aux instructions de Mutua Santé');
    expect(text).toContain('dans les 8 semaines suivant la date de débit');
  });

  it('asks a 6-digit code, a place and the explicit consent', () => {
    expect(ZSignMandateRequest.safeParse({ code: '123456', place: 'Paris', consent: true }).success).toBe(true);
    const issues = ZSignMandateRequest.safeParse({ code: '12345', place: 'P', consent: false }).error!.issues.map((i) => i.message);
    expect(issues).toEqual([
      'Le code compte 6 chiffres.',
      'Veuillez indiquer le lieu de signature (la ville, 2 à 60 caractères).',
      'Cochez la case « Je signe » pour signer le mandat.',
    ]);
  });
});

describe('a refund account change being checked', () => {
  it('reads « Nouveau RIB en cours de vérification (IBAN FR76 •••• 1234), envoyé le … », the IBAN never cut', () => {
    expect(pendingRefundText({ ibanMasked: 'FR76 •••• •••• •••• 1234', sentOn: '2026-11-23' })).toBe(
      'Nouveau RIB en cours de vérification (IBAN FR76\u00a0••••\u00a01234), envoyé le 23 novembre 2026',
    );
    expect(pendingRefundText({ ibanMasked: 'FR33 •••• •••• •••• 1Z25', sentOn: '2026-12-01' })).toContain('envoyé le 1er décembre 2026');
  });
});
