import { z } from 'zod';
import { labelledList } from './labelled-list';
import { parisIsoDate } from './dates';
import { ZCareLineFields } from './guarantees-api';

/*
 * Refunds ("remboursements"): the refunds page, the refund detail panel, the refund
 * and the export names. Amounts are integer cents on the wire; dates are ISO YYYY-MM-DD.
 */

/** Where a refund's money went: the five columns of the refunds table. */
export const { values: PAYMENT_TARGETS, labels: PAYMENT_TARGET_LABELS } = labelledList({
  insured: 'Payé à l’assuré',
  health_professional: 'Payé au professionnel de santé',
  included_in_other_payment: 'Inclus dans un autre paiement',
  other_mutual: 'Autre mutuelle ou ancienne mutuelle',
  bank_account: 'Remboursement sur compte bancaire',
});
export const ZPaymentTarget = z.enum(PAYMENT_TARGETS);
export type PaymentTarget = z.infer<typeof ZPaymentTarget>;

/** Beneficiary types of the refunds filter (ranks MAIN, PARTNER, CHILD; others count as child). */
export const { values: REFUND_BENEFICIARY_TYPES, labels: REFUND_BENEFICIARY_TYPE_LABELS } = labelledList({
  main: 'Assuré principal',
  partner: 'Conjoint',
  child: 'Enfant',
});
export const ZRefundBeneficiaryType = z.enum(REFUND_BENEFICIARY_TYPES);
export type RefundBeneficiaryType = z.infer<typeof ZRefundBeneficiaryType>;

/** The filter's beneficiary type of a beneficiary rank. */
export function refundBeneficiaryTypeOfRank(rank: string): RefundBeneficiaryType {
  if (rank === 'MAIN') return 'main';
  if (rank === 'PARTNER') return 'partner';
  return 'child';
}

/** Operation types of the refunds filter: the act family of each refund. */
export const { values: OPERATION_TYPES, labels: OPERATION_TYPE_LABELS } = labelledList({
  consultation: 'Consultations et visites',
  pharmacy: 'Pharmacie',
  analysis: 'Analyses et examens',
  dental: 'Dentaire',
  optical: 'Optique',
  hearing: 'Aides auditives',
  hospital: 'Hospitalisation',
  alternative_medicine: 'Médecines douces',
  paramedical: 'Auxiliaires médicaux',
});
export const ZOperationType = z.enum(OPERATION_TYPES);
export type OperationType = z.infer<typeof ZOperationType>;

/** Paging: how many refunds one page answers at most, and by default. */
export const REFUNDS_PAGE_MAX = 200;
export const REFUNDS_PAGE_DEFAULT = 50;
/** How many refunds the dashboard's "latest refunds" shows. */
export const LATEST_REFUNDS_SHOWN = 5;

export const REFUND_FILTER_ERRORS = {
  date: 'Veuillez saisir une date valide',
  range: 'La date de début doit être antérieure ou égale à la date de fin',
  cursor: 'Pagination invalide, veuillez recharger la liste',
} as const;

/** A list in a query string: `a,b` or repeated `x=a&x=b`; empty means no filter. */
const queryList = <T extends z.ZodType>(item: T) =>
  z.preprocess((v) => {
    if (v === undefined || v === '') return undefined;
    const parts = (Array.isArray(v) ? v : [v])
      .flatMap((s) => String(s).split(','))
      .map((s) => s.trim())
      .filter(Boolean);
    return [...new Set(parts)];
  }, z.array(item).optional());

const ZQueryDate = z.iso.date({ error: REFUND_FILTER_ERRORS.date }).optional();

const ZRefundFilterFields = z.object({
  /** Treatment (care) date range, inclusive. */
  startDate: ZQueryDate,
  endDate: ZQueryDate,
  beneficiaryTypes: queryList(ZRefundBeneficiaryType),
  operationTypes: queryList(ZOperationType),
});
const rangeIsOrdered = (f: { startDate?: string | undefined; endDate?: string | undefined }) => !f.startDate || !f.endDate || f.startDate <= f.endDate;

/** The filters of the refunds page, shared by the list and the Excel export (GET /api/refunds/export). */
export const ZRefundFilters = ZRefundFilterFields.refine(rangeIsOrdered, { error: REFUND_FILTER_ERRORS.range, path: ['endDate'] });
export type TRefundFilters = z.infer<typeof ZRefundFilters>;

/** GET /api/refunds: filters plus keyset paging (cursor = nextCursor of the previous page). */
export const ZRefundListQuery = ZRefundFilterFields.extend({
  limit: z.coerce.number().int().min(1).max(REFUNDS_PAGE_MAX).default(REFUNDS_PAGE_DEFAULT),
  cursor: z.string().max(200).optional(),
}).refine(rangeIsOrdered, { error: REFUND_FILTER_ERRORS.range, path: ['endDate'] });
export type TRefundListQuery = z.infer<typeof ZRefundListQuery>;

export const ZRefundBeneficiary = z.object({
  familyPosition: z.number().int(),
  firstName: z.string(),
  surName: z.string(),
  type: ZRefundBeneficiaryType,
});

const cents = z.number().int();

/**
 * Where a refund stands: received and calculated are the claim's steps before it becomes a refund;
 * a refund is validated once published, and « virement émis » once its transfer file went to the bank.
 */
export const { values: REFUND_STAGES, labels: REFUND_STAGE_LABELS } = labelledList({
  received: 'Reçu',
  calculated: 'Calculé',
  validated: 'Validé',
  transfer_issued: 'Virement émis',
});
export const ZRefundStage = z.enum(REFUND_STAGES);
export type RefundStage = z.infer<typeof ZRefundStage>;

/** One line of the refunds table. */
export const ZRefundSummary = z.object({
  id: z.uuid(),
  /** Statement number, printed on the statement and in its file name. */
  reference: z.string(),
  careDate: z.iso.date(),
  paymentDate: z.iso.date(),
  beneficiary: ZRefundBeneficiary,
  actFamily: ZOperationType,
  actFamilyLabel: z.string(),
  actWording: z.string(),
  paymentTarget: ZPaymentTarget,
  thirdPartyName: z.string().nullable(),
  totalCostCents: cents,
  socialSecurityCents: cents,
  /** Refunded by another (first) mutual before us. */
  otherMutualCents: cents,
  /** Refunded by our product (the mutuelle). */
  productCents: cents,
  remainingChargeCents: cents,
  /** Social security rate in percent (70 = 70 %). */
  socialSecurityRate: z.number().int().min(0).max(100),
  stage: ZRefundStage,
  /** Once the transfer is issued: the next TARGET2 business day after its execution date (paymentDate). */
  expectedArrivalDate: z.iso.date().nullable(),
});
export type TRefundSummary = z.infer<typeof ZRefundSummary>;

/** One sub-act of a refund, with its billing (billed amount, social security base, overrun). */
export const ZRefundAct = z.object({
  id: z.uuid(),
  position: z.number().int(),
  wording: z.string(),
  careDate: z.iso.date(),
  quantity: z.number().int(),
  billedCents: cents,
  socialSecurityBaseCents: cents,
  /** Billed above the social security base ("dépassement d'honoraires"). */
  overrunCents: cents,
  socialSecurityRate: z.number().int().min(0).max(100),
  socialSecurityCents: cents,
  otherMutualCents: cents,
  productCents: cents,
  remainingChargeCents: cents,
  /*
   * The guarantees engine's figures of the line, the same fields as an estimate's line, as paid
   * (amcCents = productCents). A line paid before the engine existed has no computation: engineVersion
   * null, explanation empty, no steps.
   */
  ...ZCareLineFields.shape,
  engineVersion: z.string().nullable(),
  /** A back-office correction of the mutuelle's part: the engine's figure and the reason given. */
  correction: z.object({ engineAmcCents: cents, reason: z.string() }).nullable(),
});
export type TRefundAct = z.infer<typeof ZRefundAct>;

export const ZRefundDetail = ZRefundSummary.extend({ acts: z.array(ZRefundAct), statementFileName: z.string() });
export type TRefundDetail = z.infer<typeof ZRefundDetail>;

export const ZRefundPage = z.object({
  items: z.array(ZRefundSummary),
  /** Pass as `cursor` to get the next page; null on the last page. */
  nextCursor: z.string().nullable(),
  /** Refunds matching the filters, all pages together. */
  total: z.number().int(),
});
export type TRefundPage = z.infer<typeof ZRefundPage>;

export const ZRefundIdParams = z.object({ refundId: z.uuid() });

/** The refunds part of the global details: latest refunds and the operation types for the filter. */
export const ZRefundsInfo = z.object({
  refunds: z.array(ZRefundSummary),
  allActsRefunds: z.array(z.object({ code: ZOperationType, label: z.string() })),
});
export type TRefundsInfo = z.infer<typeof ZRefundsInfo>;

/** The amount shown under each payment-target column: the product refund sits under its target, the others are empty. */
export function refundAmountsByTarget(refund: Pick<TRefundSummary, 'paymentTarget' | 'productCents'>): Record<PaymentTarget, number | null> {
  const row = Object.fromEntries(PAYMENT_TARGETS.map((t) => [t, null])) as Record<PaymentTarget, number | null>;
  row[refund.paymentTarget] = refund.productCents;
  return row;
}

/** Remaining charge = total cost − social security − other mutual − product, never below zero. */
export function remainingChargeCents(r: { totalCostCents: number; socialSecurityCents: number; otherMutualCents: number; productCents: number }): number {
  return Math.max(0, r.totalCostCents - r.socialSecurityCents - r.otherMutualCents - r.productCents);
}

// ───────────────────────────── file names ─────────────────────────────

export const REFUNDS_EXPORT_SHEET_NAME = 'Liste remboursements';
export const REFUNDS_EXPORT_PREFIX = 'Liste_remboursements_';
export const STATEMENT_PREFIX = 'Decompte_';

/** `Liste_remboursements_<YYYY-MM-DD>.xlsx`, dated the day of the export (France). */
export function refundsExportFileName(at: Date = new Date()): string {
  return `${REFUNDS_EXPORT_PREFIX}${parisIsoDate(at)}.xlsx`;
}

/** `Decompte_<payment date>_<statement reference>.pdf`; the reference keeps two statements of one day apart. */
export function statementFileName(refund: Pick<TRefundSummary, 'reference' | 'paymentDate'>): string {
  const reference = refund.reference.replace(/[^A-Za-z0-9-]/g, '');
  return `${STATEMENT_PREFIX}${refund.paymentDate}_${reference}.pdf`;
}
