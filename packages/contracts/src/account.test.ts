import { describe, expect, it } from 'vitest';
import {
  NIR_INVALID_MESSAGE,
  ZOrganisationCode,
  addBeneficiaryFields,
  earliestDeclarableBirth,
  membershipStartIssue,
  ZLostCardDeclaration,
  isValidNir,
  maskNir,
  nirKey,
  profilesOfType,
  secondaryEmailDiffers,
} from './account';

describe('NIR (the INSEE key, 2A/2B)', () => {
  it('computes the key, Corsica 2A → 19 and 2B → 18 first', () => {
    expect(isValidNir('2951099126111', '93')).toBe(true);
    expect(isValidNir('2951099126111', '99')).toBe(false);
    expect(isValidNir('253072B073004', '70')).toBe(true);
    expect(isValidNir('253072A073004', '43')).toBe(true);
    expect(isValidNir('253072a073004', '43')).toBe(true);
    expect(isValidNir('2 95 10 99 126 111', '93')).toBe(true);
    expect(nirKey('253072C073004')).toBeNull();
    expect(nirKey('95109912611')).toBeNull();
    expect(isValidNir('2951099126111', '3')).toBe(false);
  });

  it('masks all but the last 3 characters and the key', () => {
    expect(maskNir('2951099126111', '93')).toBe('••••••••••111 93');
    expect(maskNir(null, null)).toBeNull();
  });
});

describe('add-beneficiary fields', () => {
  const today = '2026-11-23';
  const base = {
    type: 'CHILD',
    profile: 'BIRTH',
    firstName: 'Inès',
    surName: 'D’Arc-Durand',
    sex: 'F',
    birthDate: '2026-11-01',
    ownNir: 'false',
    attachedParent: 'MAIN',
    membershipStart: today,
    otherCover: 'NONE',
    alsaceMoselle: 'false',
  };
  const messages = (v: object) => {
    const r = addBeneficiaryFields(today).safeParse({ ...base, ...v });
    return r.success ? [] : r.error.issues.map((i) => i.message);
  };

  it('accepts a newborn attached to a parent, and a birth declared exactly 6 months back', () => {
    expect(messages({})).toEqual([]);
    expect(earliestDeclarableBirth(today)).toBe('2026-05-23');
    expect(earliestDeclarableBirth('2026-08-31')).toBe('2026-02-28');
    expect(messages({ birthDate: '2026-05-23' })).toEqual([]);
  });

  it('refuses older births, future dates, missing parent, bad NIR, special characters, missing sex, a profile of the other type', () => {
    expect(messages({ birthDate: '2026-05-22' })).toEqual(['Une naissance se déclare au plus tard 6 mois après la date de naissance.']);
    expect(messages({ birthDate: '2026-11-24' })).toEqual(['La date de naissance ne peut pas être dans le futur.']);
    expect(messages({ attachedParent: undefined })).toEqual(['Veuillez sélectionner le parent auquel l’enfant est rattaché.']);
    expect(messages({ ownNir: 'true', nir: '2951099126111', nirKey: '99' })).toEqual([NIR_INVALID_MESSAGE]);
    expect(messages({ ownNir: 'true', nir: '253072B073004', nirKey: '70' })).toEqual([]);
    expect(messages({ firstName: 'In@s' })).toEqual(['Saisissez le nom sans caractères spéciaux (lettres, espaces, tirets et apostrophes).']);
    expect(messages({ sex: undefined })).toEqual(['Veuillez sélectionner le sexe.']);
    expect(messages({ profile: 'PACS' })).toContain('Ce profil ne correspond pas au type de bénéficiaire choisi.');
    // A partner always has their own NIR.
    expect(messages({ type: 'PARTNER', profile: 'SPOUSE', birthDate: '1980-01-01' })).toEqual([NIR_INVALID_MESSAGE]);
    expect(NIR_INVALID_MESSAGE).toBe("'Numéro de Sécurité sociale' invalide");
  });

  it('membership start: from the birth for a birth or adoption, else from today; never before the contract; at most 3 months ahead', () => {
    expect(messages({ membershipStart: '2026-11-01' })).toEqual([]);
    expect(messages({ membershipStart: '2026-10-31' })).toEqual(['La date d’adhésion ne peut pas être antérieure à la date de naissance.']);
    expect(messages({ membershipStart: '2027-02-23' })).toEqual([]);
    expect(messages({ membershipStart: '2027-02-24' })).toEqual(['La date d’adhésion ne peut pas être postérieure au 23 février 2027.']);
    expect(messages({ profile: 'STUDENT', birthDate: '2005-03-01', membershipStart: '2026-11-22' })).toEqual([
      'La date d’adhésion ne peut pas être antérieure à aujourd’hui : seules une naissance ou une adoption se déclarent avec effet rétroactif.',
    ]);
    expect(messages({ profile: 'STUDENT', birthDate: '2005-03-01', membershipStart: today })).toEqual([]);
    const withContract = addBeneficiaryFields(today, '2026-11-10').safeParse({ ...base });
    expect(withContract.success).toBe(true);
    expect(membershipStartIssue('2026-11-05', { today, profile: 'BIRTH', birthDate: '2026-11-01', contractStart: '2026-11-10' })).toBe(
      'La date d’adhésion ne peut pas être antérieure au début de votre contrat, le 10 novembre 2026.',
    );
    expect(membershipStartIssue('2026-12-01', { today, profile: 'ADOPTION', contractStart: '2026-12-01' })).toBeNull();
  });

  it('lost card: the confirmation is required and the paper choice given', () => {
    expect(ZLostCardDeclaration.safeParse({ sendPaperCard: true, confirmed: true }).success).toBe(true);
    expect(ZLostCardDeclaration.safeParse({ sendPaperCard: true, confirmed: false }).error?.issues[0]?.message).toBe(
      'Veuillez confirmer la déclaration de perte.',
    );
    expect(ZLostCardDeclaration.safeParse({ confirmed: true }).error?.issues[0]?.message).toBe(
      'Indiquez si vous souhaitez recevoir une nouvelle carte papier.',
    );
  });

  it('offers the spec’s profiles per type', () => {
    expect(profilesOfType('PARTNER')).toEqual(['SPOUSE', 'PACS', 'COHABITANT']);
    expect(profilesOfType('CHILD')).toEqual(expect.arrayContaining(['BIRTH', 'ADOPTION', 'STUDENT', 'JOB_SEEKER', 'DISABLED', 'CIVIC_SERVICE']));
  });
});

describe('other rules', () => {
  it('organisation code: 6 digits required, the last 3 optional', () => {
    expect(ZOrganisationCode.parse('01 751 0000')).toBe('017510000');
    expect(ZOrganisationCode.parse('017510')).toBe('017510');
    expect(ZOrganisationCode.safeParse('01751').success).toBe(false);
    expect(ZOrganisationCode.safeParse('01751000').success).toBe(false);
  });

  it('the secondary e-mail must differ from the e-mail', () => {
    expect(secondaryEmailDiffers('a@example.com', ' A@Example.com ')).toBe(false);
    expect(secondaryEmailDiffers('a@example.com', 'b@example.com')).toBe(true);
    expect(secondaryEmailDiffers('a@example.com', null)).toBe(true);
  });
});
