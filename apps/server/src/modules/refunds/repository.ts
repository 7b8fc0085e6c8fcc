import { expectedArrivalDateOf } from '@mutua/contracts/payment-calendar';
import {
  LATEST_REFUNDS_SHOWN,
  OPERATION_TYPES,
  OPERATION_TYPE_LABELS,
  REFUND_BENEFICIARY_TYPES,
  REFUND_FILTER_ERRORS,
  statementFileName,
  type TRefundAct,
  type TRefundDetail,
  type TRefundFilters,
  type TRefundPage,
  type TRefundSummary,
} from '@mutua/contracts/refunds';
import { and, asc, count, desc, eq, gte, inArray, lte, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { beneficiaries, members, refundActs, refundPayments, refunds } from '../../db/schema';
import { AppError } from '../../lib/app-error';

/*
 * The refunds of one member. The list is keyset-paged on (care_date, id), newest care first, and
 * every query starts with member_id = $1 on refunds_member_care_idx: its cost follows the member's own
 * rows, whatever the table holds (bench/refunds-scale.ts measures it at 10k and at 1M rows).
 */

export type RefundCursor = { careDate: string; id: string };

export function encodeRefundCursor(c: RefundCursor): string {
  return Buffer.from(`${c.careDate}|${c.id}`, 'utf8').toString('base64url');
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Reads a cursor from the client; a forged or damaged one is a 400 with a French message. */
export function decodeRefundCursor(raw: string): RefundCursor {
  const [careDate, id, extra] = Buffer.from(raw, 'base64url').toString('utf8').split('|');
  if (extra !== undefined || !careDate || !id || !/^\d{4}-\d{2}-\d{2}$/.test(careDate) || Number.isNaN(Date.parse(careDate)) || !UUID.test(id)) {
    throw new AppError('VALIDATION_FAILED', REFUND_FILTER_ERRORS.cursor);
  }
  return { careDate, id };
}

/** The WHERE of the filtered list; a filter listing every value is no filter. */
function filterConditions(memberId: string, f: TRefundFilters): SQL[] {
  const conditions: SQL[] = [eq(refunds.memberId, memberId)];
  if (f.startDate) conditions.push(gte(refunds.careDate, f.startDate));
  if (f.endDate) conditions.push(lte(refunds.careDate, f.endDate));
  if (f.beneficiaryTypes?.length && f.beneficiaryTypes.length < REFUND_BENEFICIARY_TYPES.length)
    conditions.push(inArray(refunds.beneficiaryType, f.beneficiaryTypes));
  if (f.operationTypes?.length && f.operationTypes.length < OPERATION_TYPES.length) conditions.push(inArray(refunds.actFamily, f.operationTypes));
  return conditions;
}

const summaryColumns = {
  id: refunds.id,
  reference: refunds.reference,
  careDate: refunds.careDate,
  paymentDate: refunds.paymentDate,
  familyPosition: beneficiaries.familyPosition,
  firstName: beneficiaries.firstName,
  surName: beneficiaries.surName,
  beneficiaryType: refunds.beneficiaryType,
  actFamily: refunds.actFamily,
  actWording: refunds.actWording,
  paymentTarget: refunds.paymentTarget,
  thirdPartyName: refunds.thirdPartyName,
  totalCostCents: refunds.totalCostCents,
  socialSecurityCents: refunds.socialSecurityCents,
  otherMutualCents: refunds.otherMutualCents,
  productCents: refunds.productCents,
  remainingChargeCents: refunds.remainingChargeCents,
  socialSecurityRate: refunds.socialSecurityRate,
  transferIssuedAt: refundPayments.issuedAt,
};
type SummaryRow = Omit<{ [K in keyof typeof summaryColumns]: (typeof summaryColumns)[K]['_']['data'] }, 'thirdPartyName' | 'transferIssuedAt'> & {
  thirdPartyName: string | null;
  transferIssuedAt: Date | null;
};

function toSummary(r: SummaryRow): TRefundSummary {
  return {
    id: r.id,
    reference: r.reference,
    careDate: r.careDate,
    paymentDate: r.paymentDate,
    beneficiary: { familyPosition: r.familyPosition, firstName: r.firstName, surName: r.surName, type: r.beneficiaryType },
    actFamily: r.actFamily,
    actFamilyLabel: OPERATION_TYPE_LABELS[r.actFamily],
    actWording: r.actWording,
    paymentTarget: r.paymentTarget,
    thirdPartyName: r.thirdPartyName,
    totalCostCents: r.totalCostCents,
    socialSecurityCents: r.socialSecurityCents,
    otherMutualCents: r.otherMutualCents,
    productCents: r.productCents,
    remainingChargeCents: r.remainingChargeCents,
    socialSecurityRate: r.socialSecurityRate,
    // Its transfer file handed to the bank: paid on paymentDate (the transfer's execution date), arriving the next business day.
    stage: r.transferIssuedAt ? 'transfer_issued' : 'validated',
    expectedArrivalDate: r.transferIssuedAt ? expectedArrivalDateOf(r.paymentDate) : null,
  };
}

/** The page query itself (the route's SQL; the bench EXPLAINs it): one row more than the page, to know if another follows. */
export function refundsPageQuery(db: Db, memberId: string, filters: TRefundFilters, page: { limit: number; cursor?: RefundCursor | null }) {
  const conditions = filterConditions(memberId, filters);
  if (page.cursor) conditions.push(sql`(${refunds.careDate}, ${refunds.id}) < (${page.cursor.careDate}::date, ${page.cursor.id}::uuid)`);
  return db
    .select(summaryColumns)
    .from(refunds)
    .innerJoin(beneficiaries, eq(beneficiaries.id, refunds.beneficiaryId))
    .leftJoin(refundPayments, and(eq(refundPayments.refundId, refunds.id), eq(refundPayments.kind, 'TRANSFER')))
    .where(and(...conditions))
    .orderBy(desc(refunds.careDate), desc(refunds.id))
    .limit(page.limit + 1);
}

/** The count query of the filtered list. */
export function refundsCountQuery(db: Db, memberId: string, filters: TRefundFilters) {
  return db
    .select({ n: count() })
    .from(refunds)
    .where(and(...filterConditions(memberId, filters)));
}

/** One page of the filtered list, newest care first, and where the next page starts. */
export async function listRefunds(
  db: Db,
  memberId: string,
  filters: TRefundFilters,
  page: { limit: number; cursor?: RefundCursor | null },
): Promise<{ items: TRefundSummary[]; nextCursor: string | null }> {
  const rows = await refundsPageQuery(db, memberId, filters, page);
  const items = rows.slice(0, page.limit).map(toSummary);
  const last = items.at(-1);
  return { items, nextCursor: rows.length > page.limit && last ? encodeRefundCursor({ careDate: last.careDate, id: last.id }) : null };
}

/** How many refunds match the filters (all pages). */
export async function countRefunds(db: Db, memberId: string, filters: TRefundFilters): Promise<number> {
  const [row] = await refundsCountQuery(db, memberId, filters);
  return Number(row?.n ?? 0);
}

/** GET /api/refunds: the page and the total, from the raw cursor the client sent. */
export async function findRefundsPage(db: Db, memberId: string, query: TRefundFilters & { limit: number; cursor?: string | undefined }): Promise<TRefundPage> {
  const cursor = query.cursor ? decodeRefundCursor(query.cursor) : null;
  if (!cursor) return firstRefundsPage(db, memberId, query, query.limit);
  const [page, total] = await Promise.all([listRefunds(db, memberId, query, { limit: query.limit, cursor }), countRefunds(db, memberId, query)]);
  return { ...page, total };
}

/**
 * The first page (what the refunds screen opens on) and the total in ONE statement: the count is an
 * uncorrelated subquery PostgreSQL runs once (an InitPlan), carried on each row; no row means 0.
 */
async function firstRefundsPage(db: Db, memberId: string, filters: TRefundFilters, limit: number): Promise<TRefundPage> {
  const rows = await db
    .select({ ...summaryColumns, total: sql<number>`(${refundsCountQuery(db, memberId, filters)})`.mapWith(Number) })
    .from(refunds)
    .innerJoin(beneficiaries, eq(beneficiaries.id, refunds.beneficiaryId))
    .leftJoin(refundPayments, and(eq(refundPayments.refundId, refunds.id), eq(refundPayments.kind, 'TRANSFER')))
    .where(and(...filterConditions(memberId, filters)))
    .orderBy(desc(refunds.careDate), desc(refunds.id))
    .limit(limit + 1);
  const items = rows.slice(0, limit).map(toSummary);
  const last = items.at(-1);
  return {
    items,
    nextCursor: rows.length > limit && last ? encodeRefundCursor({ careDate: last.careDate, id: last.id }) : null,
    total: rows[0]?.total ?? 0,
  };
}

/** Every refund matching the filters, in batches, newest first: the Excel export. */
export async function* refundBatches(db: Db, memberId: string, filters: TRefundFilters, batchSize = 1000): AsyncGenerator<TRefundSummary[]> {
  let cursor: RefundCursor | null = null;
  for (;;) {
    const page = await listRefunds(db, memberId, filters, { limit: batchSize, cursor });
    if (page.items.length) yield page.items;
    if (!page.nextCursor) return;
    const last = page.items.at(-1)!;
    cursor = { careDate: last.careDate, id: last.id };
  }
}

/** The dashboard's latest refunds (by care date). */
export async function latestRefunds(db: Db, memberId: string, size = LATEST_REFUNDS_SHOWN): Promise<TRefundSummary[]> {
  return (await listRefunds(db, memberId, {}, { limit: size })).items;
}

/** A member's refund with its sub-acts, or null when it is not theirs. */
export async function findRefundDetail(db: Db, memberId: string, refundId: string): Promise<TRefundDetail | null> {
  const [row] = await db
    .select(summaryColumns)
    .from(refunds)
    .innerJoin(beneficiaries, eq(beneficiaries.id, refunds.beneficiaryId))
    .leftJoin(refundPayments, and(eq(refundPayments.refundId, refunds.id), eq(refundPayments.kind, 'TRANSFER')))
    .where(and(eq(refunds.id, refundId), eq(refunds.memberId, memberId)));
  if (!row) return null;
  const acts = await db.select().from(refundActs).where(eq(refundActs.refundId, refundId)).orderBy(asc(refundActs.position));
  const summary = toSummary(row);
  return {
    ...summary,
    statementFileName: statementFileName(summary),
    acts: acts.map((a): TRefundAct => ({
      id: a.id,
      position: a.position,
      actCode: a.actCode,
      wording: a.wording,
      careDate: a.careDate,
      quantity: a.quantity,
      billedCents: a.billedCents,
      socialSecurityBaseCents: a.socialSecurityBaseCents,
      overrunCents: Math.max(0, a.billedCents - a.socialSecurityBaseCents),
      socialSecurityRate: a.socialSecurityRate,
      socialSecurityCents: a.socialSecurityCents,
      otherMutualCents: a.otherMutualCents,
      productCents: a.productCents,
      remainingChargeCents: a.remainingChargeCents,
      label: a.wording,
      expenseCents: a.billedCents,
      baseCents: a.socialSecurityBaseCents,
      amoRate: a.socialSecurityRate,
      amoGrossCents: a.amoGrossCents,
      participationCents: a.participationCents,
      franchiseCents: a.franchiseCents,
      amoNetCents: a.socialSecurityCents,
      amcCents: a.productCents,
      remainingCents: a.remainingChargeCents,
      capsApplied: a.capsApplied,
      allowance: a.allowance,
      explanation: a.explanation,
      guarantee: a.guarantee,
      steps: a.steps,
      engineVersion: a.engineVersion,
      correction: a.correction,
    })),
  };
}

/** The operation types for the filter (allActsRefunds of the global details). */
export function operationTypeOptions() {
  return OPERATION_TYPES.map((code) => ({ code, label: OPERATION_TYPE_LABELS[code] }));
}

/** The member's membership number and the main insured's name: the statement's header. */
export async function findMemberIdentity(db: Db, memberId: string): Promise<{ membershipNumber: string; firstName: string; surName: string } | null> {
  const [row] = await db
    .select({ membershipNumber: members.membershipNumber, firstName: beneficiaries.firstName, surName: beneficiaries.surName })
    .from(members)
    .innerJoin(beneficiaries, and(eq(beneficiaries.memberId, members.id), eq(beneficiaries.rank, 'MAIN')))
    .where(eq(members.id, memberId));
  return row ?? null;
}
