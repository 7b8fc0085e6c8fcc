import { z } from 'zod';
import { dataEnvelope } from './api';
import { parisIsoDate } from './dates';
import type { CapCode, DeviceClass, Formula, Heading, ItemKind, LensComplexity, LimitPeriod, LimitScope, LimitUnit, Sector } from './guarantees/types';
import { isoDateMinusYears } from './refund-requests';

/*
 * The guarantees API: the member's products and their guarantees table, the allowances left, the
 * estimate of care before it happens, the care-act search. Only the engine's TYPES are imported here:
 * the member app bundles these schemas, never the engine's tariffs and products.
 * Amounts are integer cents, dates ISO YYYY-MM-DD.
 */

export const SECTORS = ['1', '2_OPTAM', '2_NON_OPTAM'] as const satisfies readonly Sector[];
export const DEVICE_CLASSES = ['A', 'B', 'I', 'II'] as const satisfies readonly DeviceClass[];
export const LENS_COMPLEXITIES = ['SIMPLE', 'COMPLEX', 'VERY_COMPLEX'] as const satisfies readonly LensComplexity[];
export const ITEM_KINDS = ['MONTURE', 'VERRE', 'LENTILLE', 'APPAREIL'] as const satisfies readonly ItemKind[];
export const HEADINGS = ['HOSPITALISATION', 'DENTAIRE', 'OPTIQUE', 'AIDES_AUDITIVES', 'SOINS_COURANTS'] as const satisfies readonly Heading[];
export const LIMIT_UNITS = ['EUR', 'ACTS', 'DAYS', 'EQUIPMENT'] as const satisfies readonly LimitUnit[];
export const LIMIT_PERIODS = ['CALENDAR_YEAR', 'ROLLING_24M', 'ROLLING_48M', 'CONTRACT_YEAR'] as const satisfies readonly LimitPeriod[];
export const LIMIT_SCOPES = ['BENEFICIARY', 'FAMILY'] as const satisfies readonly LimitScope[];
/** Every cap the engine may apply (a Record, so that a new code of the engine fails to compile here). */
const CAP_CODE_SET = {
  CONTRACT_LIMIT: true,
  CONTRACT_SUBCAP: true,
  RESPONSABLE_NON_OPTAM: true,
  RESPONSABLE_OPTICS: true,
  RESPONSABLE_FRAME: true,
  RESPONSABLE_HEARING: true,
  RESPONSABLE_PARCOURS: true,
  RESPONSABLE_MINIMUM: true,
  INDEMNITY: true,
} as const satisfies Record<CapCode, true>;
export const CAP_CODES = Object.keys(CAP_CODE_SET) as [CapCode, ...CapCode[]];

export const HEADING_LABELS: Record<Heading, string> = {
  HOSPITALISATION: 'Hospitalisation',
  DENTAIRE: 'Dentaire',
  OPTIQUE: 'Optique',
  AIDES_AUDITIVES: 'Aides auditives',
  SOINS_COURANTS: 'Soins courants',
};
export const SECTOR_LABELS: Record<Sector, string> = {
  '1': 'Secteur 1',
  '2_OPTAM': 'Secteur 2, adhérent OPTAM',
  '2_NON_OPTAM': 'Secteur 2, non adhérent OPTAM',
};
export const DEVICE_CLASS_LABELS: Record<DeviceClass, string> = {
  A: 'Classe A (100 % Santé)',
  B: 'Classe B (prix libres)',
  I: 'Classe I (100 % Santé)',
  II: 'Classe II (prix libres)',
};
export const LENS_COMPLEXITY_LABELS: Record<LensComplexity, string> = {
  SIMPLE: 'Verre simple',
  COMPLEX: 'Verre complexe',
  VERY_COMPLEX: 'Verre très complexe',
};
export const ITEM_KIND_LABELS: Record<ItemKind, string> = {
  MONTURE: 'Monture',
  VERRE: 'Verre',
  LENTILLE: 'Lentille',
  APPAREIL: 'Appareil',
};

/** How far a care date may go: 3 years back (as a refund request), one year ahead (an estimate only). */
export const ESTIMATE_CARE_DATE_MAX_AGE_YEARS = 3;
export const ESTIMATE_CARE_DATE_MAX_AHEAD_YEARS = 1;
/** One line's expense above this is a typing error, not care (100 000 €). */
export const ESTIMATE_EXPENSE_MAX_CENTS = 100_000_00;
/** Days of a stay, boxes of a medicine, sessions: more in one line is a typing error. */
export const ESTIMATE_QUANTITY_MAX = 365;
export const ESTIMATE_LINES_MAX = 20;
/** At most this many acts answer a search. */
export const CARE_ACT_SEARCH_LIMIT = 20;

export const GUARANTEES_API_ERRORS = {
  familyPosition: 'Veuillez choisir un bénéficiaire.',
  careDate: 'Veuillez saisir une date de soins valide.',
  careDateTooOld: 'La date des soins ne doit pas être antérieure à 3 ans.',
  careDateTooFar: 'Une estimation ne peut pas porter sur des soins prévus dans plus d’un an.',
  actCode: 'Veuillez choisir un acte.',
  expense: 'Veuillez saisir le prix des soins, en euros.',
  expenseZero: 'Le prix des soins doit être supérieur à 0,00\u00a0€.',
  expenseTooLarge: 'Le prix des soins ne peut pas dépasser 100\u00a0000,00\u00a0€.',
  quantity: `Le nombre (séances, jours, boîtes) doit être compris entre 1 et ${ESTIMATE_QUANTITY_MAX}.`,
  sector: 'Veuillez choisir le secteur du professionnel de santé.',
  deviceClass: 'Veuillez choisir la classe de l’équipement.',
  lensComplexity: 'Veuillez choisir le type de verre.',
  itemKind: 'Veuillez choisir l’élément de l’équipement.',
  lines: 'Ajoutez au moins un acte à estimer.',
  tooManyLines: `Une estimation compte au plus ${ESTIMATE_LINES_MAX} actes.`,
  query: 'Saisissez au moins 2 caractères pour rechercher un acte.',
  queryTooLong: 'Votre recherche ne peut pas dépasser 60 caractères.',
} as const;

/** The care-date rule of an estimate: a real date, at most 3 years back and at most one year ahead of `today`. */
export function estimateCareDateProblem(careDate: string, today: string): string | null {
  if (
    !/^\d{4}-\d{2}-\d{2}$/.test(careDate) ||
    Number.isNaN(Date.parse(`${careDate}T00:00:00Z`)) ||
    new Date(`${careDate}T00:00:00Z`).toISOString().slice(0, 10) !== careDate
  ) {
    return GUARANTEES_API_ERRORS.careDate;
  }
  if (careDate < isoDateMinusYears(today, ESTIMATE_CARE_DATE_MAX_AGE_YEARS)) return GUARANTEES_API_ERRORS.careDateTooOld;
  if (careDate > isoDateMinusYears(today, -ESTIMATE_CARE_DATE_MAX_AHEAD_YEARS)) return GUARANTEES_API_ERRORS.careDateTooFar;
  return null;
}

const cents = z.number().int();
const isoDate = z.iso.date();
const ZFamilyPosition = z.coerce
  .number({ error: GUARANTEES_API_ERRORS.familyPosition })
  .int(GUARANTEES_API_ERRORS.familyPosition)
  .min(1, GUARANTEES_API_ERRORS.familyPosition)
  .max(99, GUARANTEES_API_ERRORS.familyPosition);

export const ZSector = z.enum(SECTORS, { error: GUARANTEES_API_ERRORS.sector });
export const ZDeviceClass = z.enum(DEVICE_CLASSES, { error: GUARANTEES_API_ERRORS.deviceClass });
export const ZLensComplexity = z.enum(LENS_COMPLEXITIES, { error: GUARANTEES_API_ERRORS.lensComplexity });
export const ZItemKind = z.enum(ITEM_KINDS, { error: GUARANTEES_API_ERRORS.itemKind });
export const ZHeading = z.enum(HEADINGS);

// ───────────────────────────── products (GET /api/guarantees) ─────────────────────────────

export const ZFormula: z.ZodType<Formula> = z.lazy(() =>
  z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('PCT_BR'), pct: z.number(), includesAmo: z.boolean() }),
    z.object({ kind: z.literal('FRAIS_REELS') }),
    z.object({ kind: z.literal('FIXED_PER_ACT'), cents }),
    z.object({ kind: z.literal('PER_DAY'), cents }),
    z.object({
      kind: z.literal('FORFAIT_ITEM'),
      cents,
      includesAmo: z.boolean(),
      subCaps: z.array(z.object({ item: z.enum(ITEM_KINDS), cents })).optional(),
    }),
    z.object({ kind: z.literal('ENVELOPE'), cents }),
    z.object({ kind: z.literal('SUM'), parts: z.array(ZFormula) }),
    z.object({ kind: z.literal('MIN'), parts: z.array(ZFormula) }),
  ]),
);

export const ZLimit = z.object({ unit: z.enum(LIMIT_UNITS), max: z.number().int(), period: z.enum(LIMIT_PERIODS), scope: z.enum(LIMIT_SCOPES) });

export const ZProductGuarantee = z.object({
  code: z.string(),
  heading: ZHeading,
  label: z.string(),
  /** The name in an allowance sentence (« Ostéopathie »). */
  shortLabel: z.string().optional(),
  match: z.object({
    family: z.string(),
    sectors: z.array(z.enum(SECTORS)).optional(),
    deviceClasses: z.array(z.enum(DEVICE_CLASSES)).optional(),
    lensComplexities: z.array(z.enum(LENS_COMPLEXITIES)).optional(),
    baskets: z.array(z.enum(['CENT_POUR_CENT_SANTE', 'MODERE', 'LIBRE'])).optional(),
  }),
  formula: ZFormula,
  limits: z.array(ZLimit).optional(),
});

/** A row of the guarantees table: what the guarantee pays, in words (« 150 % BR », « 30 € par séance, 3 séances par an »). */
export const ZGuaranteeTableRow = z.object({ code: z.string(), label: z.string(), value: z.string() });

/** A refund example in euros, computed by the engine for a common act and assumed expense. */
export const ZRefundExample = z.object({
  code: z.string(),
  heading: ZHeading,
  label: z.string(),
  expenseCents: cents,
  amoCents: cents,
  amcCents: cents,
  remainingCents: cents,
  explanation: z.string(),
});

export const ZGuaranteeProduct = z.object({
  code: z.string(),
  label: z.string(),
  /** The version in force today. */
  validFrom: isoDate,
  responsable: z.boolean(),
  guarantees: z.array(ZProductGuarantee),
  /** The five harmonised headings, in order, each with its rows. */
  table: z.array(z.object({ heading: ZHeading, label: z.string(), rows: z.array(ZGuaranteeTableRow) })),
  examples: z.array(ZRefundExample),
});
export type TGuaranteeProduct = z.infer<typeof ZGuaranteeProduct>;

export const ZCoveredBeneficiary = z.object({
  familyPosition: z.number().int(),
  firstName: z.string(),
  surName: z.string(),
  productCode: z.string(),
  /** Since when this person holds the product. */
  since: isoDate,
  regime: z.enum(['GENERAL', 'ALSACE_MOSELLE']),
});
export type TCoveredBeneficiary = z.infer<typeof ZCoveredBeneficiary>;

/** GET /api/guarantees: who is covered by which product today, and each product's guarantees. */
export const ZGuaranteesOverview = z.object({ beneficiaries: z.array(ZCoveredBeneficiary), products: z.array(ZGuaranteeProduct) });
export type TGuaranteesOverview = z.infer<typeof ZGuaranteesOverview>;
export const ZGuaranteesOverviewResponse = dataEnvelope(ZGuaranteesOverview);

// ───────────────────────────── allowances ─────────────────────────────

export const ZAllowancesQuery = z.object({ familyPosition: ZFamilyPosition });

export const ZAllowance = z.object({
  guaranteeCode: z.string(),
  /** The guarantee's label (« Ostéopathie »). */
  label: z.string(),
  heading: ZHeading,
  unit: z.enum(LIMIT_UNITS),
  /** Used and max are cents when unit is EUR, a count otherwise. */
  used: z.number().int(),
  max: z.number().int(),
  remaining: z.number().int(),
  period: z.enum(LIMIT_PERIODS),
  scope: z.enum(LIMIT_SCOPES),
  /** Last day of the current period (a calendar year's 31/12); null for a rolling period never used. */
  periodEnd: isoDate.nullable(),
  /** When nothing is left: the first day the allowance may be used again. */
  availableFrom: isoDate.nullable(),
  /** « Ostéopathie : il vous reste 1 séance sur 3 en 2026 (30 € par séance). » */
  sentence: z.string(),
});
export type TAllowance = z.infer<typeof ZAllowance>;

/** GET /api/guarantees/allowances?familyPosition=: what is left of each limited guarantee for this person today. */
export const ZAllowances = z.object({ familyPosition: z.number().int(), productCode: z.string(), asOf: isoDate, allowances: z.array(ZAllowance) });
export type TAllowances = z.infer<typeof ZAllowances>;
export const ZAllowancesResponse = dataEnvelope(ZAllowances);

// ───────────────────────────── one computed care line ─────────────────────────────

export const ZCapApplied = z.object({ code: z.enum(CAP_CODES), label: z.string(), beforeCents: cents, afterCents: cents });
export const ZComputationStep = z.object({ code: z.string(), label: z.string(), amountCents: cents });

/** The allowance a line uses (or would use): how much, what is left after it, and the sentence. */
export const ZLineAllowance = z.object({
  guaranteeCode: z.string(),
  unit: z.enum(LIMIT_UNITS),
  /** What this line uses (cents when unit is EUR, a count otherwise). */
  amount: z.number().int(),
  max: z.number().int(),
  remainingAfter: z.number().int(),
  periodEnd: isoDate.nullable(),
  /** « Il vous restera 0 séance sur 3 en 2026. » */
  sentence: z.string(),
});
export type TLineAllowance = z.infer<typeof ZLineAllowance>;

/** The engine's figures of one care line: the estimate's lines and the refunds' lines carry them alike. */
export const ZCareLineFields = z.object({
  actCode: z.string(),
  label: z.string(),
  expenseCents: cents,
  baseCents: cents,
  amoRate: z.number(),
  amoGrossCents: cents,
  participationCents: cents,
  franchiseCents: cents,
  amoNetCents: cents,
  amcCents: cents,
  remainingCents: cents,
  capsApplied: z.array(ZCapApplied),
  allowance: ZLineAllowance.nullable(),
  /** One French sentence for the member. */
  explanation: z.string(),
  /** The guarantee applied (« Consultation non OPTAM : 200 % BR »), null when the product pays nothing. */
  guarantee: z.object({ code: z.string(), label: z.string() }).nullable(),
  steps: z.array(ZComputationStep),
  engineVersion: z.string(),
});
export type TCareLineFields = z.infer<typeof ZCareLineFields>;

// ───────────────────────────── POST /api/guarantees/estimate ─────────────────────────────

export const ZEstimateLineInput = z.object({
  actCode: z.string({ error: GUARANTEES_API_ERRORS.actCode }).trim().min(1, GUARANTEES_API_ERRORS.actCode).max(40, GUARANTEES_API_ERRORS.actCode),
  expenseCents: z
    .number({ error: GUARANTEES_API_ERRORS.expense })
    .int(GUARANTEES_API_ERRORS.expense)
    .min(1, GUARANTEES_API_ERRORS.expenseZero)
    .max(ESTIMATE_EXPENSE_MAX_CENTS, GUARANTEES_API_ERRORS.expenseTooLarge),
  quantity: z
    .number({ error: GUARANTEES_API_ERRORS.quantity })
    .int(GUARANTEES_API_ERRORS.quantity)
    .min(1, GUARANTEES_API_ERRORS.quantity)
    .max(ESTIMATE_QUANTITY_MAX, GUARANTEES_API_ERRORS.quantity)
    .default(1),
  sector: ZSector.default('1'),
  deviceClass: ZDeviceClass.optional(),
  lensComplexity: ZLensComplexity.optional(),
  itemKind: ZItemKind.optional(),
});
export type TEstimateLineInput = z.infer<typeof ZEstimateLineInput>;

export const ZEstimateRequest = z
  .object({
    familyPosition: ZFamilyPosition,
    careDate: z.string({ error: GUARANTEES_API_ERRORS.careDate }).trim(),
    lines: z
      .array(ZEstimateLineInput, { error: GUARANTEES_API_ERRORS.lines })
      .min(1, GUARANTEES_API_ERRORS.lines)
      .max(ESTIMATE_LINES_MAX, GUARANTEES_API_ERRORS.tooManyLines),
  })
  .superRefine((v, ctx) => {
    const problem = estimateCareDateProblem(v.careDate, parisIsoDate());
    if (problem) ctx.addIssue({ code: 'custom', path: ['careDate'], message: problem });
  });
export type TEstimateRequest = z.infer<typeof ZEstimateRequest>;

export const ZEstimateLine = ZCareLineFields.extend({ quantity: z.number().int() });
export type TEstimateLine = z.infer<typeof ZEstimateLine>;

/** The six amounts of a line that add up over the lines of an estimate. */
const CARE_AMOUNTS = ['expenseCents', 'amoNetCents', 'participationCents', 'franchiseCents', 'amcCents', 'remainingCents'] as const;
type CareAmount = (typeof CARE_AMOUNTS)[number];
export const ZCareTotals = ZCareLineFields.pick(Object.fromEntries(CARE_AMOUNTS.map((k) => [k, true])) as Record<CareAmount, true>);
export type TCareTotals = z.infer<typeof ZCareTotals>;

/** The answer is an estimation: nothing is stored, nothing is consumed. */
export const ZEstimate = z.object({
  familyPosition: z.number().int(),
  careDate: isoDate,
  productCode: z.string(),
  lines: z.array(ZEstimateLine),
  totals: ZCareTotals,
});
export type TEstimate = z.infer<typeof ZEstimate>;
export const ZEstimateResponse = dataEnvelope(ZEstimate);

/** Totals of computed lines. */
export function careTotals(lines: readonly TCareTotals[]): TCareTotals {
  return Object.fromEntries(CARE_AMOUNTS.map((k) => [k, lines.reduce((sum, l) => sum + l[k], 0)])) as TCareTotals;
}

// ───────────────────────────── GET /api/care-acts?q= ─────────────────────────────

export const ZCareActSearchQuery = z.object({
  q: z.string({ error: GUARANTEES_API_ERRORS.query }).trim().min(2, GUARANTEES_API_ERRORS.query).max(60, GUARANTEES_API_ERRORS.queryTooLong),
});

export const ZCareActSummary = z.object({
  code: z.string(),
  label: z.string(),
  heading: ZHeading,
  family: z.string(),
  /** Base de remboursement; null for care the Sécurité sociale does not cover (ostéopathie, chambre particulière). */
  baseCents: cents.nullable(),
  amoRate: z.number(),
  basket: z.enum(['CENT_POUR_CENT_SANTE', 'MODERE', 'LIBRE']).nullable(),
  priceCapCents: cents.nullable(),
  /** What the estimate form asks about the professional or the device for this act. */
  asks: z.object({
    sector: z.boolean(),
    deviceClasses: z.array(z.enum(DEVICE_CLASSES)),
    lensComplexity: z.boolean(),
    itemKinds: z.array(z.enum(ITEM_KINDS)),
    /** The quantity counts days (stay, room), boxes or sessions. */
    quantity: z.boolean(),
  }),
  /** VERIFIED, or TO_CONFIRM (« à confirmer ») with its source. */
  status: z.enum(['VERIFIED', 'TO_CONFIRM']),
  source: z.string(),
});
export type TCareActSummary = z.infer<typeof ZCareActSummary>;
export const ZCareActSearchResponse = dataEnvelope(z.array(ZCareActSummary));
