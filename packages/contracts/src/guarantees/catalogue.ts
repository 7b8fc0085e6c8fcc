import { CARE_ACTS, NON_OPTAM_BASE } from './care-acts';
import type { CareAct, IsoDate, SourceStatus, TariffParameter } from './types';

/*
 * The tariff catalogue's dated parameters: deductions and their caps, daily hospital charges, the
 * heavy-act forfait, the contrat-responsable caps. A value changes by adding a row with a later
 * validFrom, never by editing one: a refund is recomputed with the values of its care date.
 * Values marked TO_CONFIRM are the best-known figures, kept visible as « à confirmer ».
 */

/** The keys the engine reads; each has at least one row from 2023 on. */
export const PARAM = {
  PF_AMOUNT: 'PF_AMOUNT',
  PF_MAX_PER_DAY: 'PF_MAX_PER_DAY',
  PF_MAX_YEAR: 'PF_MAX_YEAR',
  FRANCHISE_BOX: 'FRANCHISE_BOX',
  FRANCHISE_AUXILIARY: 'FRANCHISE_AUXILIARY',
  FRANCHISE_AUXILIARY_MAX_DAY: 'FRANCHISE_AUXILIARY_MAX_DAY',
  FRANCHISE_TRANSPORT: 'FRANCHISE_TRANSPORT',
  FRANCHISE_TRANSPORT_MAX_DAY: 'FRANCHISE_TRANSPORT_MAX_DAY',
  FRANCHISE_MAX_YEAR: 'FRANCHISE_MAX_YEAR',
  DEDUCTIONS_FROM_AGE: 'DEDUCTIONS_FROM_AGE',
  AMO_RATE_OUT_OF_PARCOURS: 'AMO_RATE_OUT_OF_PARCOURS',
  PARCOURS_FROM_AGE: 'PARCOURS_FROM_AGE',
  FJH: 'FJH',
  FJH_PSY: 'FJH_PSY',
  FPU: 'FPU',
  FPU_REDUCED: 'FPU_REDUCED',
  HEAVY_ACT_THRESHOLD: 'HEAVY_ACT_THRESHOLD',
  HEAVY_ACT_FORFAIT: 'HEAVY_ACT_FORFAIT',
  NON_OPTAM_OVERBILLING_MAX_PCT: 'NON_OPTAM_OVERBILLING_MAX_PCT',
  NON_OPTAM_GAP_PCT: 'NON_OPTAM_GAP_PCT',
  OPTICS_FRAME_MAX: 'OPTICS_FRAME_MAX',
  OPTICS_A_FRAME_PRICE_CAP: 'OPTICS_A_FRAME_PRICE_CAP',
  OPTICS_RENEWAL_MONTHS: 'OPTICS_RENEWAL_MONTHS',
  OPTICS_RENEWAL_MONTHS_UNDER_16: 'OPTICS_RENEWAL_MONTHS_UNDER_16',
  OPTICS_RENEWAL_MONTHS_UNDER_6: 'OPTICS_RENEWAL_MONTHS_UNDER_6',
  HEARING_II_MAX_PER_EAR: 'HEARING_II_MAX_PER_EAR',
  HEARING_I_PRICE_CAP: 'HEARING_I_PRICE_CAP',
  HEARING_RENEWAL_MONTHS: 'HEARING_RENEWAL_MONTHS',
  NON_OPTAM_CONSULTATION_BASE: 'NON_OPTAM_CONSULTATION_BASE',
} as const;
export type ParamKey = (typeof PARAM)[keyof typeof PARAM] | OpticsGridKey;

/** The legal class B optics grid per equipment: (a) simple/simple … (f) very complex/very complex. */
export const OPTICS_GRID = ['A', 'B', 'C', 'D', 'E', 'F'] as const;
export type OpticsGridCase = (typeof OPTICS_GRID)[number];
type OpticsGridKey = `OPTICS_B_${OpticsGridCase}_${'MIN' | 'MAX'}`;

const CSS_PF = 'CSS L160-13 II, D160-6, D160-8\u00a0; quechoisir.org n122662 (2\u00a0€ depuis le 15/05/2024)';
const CSS_FRANCHISE = 'CSS D160-9, D160-10, D160-11 (doublement au 31/03/2024, décret 2024-114)\u00a0; LFSS 2026\u00a0: pas de nouveau doublement';
const QC26 = 'quechoisir.org n174650 (01/03/2026)\u00a0; pourquoidocteur.fr 54160';
const R871 = 'CSS L871-1, R871-1, R871-2 (version du 28/11/2025)';

type Row = [key: ParamKey, value: number, unit: TariffParameter['unit'], validFrom: IsoDate, label: string, status: SourceStatus, source: string];

const ROWS: Row[] = [
  ['PF_AMOUNT', 200, 'CENTS', '2024-05-15', 'Participation forfaitaire par consultation, acte médical ou analyse', 'VERIFIED', CSS_PF],
  ['PF_MAX_PER_DAY', 4, 'COUNT', '2008-01-01', 'Participations forfaitaires par jour et par professionnel, au plus', 'VERIFIED', CSS_PF],
  ['PF_MAX_YEAR', 5000, 'CENTS', '2008-01-01', 'Participations forfaitaires par an, au plus', 'VERIFIED', CSS_PF],
  ['FRANCHISE_BOX', 100, 'CENTS', '2024-03-31', 'Franchise par boîte de médicament', 'VERIFIED', CSS_FRANCHISE],
  ['FRANCHISE_AUXILIARY', 100, 'CENTS', '2024-03-31', 'Franchise par acte paramédical', 'VERIFIED', CSS_FRANCHISE],
  ['FRANCHISE_AUXILIARY_MAX_DAY', 400, 'CENTS', '2024-03-31', 'Franchises sur actes paramédicaux par jour, au plus', 'VERIFIED', CSS_FRANCHISE],
  ['FRANCHISE_TRANSPORT', 400, 'CENTS', '2024-03-31', 'Franchise par transport sanitaire', 'VERIFIED', CSS_FRANCHISE],
  ['FRANCHISE_TRANSPORT_MAX_DAY', 800, 'CENTS', '2024-03-31', 'Franchises sur transports par jour, au plus', 'VERIFIED', CSS_FRANCHISE],
  ['FRANCHISE_MAX_YEAR', 5000, 'CENTS', '2008-01-01', 'Franchises par an, au plus', 'VERIFIED', CSS_FRANCHISE],
  [
    'DEDUCTIONS_FROM_AGE',
    18,
    'COUNT',
    '2008-01-01',
    'Participation forfaitaire et franchises dues à partir de cet âge',
    'VERIFIED',
    'CSS D160-12\u00a0; quechoisir.org n122662',
  ],
  ['AMO_RATE_OUT_OF_PARCOURS', 30, 'PERCENT', '2009-01-01', 'Taux Sécurité sociale hors parcours de soins', 'VERIFIED', 'service-public.fr F17042'],
  [
    'PARCOURS_FROM_AGE',
    16,
    'COUNT',
    '2006-01-01',
    'Parcours de soins coordonnés exigé à partir de cet âge',
    'TO_CONFIRM',
    'CSS L162-5-3 (hors fiche de règles\u00a0: à confirmer)',
  ],
  ['FJH', 2000, 'CENTS', '2018-01-01', 'Forfait journalier hospitalier', 'VERIFIED', QC26],
  ['FJH', 2300, 'CENTS', '2026-03-01', 'Forfait journalier hospitalier', 'VERIFIED', QC26],
  ['FJH_PSY', 1500, 'CENTS', '2018-01-01', 'Forfait journalier en psychiatrie', 'VERIFIED', QC26],
  ['FJH_PSY', 1700, 'CENTS', '2026-03-01', 'Forfait journalier en psychiatrie', 'VERIFIED', QC26],
  ['FPU', 1961, 'CENTS', '2022-01-01', 'Forfait patient urgences', 'TO_CONFIRM', 'valeur antérieure, hors fiche de règles\u00a0: à confirmer'],
  ['FPU', 2300, 'CENTS', '2026-03-01', 'Forfait patient urgences', 'VERIFIED', `${QC26} (date de la hausse à confirmer)`],
  ['FPU_REDUCED', 849, 'CENTS', '2022-01-01', 'Forfait patient urgences réduit', 'TO_CONFIRM', 'valeur antérieure, hors fiche de règles\u00a0: à confirmer'],
  ['FPU_REDUCED', 996, 'CENTS', '2026-03-01', 'Forfait patient urgences réduit', 'VERIFIED', `${QC26} (date de la hausse à confirmer)`],
  ['HEAVY_ACT_THRESHOLD', 12000, 'CENTS', '2011-01-01', 'Seuil des actes lourds (base de 120\u00a0€ ou plus)', 'VERIFIED', 'CSS R160-16'],
  ['HEAVY_ACT_FORFAIT', 2400, 'CENTS', '2019-01-01', 'Participation forfaitaire actes lourds', 'VERIFIED', 'CSS R160-16'],
  ['HEAVY_ACT_FORFAIT', 3200, 'CENTS', '2026-04-22', 'Participation forfaitaire actes lourds', 'VERIFIED', `CSS R160-16\u00a0; ${QC26}`],
  ['NON_OPTAM_OVERBILLING_MAX_PCT', 100, 'PERCENT', '2015-04-01', 'Dépassement non OPTAM remboursable, au plus (en % de la base)', 'VERIFIED', R871],
  ['NON_OPTAM_GAP_PCT', 20, 'PERCENT', '2015-04-01', 'Écart minimal entre OPTAM et non OPTAM (en % de la base)', 'VERIFIED', R871],
  ['OPTICS_FRAME_MAX', 10000, 'CENTS', '2020-01-01', 'Monture classe B, remboursement au plus (Sécurité sociale comprise)', 'VERIFIED', R871],
  ['OPTICS_A_FRAME_PRICE_CAP', 3000, 'CENTS', '2020-01-01', 'Prix limite de vente d’une monture 100 % Santé', 'TO_CONFIRM', 'mutualib.fr'],
  ['OPTICS_RENEWAL_MONTHS', 24, 'COUNT', '2020-01-01', 'Un équipement optique tous les … mois', 'VERIFIED', `${R871}\u00a0; mgefi.fr\u00a0; odc-opticiens.com`],
  ['OPTICS_RENEWAL_MONTHS_UNDER_16', 12, 'COUNT', '2020-01-01', 'Un équipement optique tous les … mois avant 16 ans', 'VERIFIED', `${R871}\u00a0; mgefi.fr`],
  [
    'OPTICS_RENEWAL_MONTHS_UNDER_6',
    6,
    'COUNT',
    '2020-01-01',
    'Un équipement optique tous les … mois avant 6 ans',
    'VERIFIED',
    `${R871}\u00a0; odc-opticiens.com`,
  ],
  ['HEARING_II_MAX_PER_EAR', 170000, 'CENTS', '2021-01-01', 'Aide auditive classe II, remboursement au plus par oreille', 'VERIFIED', R871],
  ['HEARING_I_PRICE_CAP', 95000, 'CENTS', '2021-01-01', 'Prix limite d’une aide auditive 100 % Santé (plus de 20 ans)', 'VERIFIED', 'le7.info'],
  ['HEARING_RENEWAL_MONTHS', 48, 'COUNT', '2021-01-01', 'Une aide auditive par oreille tous les … mois', 'VERIFIED', R871],
  [
    'NON_OPTAM_CONSULTATION_BASE',
    NON_OPTAM_BASE,
    'CENTS',
    '2023-01-01',
    'Base d’une consultation de médecin secteur 2 non OPTAM (G, CS)',
    'TO_CONFIRM',
    'ag2rlamondiale.fr (secteurs)',
  ],
  ...opticsGridRows(),
];

function opticsGridRows(): Row[] {
  const grid: Record<OpticsGridCase, [number, number, string]> = {
    A: [5000, 42000, 'deux verres simples'],
    B: [12500, 56000, 'un verre simple et un verre complexe'],
    C: [20000, 70000, 'deux verres complexes'],
    D: [12500, 61000, 'un verre simple et un verre très complexe'],
    E: [20000, 75000, 'un verre complexe et un verre très complexe'],
    F: [20000, 80000, 'deux verres très complexes'],
  };
  return OPTICS_GRID.flatMap((c): Row[] => [
    [`OPTICS_B_${c}_MIN`, grid[c][0], 'CENTS', '2020-01-01', `Équipement classe B (${grid[c][2]}), remboursement au moins`, 'VERIFIED', R871],
    [`OPTICS_B_${c}_MAX`, grid[c][1], 'CENTS', '2020-01-01', `Équipement classe B (${grid[c][2]}), remboursement au plus`, 'VERIFIED', R871],
  ]);
}

export const TARIFF_PARAMETERS: readonly TariffParameter[] = ROWS.map(([key, value, unit, validFrom, label, status, source]) => ({
  key,
  value,
  unit,
  validFrom,
  label,
  status,
  source,
}));

/** The latest row on or before `date` of each group (rows of a group sorted by validFrom). */
function latestOn<T extends { validFrom: IsoDate }>(rows: readonly T[], keyOf: (row: T) => string, date: IsoDate): Map<string, T> {
  const found = new Map<string, T>();
  for (const row of rows) {
    if (row.validFrom > date) continue;
    const key = keyOf(row);
    const current = found.get(key);
    if (!current || current.validFrom <= row.validFrom) found.set(key, row);
  }
  return found;
}

/** The parameters in force on `date`, one per key. */
export function parametersAt(date: IsoDate): TariffParameter[] {
  return [...latestOn(TARIFF_PARAMETERS, (p) => p.key, date).values()];
}

/** One parameter's value among those in force; a missing key is a catalogue error, never a zero. */
export function parameterValue(parameters: readonly TariffParameter[], key: ParamKey): number {
  for (const p of parameters) if (p.key === key) return p.value;
  throw new Error(`Paramètre de tarif absent\u00a0: ${key}`);
}

/** The acts in force on `date`, one per code. */
export function careActsAt(date: IsoDate): CareAct[] {
  return [...latestOn(CARE_ACTS, (a) => a.code, date).values()];
}

/** An act as in force on `date`, or undefined (unknown code, or no tariff yet on that date). */
export function actAt(code: string, date: IsoDate): CareAct | undefined {
  let found: CareAct | undefined;
  for (const act of CARE_ACTS) if (act.code === code && act.validFrom <= date && (!found || found.validFrom <= act.validFrom)) found = act;
  return found;
}
