import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { oneTimeTokens, type OneTimeTokenKind } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { addMs, type Clock } from '../../lib/clock';
import { newToken, sha256 } from '../../core/crypto';

/**
 * Single-use links (create-account, password reset): the token travels in the e-mail only, the
 * table keeps its SHA-256. Issuing a new one retires the member's previous unused ones of that kind.
 */
export async function issueToken(
  db: Pick<Db, 'insert' | 'update'>,
  clock: Clock,
  input: { kind: OneTimeTokenKind; memberId: string; tenantId: string; lifetimeMs: number },
): Promise<string> {
  const token = newToken();
  const now = clock.now();
  await db
    .update(oneTimeTokens)
    .set({ usedAt: now })
    .where(and(eq(oneTimeTokens.memberId, input.memberId), eq(oneTimeTokens.kind, input.kind), isNull(oneTimeTokens.usedAt)));
  await db.insert(oneTimeTokens).values({
    id: sha256(token),
    kind: input.kind,
    memberId: input.memberId,
    tenantId: input.tenantId,
    createdAt: now,
    expiresAt: addMs(now, input.lifetimeMs),
  });
  return token;
}

/**
 * The token's row when it can still be used. Unknown token → `unknownCode`; used or expired →
 * LINK_EXPIRED.
 */
export async function usableToken(
  db: Db,
  clock: Clock,
  token: string,
  kind: OneTimeTokenKind,
  tenantId: string,
  unknownCode: 'USER_NOT_IDENTIFIED' | 'LINK_EXPIRED',
) {
  const [row] = await db
    .select()
    .from(oneTimeTokens)
    .where(eq(oneTimeTokens.id, sha256(token)));
  if (!row || row.kind !== kind || row.tenantId !== tenantId) throw new AppError(unknownCode);
  if (row.usedAt || row.expiresAt <= clock.now()) throw new AppError('LINK_EXPIRED');
  return row;
}

/** Marks the token used, atomically: of two concurrent uses, one wins. */
export async function consumeToken(db: Db, clock: Clock, token: string): Promise<boolean> {
  const now = clock.now();
  const used = await db
    .update(oneTimeTokens)
    .set({ usedAt: now })
    .where(and(eq(oneTimeTokens.id, sha256(token)), isNull(oneTimeTokens.usedAt), gt(oneTimeTokens.expiresAt, now)))
    .returning({ id: oneTimeTokens.id });
  return used.length > 0;
}
