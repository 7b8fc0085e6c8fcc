import type { LegalPageType, TLegalPage } from '@mutua/contracts/legal-pages';
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { legalPageAcceptances, legalPages } from '../../db/schema';
import { AppError } from '../../lib/app-error';

type CurrentPage = TLegalPage & { id: string };

/** The current (highest) version of each legal page of a tenant. */
export async function currentLegalPages(db: Db, tenantId: string): Promise<CurrentPage[]> {
  const rows = await db
    .selectDistinctOn([legalPages.type])
    .from(legalPages)
    .where(eq(legalPages.tenantId, tenantId))
    .orderBy(asc(legalPages.type), desc(legalPages.version));
  return rows.map(({ tenantId: _tenantId, publishedAt, ...page }) => ({ ...page, publishedAt: publishedAt.toISOString() }));
}

export const publicPage = ({ id: _id, ...page }: CurrentPage): TLegalPage => page;

/** Ids of the given pages the member accepted. */
export async function acceptedPageIds(db: Db, memberId: string, pageIds: string[]): Promise<Set<string>> {
  if (pageIds.length === 0) return new Set();
  const rows = await db
    .select({ id: legalPageAcceptances.legalPageId })
    .from(legalPageAcceptances)
    .where(and(eq(legalPageAcceptances.memberId, memberId), inArray(legalPageAcceptances.legalPageId, pageIds)));
  return new Set(rows.map((r) => r.id));
}

/** Current pages with the member's acceptance, and whether the legal-pages gate is passed. */
export async function legalPagesOfMember(db: Db, tenantId: string, memberId: string) {
  const pages = await currentLegalPages(db, tenantId);
  const accepted = await acceptedPageIds(
    db,
    memberId,
    pages.map((p) => p.id),
  );
  const list = pages.map((p) => ({ ...publicPage(p), accepted: accepted.has(p.id) }));
  return { pages: list, validated: list.every((p) => !p.requiresAcceptance || p.accepted) };
}

/**
 * Stores the acceptance of each page with the version read and the time. Every page requiring
 * acceptance must be listed in its current version, else LEGAL_PAGES_OUTDATED and nothing is stored.
 */
export async function acceptLegalPages(db: Db, tenantId: string, memberId: string, given: { type: LegalPageType; version: number }[], at: Date) {
  const pages = await currentLegalPages(db, tenantId);
  const current = new Map(pages.map((p) => [p.type, p]));
  for (const g of given) if (current.get(g.type)?.version !== g.version) throw new AppError('LEGAL_PAGES_OUTDATED');
  const listed = new Set(given.map((g) => g.type));
  if (pages.some((p) => p.requiresAcceptance && !listed.has(p.type))) throw new AppError('LEGAL_PAGES_OUTDATED');
  const rows = given.map((g) => ({ memberId, legalPageId: current.get(g.type)!.id, acceptedAt: at }));
  await db.insert(legalPageAcceptances).values(rows).onConflictDoNothing();
  return given.map((g) => `${g.type}@${g.version}`);
}
