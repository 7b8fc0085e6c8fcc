import type { TPreferenceValues, TPreferences } from '@mutua/contracts/account';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { lostCardDeclarations, memberPreferences, requests } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { submitMemberRequest } from '../requests/public';
import { teletransmissionOf } from './beneficiaries';

/** The card request kind (third_party_payment_card, migration 0020). */
export const LOST_CARD_REQUEST_CODE = 10001;

export const DEFAULT_PREFERENCES: TPreferenceValues = {
  magazineChannel: 'EMAIL',
  magazineFormat: 'STANDARD',
  statementChannel: 'ONLINE',
  cardFormat: 'DIGITAL',
};

export async function preferenceValues(db: Db, memberId: string): Promise<TPreferenceValues> {
  const [row] = await db.select().from(memberPreferences).where(eq(memberPreferences.memberId, memberId));
  return row
    ? { magazineChannel: row.magazineChannel, magazineFormat: row.magazineFormat, statementChannel: row.statementChannel, cardFormat: row.cardFormat }
    : DEFAULT_PREFERENCES;
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

/**
 * POST /api/preferences/lost-card: the card is declared lost — a card request (10001) to the insurer,
 * its declaration stored in the same transaction; a second one is refused while the first is pending.
 */
export async function declareLostCard(db: Db, memberId: string, input: { sendPaperCard: boolean }, opts: { idempotencyKey?: string | null; now: Date }) {
  const message = [
    'Je déclare la perte de ma carte de tiers payant\u00a0: elle ne doit plus être utilisée.',
    input.sendPaperCard
      ? 'Je souhaite recevoir une nouvelle carte papier par courrier.'
      : 'Je n’ai pas besoin d’une nouvelle carte papier\u00a0: j’utilise ma carte dématérialisée.',
  ].join('\n');
  const { data } = await submitMemberRequest(
    db,
    { memberId, typeCode: LOST_CARD_REQUEST_CODE, title: 'Carte de tiers payant perdue', message },
    {
      idempotencyKey: opts.idempotencyKey,
      now: opts.now,
      details: async (tx, created) => {
        await tx.execute(sql`select id from members where id = ${memberId} for update`);
        const [already] = await tx
          .select({ id: lostCardDeclarations.requestId })
          .from(lostCardDeclarations)
          .innerJoin(requests, eq(requests.id, lostCardDeclarations.requestId))
          .where(and(eq(lostCardDeclarations.memberId, memberId), ne(lostCardDeclarations.requestId, created.requestId), ne(requests.statusKey, 'done')));
        if (already) throw new AppError('LOST_CARD_PENDING');
        await tx.insert(lostCardDeclarations).values({ requestId: created.requestId, memberId, sendPaperCard: input.sendPaperCard, createdAt: opts.now });
        return { requestId: created.requestId, groupId: created.groupId };
      },
    },
  );
  return { ...data, declaredAt: opts.now.toISOString(), sendPaperCard: input.sendPaperCard };
}
