import { HEALTHCARE_SEARCH_LIMIT, searchWords, type THealthCare, type THealthcareAct } from '@mutua/contracts/healthcare';
import { and, asc, eq, exists, inArray, like } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { healthcareActWords, healthcareActs, healthcareDocuments, hospitalizationTypes } from '../../db/schema';

type ActRow = typeof healthcareActs.$inferSelect;
type DocumentRow = typeof healthcareDocuments.$inferSelect;

const actOf = (row: ActRow, documents: Map<string, DocumentRow>): THealthcareAct => ({
  code: row.code,
  label: row.label,
  category: row.category,
  documents: row.documentCodes.flatMap((code) => {
    const d = documents.get(code);
    return d ? [{ code: d.code, label: d.label }] : [];
  }),
});

const documentsOf = async (db: Db, tenantId: string) =>
  db.select().from(healthcareDocuments).where(eq(healthcareDocuments.tenantId, tenantId)).orderBy(asc(healthcareDocuments.position));

/** healthCare of the global details: the tenant's whole catalogue (a few dozen rows). */
export async function loadHealthCare(db: Db, tenantId: string): Promise<THealthCare> {
  const [acts, documents, hospitalization] = await Promise.all([
    db.select().from(healthcareActs).where(eq(healthcareActs.tenantId, tenantId)).orderBy(asc(healthcareActs.position)),
    documentsOf(db, tenantId),
    db.select().from(hospitalizationTypes).where(eq(hospitalizationTypes.tenantId, tenantId)).orderBy(asc(hospitalizationTypes.position)),
  ]);
  const byCode = new Map(documents.map((d) => [d.code, d]));
  const allActs = acts.map((a) => actOf(a, byCode));
  return {
    allActs,
    allFrequentActs: acts.flatMap((a, i) => (a.frequent ? [allActs[i]!] : [])),
    defaultDocuments: documents.filter((d) => d.isDefault).map((d) => ({ code: d.code, label: d.label })),
    hospitalizationTypes: hospitalization.map((h) => ({ code: h.code, label: h.label })),
  };
}

/**
 * Acts whose words start with every word of the query ("kin" finds Kinésithérapie, "dent prot" the
 * prosthesis), accents and case ignored; each word is an index range scan on healthcare_act_words.
 */
export async function searchActs(db: Db, tenantId: string, query: string): Promise<THealthcareAct[]> {
  const words = searchWords(query).slice(0, 5);
  if (words.length === 0) return [];
  const matches = words.map((w) =>
    exists(
      db
        .select({ one: healthcareActWords.actId })
        .from(healthcareActWords)
        .where(and(eq(healthcareActWords.tenantId, tenantId), eq(healthcareActWords.actId, healthcareActs.id), like(healthcareActWords.word, `${w}%`))),
    ),
  );
  const rows = await db
    .select()
    .from(healthcareActs)
    .where(and(eq(healthcareActs.tenantId, tenantId), ...matches))
    .orderBy(asc(healthcareActs.position))
    .limit(HEALTHCARE_SEARCH_LIMIT);
  const codes = [...new Set(rows.flatMap((r) => r.documentCodes))];
  const documents = codes.length
    ? await db
        .select()
        .from(healthcareDocuments)
        .where(and(eq(healthcareDocuments.tenantId, tenantId), inArray(healthcareDocuments.code, codes)))
    : [];
  const byCode = new Map(documents.map((d) => [d.code, d]));
  return rows.map((r) => actOf(r, byCode));
}
