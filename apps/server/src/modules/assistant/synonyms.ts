import type { TAssistantSynonym, TAssistantSynonymInput } from '@mutua/contracts/assistant';
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { assistantSynonyms } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { fold } from './search';

/** Stored folded and without repeats: the assistant compares them with the folded question. */
function normalised(input: TAssistantSynonymInput) {
  const clean = (w: string) => fold(w).replace(/\s+/g, ' ').trim();
  return { term: clean(input.term), synonyms: [...new Set(input.synonyms.map(clean))] };
}

const columns = { id: assistantSynonyms.id, term: assistantSynonyms.term, synonyms: assistantSynonyms.synonyms };

export async function listSynonyms(db: Db, tenantId: string): Promise<TAssistantSynonym[]> {
  return db.select(columns).from(assistantSynonyms).where(eq(assistantSynonyms.tenantId, tenantId)).orderBy(asc(assistantSynonyms.term));
}

export async function createSynonym(db: Db, tenantId: string, input: TAssistantSynonymInput): Promise<TAssistantSynonym> {
  const [row] = await db
    .insert(assistantSynonyms)
    .values({ tenantId, ...normalised(input) })
    .onConflictDoNothing()
    .returning(columns);
  if (!row) throw new AppError('ASSISTANT_SYNONYM_TAKEN');
  return row;
}

export async function updateSynonym(db: Db, tenantId: string, id: string, input: TAssistantSynonymInput): Promise<TAssistantSynonym> {
  const values = normalised(input);
  const [taken] = await db
    .select({ id: assistantSynonyms.id })
    .from(assistantSynonyms)
    .where(and(eq(assistantSynonyms.tenantId, tenantId), eq(assistantSynonyms.term, values.term)));
  if (taken && taken.id !== id) throw new AppError('ASSISTANT_SYNONYM_TAKEN');
  const [row] = await db
    .update(assistantSynonyms)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(assistantSynonyms.tenantId, tenantId), eq(assistantSynonyms.id, id)))
    .returning(columns);
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

/** Deletes one of the tenant's rows; answers its term for the audit. */
export async function deleteSynonym(db: Db, tenantId: string, id: string): Promise<string> {
  const [row] = await db
    .delete(assistantSynonyms)
    .where(and(eq(assistantSynonyms.tenantId, tenantId), eq(assistantSynonyms.id, id)))
    .returning({ term: assistantSynonyms.term });
  if (!row) throw new AppError('NOT_FOUND');
  return row.term;
}
