import type { Formula, Guarantee, GuaranteeMatch, Heading, IsoDate, Limit, ProductVersion } from './types';

/*
 * The three example products (Essentiel, Confort, Premium), contrats responsables, in force from
 * 1 January 2026. Percentages of the base include the Sécurité sociale's part; the legal caps and
 * obligations of a contrat responsable (frame 100 €, non-OPTAM overbilling, FJH, 100 % Santé…) are
 * applied by the engine, never repeated here.
 */

const euros = (eur: number) => Math.round(eur * 100);
const pct = (p: number): Formula => ({ kind: 'PCT_BR', pct: p, includesAmo: true });
const REAL: Formula = { kind: 'FRAIS_REELS' };
const perYear = (unit: Limit['unit'], max: number): Limit => ({ unit, max, period: 'CALENDAR_YEAR', scope: 'BENEFICIARY' });
/** One equipment per 2 years (the engine's callers count it from the purchase date). */
const OPTICS_RENEWAL: Limit = { unit: 'EQUIPMENT', max: 1, period: 'ROLLING_24M', scope: 'BENEFICIARY' };
/** One hearing aid per ear per 4 years: two ears. */
const HEARING_RENEWAL: Limit = { unit: 'EQUIPMENT', max: 2, period: 'ROLLING_48M', scope: 'BENEFICIARY' };

const OPTAM_SECTORS: GuaranteeMatch['sectors'] = ['1', '2_OPTAM'];

/** What sets the three products apart (amounts in euros, percentages of the base). */
type Level = {
  consultation: [optam: number, nonOptam: number];
  hospitalFees: [optam: number, nonOptam: number];
  room: { perNight: number; nights: number } | null;
  /** Auxiliaries, lab tests, radiology. */
  currentCare: number;
  /** 30 % and 15 % medicines covered (their co-payment is optional for a contrat responsable). */
  lowRateMedicines: boolean;
  /** Class B equipment package (AMO included), simple / complex lenses; null: 100 % BR. */
  opticsB: { simple: number; complex: number } | null;
  /** Contact lenses: a yearly envelope; null: 100 % BR. */
  contactLenses: number | null;
  prostheses: number;
  orthodontics: number;
  implantPerYear: number | null;
  /** Class II hearing aid per ear (AMO included); null: 100 % BR. */
  hearingII: number | null;
  softMedicine: { perSession: number; sessions: number } | null;
};

function guarantees(level: Level): Guarantee[] {
  const list: Guarantee[] = [];
  const add = (heading: Heading, code: string, label: string, match: GuaranteeMatch, formula: Formula, extra: Partial<Guarantee> = {}) =>
    list.push({ code, heading, label, match, formula, ...extra });

  const H: Heading = 'HOSPITALISATION';
  add(
    H,
    'HOSPIT_HONO_OPTAM',
    'Honoraires (chirurgien, anesthésiste), secteur 1 ou OPTAM',
    { family: 'HOSPIT_HONORAIRES', sectors: OPTAM_SECTORS },
    pct(level.hospitalFees[0]),
  );
  add(
    H,
    'HOSPIT_HONO_NON_OPTAM',
    'Honoraires (chirurgien, anesthésiste), non OPTAM',
    { family: 'HOSPIT_HONORAIRES', sectors: ['2_NON_OPTAM'] },
    pct(level.hospitalFees[1]),
  );
  add(H, 'HOSPIT_SEJOUR', 'Frais de séjour', { family: 'HOSPIT_SEJOUR' }, pct(100));
  add(H, 'HOSPIT_FJH', 'Forfait journalier hospitalier', { family: 'HOSPIT_FJH' }, REAL);
  add(H, 'HOSPIT_URGENCES', 'Forfait patient urgences', { family: 'HOSPIT_URGENCES' }, REAL);
  if (level.room) {
    add(
      H,
      'CHAMBRE_PART',
      'Chambre particulière',
      { family: 'HOSPIT_CHAMBRE' },
      { kind: 'PER_DAY', cents: euros(level.room.perNight) },
      {
        limits: [perYear('DAYS', level.room.nights)],
        shortLabel: 'Chambre particulière',
      },
    );
  }

  const D: Heading = 'DENTAIRE';
  add(D, 'DENT_100_SANTE', 'Soins prothétiques 100 % Santé', { family: 'DENTAIRE_PROTHESE', baskets: ['CENT_POUR_CENT_SANTE'] }, REAL);
  add(D, 'DENT_PROTHESE', 'Prothèses à tarifs maîtrisés ou libres', { family: 'DENTAIRE_PROTHESE', baskets: ['MODERE', 'LIBRE'] }, pct(level.prostheses));
  add(D, 'DENT_SOINS', 'Soins dentaires (consultation, détartrage)', { family: 'DENTAIRE_SOINS' }, pct(100));
  add(D, 'DENT_ORTHO', 'Orthodontie', { family: 'DENTAIRE_ORTHO' }, pct(level.orthodontics));
  if (level.implantPerYear !== null) {
    add(
      D,
      'DENT_IMPLANT',
      'Implantologie',
      { family: 'DENTAIRE_IMPLANT' },
      { kind: 'ENVELOPE', cents: euros(level.implantPerYear) },
      {
        limits: [perYear('EUR', euros(level.implantPerYear))],
        shortLabel: 'Implants',
      },
    );
  }

  const O: Heading = 'OPTIQUE';
  add(O, 'OPT_100_SANTE', 'Équipement 100 % Santé (classe A)', { family: 'OPTIQUE', deviceClasses: ['A'] }, REAL, {
    limits: [OPTICS_RENEWAL],
    shortLabel: 'Lunettes',
  });
  if (level.opticsB) {
    const frame = [{ item: 'MONTURE' as const, cents: euros(100) }];
    add(
      O,
      'OPT_B_SIMPLE',
      'Équipement classe B, verres simples',
      { family: 'OPTIQUE', deviceClasses: ['B'], lensComplexities: ['SIMPLE'] },
      {
        kind: 'FORFAIT_ITEM',
        cents: euros(level.opticsB.simple),
        includesAmo: true,
        subCaps: frame,
      },
      { limits: [OPTICS_RENEWAL], shortLabel: 'Lunettes' },
    );
    add(
      O,
      'OPT_B_COMPLEX',
      'Équipement classe B, verres complexes ou très complexes',
      { family: 'OPTIQUE', deviceClasses: ['B'], lensComplexities: ['COMPLEX', 'VERY_COMPLEX'] },
      {
        kind: 'FORFAIT_ITEM',
        cents: euros(level.opticsB.complex),
        includesAmo: true,
        subCaps: frame,
      },
      { limits: [OPTICS_RENEWAL], shortLabel: 'Lunettes' },
    );
  } else {
    add(O, 'OPT_B', 'Équipement classe B', { family: 'OPTIQUE', deviceClasses: ['B'] }, pct(100), { limits: [OPTICS_RENEWAL], shortLabel: 'Lunettes' });
  }
  if (level.contactLenses === null) add(O, 'LENTILLES', 'Lentilles de contact', { family: 'OPTIQUE_LENTILLES' }, pct(100));
  else {
    add(
      O,
      'LENTILLES',
      'Lentilles de contact',
      { family: 'OPTIQUE_LENTILLES' },
      { kind: 'ENVELOPE', cents: euros(level.contactLenses) },
      {
        limits: [perYear('EUR', euros(level.contactLenses))],
        shortLabel: 'Lentilles',
      },
    );
  }

  const A: Heading = 'AIDES_AUDITIVES';
  add(A, 'AUDIO_100_SANTE', 'Aide auditive 100 % Santé (classe I), par oreille', { family: 'AUDIO', deviceClasses: ['I'] }, REAL, {
    limits: [HEARING_RENEWAL],
    shortLabel: 'Aides auditives',
  });
  add(
    A,
    'AUDIO_II',
    'Aide auditive classe II, par oreille',
    { family: 'AUDIO', deviceClasses: ['II'] },
    level.hearingII === null ? pct(100) : { kind: 'FORFAIT_ITEM', cents: euros(level.hearingII), includesAmo: true },
    { limits: [HEARING_RENEWAL], shortLabel: 'Aides auditives' },
  );

  const S: Heading = 'SOINS_COURANTS';
  add(S, 'CONS_OPTAM', 'Consultation, secteur 1 ou OPTAM', { family: 'CONSULTATION', sectors: OPTAM_SECTORS }, pct(level.consultation[0]));
  add(S, 'CONS_NON_OPTAM', 'Consultation non OPTAM', { family: 'CONSULTATION', sectors: ['2_NON_OPTAM'] }, pct(level.consultation[1]));
  add(S, 'AUXILIAIRES', 'Auxiliaires médicaux (kinésithérapeute, infirmier)', { family: 'AUXILIAIRES' }, pct(level.currentCare));
  add(S, 'BIOLOGIE', 'Analyses de laboratoire', { family: 'BIOLOGIE' }, pct(level.currentCare));
  add(S, 'RADIOLOGIE', 'Radiologie, imagerie', { family: 'RADIOLOGIE' }, pct(level.currentCare));
  add(S, 'PHARMACIE_65', 'Médicaments remboursés à 65 %', { family: 'PHARMACIE_65' }, pct(100));
  if (level.lowRateMedicines) add(S, 'PHARMACIE_30_15', 'Médicaments remboursés à 30 % ou 15 %', { family: 'PHARMACIE_30_15' }, pct(100));
  add(S, 'TRANSPORT', 'Transport sanitaire', { family: 'TRANSPORT' }, pct(100));
  if (level.softMedicine) {
    add(
      S,
      'MEDECINES_DOUCES',
      'Médecines douces (ostéopathie, chiropraxie)',
      { family: 'MEDECINES_DOUCES' },
      { kind: 'FIXED_PER_ACT', cents: euros(level.softMedicine.perSession) },
      {
        limits: [perYear('ACTS', level.softMedicine.sessions)],
        shortLabel: 'Ostéopathie',
      },
    );
  }
  return list;
}

const FROM_2026 = '2026-01-01';

export const PRODUCT_VERSIONS: readonly ProductVersion[] = [
  {
    code: 'ESSENTIEL',
    label: 'Essentiel',
    validFrom: FROM_2026,
    responsable: true,
    guarantees: guarantees({
      consultation: [100, 100],
      hospitalFees: [100, 100],
      room: null,
      currentCare: 100,
      lowRateMedicines: false,
      opticsB: null,
      contactLenses: null,
      prostheses: 125,
      orthodontics: 125,
      implantPerYear: null,
      hearingII: null,
      softMedicine: null,
    }),
  },
  {
    code: 'CONFORT',
    label: 'Confort',
    validFrom: FROM_2026,
    responsable: true,
    guarantees: guarantees({
      consultation: [150, 130],
      hospitalFees: [200, 180],
      room: { perNight: 50, nights: 30 },
      currentCare: 100,
      lowRateMedicines: true,
      opticsB: { simple: 200, complex: 350 },
      contactLenses: 100,
      prostheses: 250,
      orthodontics: 200,
      implantPerYear: 300,
      hearingII: 800,
      softMedicine: { perSession: 30, sessions: 3 },
    }),
  },
  {
    code: 'PREMIUM',
    label: 'Premium',
    validFrom: FROM_2026,
    responsable: true,
    guarantees: guarantees({
      consultation: [300, 200],
      hospitalFees: [400, 200],
      room: { perNight: 90, nights: 60 },
      currentCare: 150,
      lowRateMedicines: true,
      opticsB: { simple: 420, complex: 700 },
      contactLenses: 200,
      prostheses: 400,
      orthodontics: 350,
      implantPerYear: 1000,
      hearingII: 1700,
      softMedicine: { perSession: 50, sessions: 5 },
    }),
  },
];

export const PRODUCT_CODES = ['ESSENTIEL', 'CONFORT', 'PREMIUM'] as const;

/** The version of a product in force on `date`: the latest validFrom on or before it. */
export function productVersionAt(versions: readonly ProductVersion[], date: IsoDate): ProductVersion | undefined {
  let found: ProductVersion | undefined;
  for (const v of versions) if (v.validFrom <= date && (!found || found.validFrom <= v.validFrom)) found = v;
  return found;
}

/** One product's versions (by code) from the catalogue of example products. */
export function productVersions(code: string): ProductVersion[] {
  return PRODUCT_VERSIONS.filter((v) => v.code === code);
}
