import type { TPreferenceValues, TPreferences } from '@mutua/contracts';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { memberPreferences } from '../../db/schema';
import { teletransmissionOf } from './beneficiaries';

export const DEFAULT_PREFERENCES: TPreferenceValues = { magazineChannel: 'EMAIL', magazineFormat: 'STANDARD', statementChannel: 'ONLINE', cardFormat: 'DIGITAL' };

export async function preferenceValues(db: Db, memberId: string): Promise<TPreferenceValues> {
  const [row] = await db.select().from(memberPreferences).where(eq(memberPreferences.memberId, memberId));
  return row ? { magazineChannel: row.magazineChannel, magazineFormat: row.magazineFormat, statementChannel: row.statementChannel, cardFormat: row.cardFormat } : DEFAULT_PREFERENCES;
}

/** GET /api/preferences: the channels and each insured person's teletransmission. */
export async function loadPreferences(db: Db, memberId: string): Promise<TPreferences> {
  const [values, teletransmission] = await Promise.all([preferenceValues(db, memberId), teletransmissionOf(db, memberId)]);
  return { ...values, teletransmission };
}

/** Stores the channels given (the others kept); answers the fields that changed. */
export async function saveChannels(db: Db, memberId: string, change: Partial<TPreferenceValues>, now: Date): Promise<(keyof TPreferenceValues)[]> {
  const before = await preferenceValues(db, memberId);
  const next = { ...before, ...change };
  const changed = (Object.keys(change) as (keyof TPreferenceValues)[]).filter((k) => change[k] !== undefined && before[k] !== next[k]);
  if (changed.length === 0) return [];
  await db
    .insert(memberPreferences)
    .values({ memberId, ...next, updatedAt: now })
    .onConflictDoUpdate({ target: memberPreferences.memberId, set: { ...next, updatedAt: sql`excluded.updated_at` } });
  return changed;
}
