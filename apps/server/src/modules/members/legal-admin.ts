import type { LegalPageType } from '@mutua/contracts/legal-pages';
import { and, eq, max } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { legalPages } from '../../db/schema';
import { currentLegalPages, publicPage } from './legal-pages';

/** The current version of each legal page of a tenant (back-office administration). */
export async function listCurrentLegalPages(db: Db, tenantId: string) {
  return (await currentLegalPages(db, tenantId)).map(publicPage);
}

/**
 * Publishes a new version of a legal page: it becomes the current one, so every member who accepted an
 * older one meets the legal-pages gate again (acceptances are per version).
 */
export async function publishLegalPageVersion(
  db: Db,
  tenantId: string,
  input: { type: LegalPageType; title: string; content: string; requiresAcceptance: boolean },
  at: Date,
) {
  return db.transaction(async (tx) => {
    const [last] = await tx
      .select({ v: max(legalPages.version) })
      .from(legalPages)
      .where(and(eq(legalPages.tenantId, tenantId), eq(legalPages.type, input.type)));
    const version = (last?.v ?? 0) + 1;
    const [row] = await tx
      .insert(legalPages)
      .values({ tenantId, ...input, version, publishedAt: at })
      .returning({ version: legalPages.version });
    return row!.version;
  });
}
