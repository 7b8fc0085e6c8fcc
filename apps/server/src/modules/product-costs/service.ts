import type { TProductCosts } from '@mutua/contracts/product-costs';
import { and, asc, desc, eq, inArray, lte } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { contracts, members } from '../../db/schema';
import { productCosts } from './schema';
import { parisDate } from '../../lib/clock';

/** The last year whose accounts are closed: the one before today's (Paris). */
export const lastClosedYear = (now: Date) => Number(parisDate(now).slice(0, 4)) - 1;

const toCosts = (r: typeof productCosts.$inferSelect): TProductCosts => ({
  productNumber: r.productNumber,
  year: r.year,
  redistributionBp: r.redistributionBp,
  claimsManagementBp: r.claimsManagementBp,
  acquisitionBp: r.acquisitionBp,
  administrationBp: r.administrationBp,
});

/**
 * GET /api/product-costs: for each product of the member's contracts, the figures of the last closed
 * year (or, while that year's are not yet set, the latest earlier year's, which the answer names).
 */
export async function memberProductCosts(db: Db, tenantId: string, memberId: string, now: Date): Promise<TProductCosts[]> {
  const held = await db.selectDistinct({ productNumber: contracts.productNumber }).from(contracts).where(eq(contracts.memberId, memberId));
  if (held.length === 0) return [];
  const rows = await db
    .select()
    .from(productCosts)
    .where(
      and(
        eq(productCosts.tenantId, tenantId),
        inArray(
          productCosts.productNumber,
          held.map((h) => h.productNumber),
        ),
        lte(productCosts.year, lastClosedYear(now)),
      ),
    )
    .orderBy(asc(productCosts.productNumber), desc(productCosts.year));
  const latest = new Map<string, TProductCosts>();
  for (const r of rows) if (!latest.has(r.productNumber)) latest.set(r.productNumber, toCosts(r));
  return [...latest.values()];
}

/** The back office's view: the tenant's products (from its members' contracts) and every year set. */
export async function adminProductCosts(db: Db, tenantId: string, now: Date) {
  const products = await db
    .selectDistinct({ productNumber: contracts.productNumber, label: contracts.label })
    .from(contracts)
    .innerJoin(members, eq(members.id, contracts.memberId))
    .where(eq(members.tenantId, tenantId))
    .orderBy(asc(contracts.productNumber), asc(contracts.label));
  const byProduct = new Map<string, string>();
  for (const p of products) if (!byProduct.has(p.productNumber)) byProduct.set(p.productNumber, p.label);
  const rows = await db
    .select()
    .from(productCosts)
    .where(eq(productCosts.tenantId, tenantId))
    .orderBy(asc(productCosts.productNumber), desc(productCosts.year));
  return { products: [...byProduct].map(([productNumber, label]) => ({ productNumber, label })), rows: rows.map(toCosts), lastClosedYear: lastClosedYear(now) };
}

export async function saveProductCosts(
  db: Db,
  key: { tenantId: string; productNumber: string; year: number },
  v: { redistribution: number; claimsManagement: number; acquisition: number; administration: number },
  now: Date,
): Promise<void> {
  const values = {
    redistributionBp: v.redistribution,
    claimsManagementBp: v.claimsManagement,
    acquisitionBp: v.acquisition,
    administrationBp: v.administration,
    updatedAt: now,
  };
  await db
    .insert(productCosts)
    .values({ ...key, ...values })
    .onConflictDoUpdate({ target: [productCosts.tenantId, productCosts.productNumber, productCosts.year], set: values });
}

/** Demo data: each demo product's figures for 2024 and 2025. */
export async function seedProductCosts(db: Db): Promise<void> {
  const figures = [
    { productNumber: 'P-ESS-02', redistributionBp: 8012, claimsManagementBp: 610, acquisitionBp: 520, administrationBp: 820 },
    { productNumber: 'P-SEN-07', redistributionBp: 8455, claimsManagementBp: 540, acquisitionBp: 310, administrationBp: 690 },
    { productNumber: 'P-COL-11', redistributionBp: 8790, claimsManagementBp: 480, acquisitionBp: 150, administrationBp: 580 },
  ];
  for (const tenantId of ['mutua', 'azur']) {
    for (const year of [2024, 2025]) {
      const older = year === 2024 ? 150 : 0;
      await db
        .insert(productCosts)
        .values(figures.map((f) => ({ ...f, redistributionBp: f.redistributionBp - older, tenantId, year })))
        .onConflictDoNothing();
    }
  }
}
