import { createHmac, randomInt } from 'node:crypto';
import { and, desc, eq, gt, isNotNull, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  type VerificationChallenge,
  type VerificationChannel,
  type VerificationPurpose,
  verificationChallenges as challenges,
  verificationCounters as counters,
} from '../../db/schema';
import { addMs, type Clock } from '../../lib/clock';

/**
 * One-time codes for any purpose (sign-in, contact change, signature…), by e-mail or SMS. A challenge
 * is bound to who may answer it (a sign-in attempt, a session); its code is 6 digits from the secure
 * random source, kept as an HMAC keyed with SESSION_SECRET, valid minutes, single use, with a resend
 * delay. Wrong codes count per counter key across challenges — new challenges give no new tries — and
 * each check first takes a slot with one atomic UPDATE, so concurrent wrong codes cannot exceed it.
 * Sending is the caller's: it knows the template and how a failure is answered.
 */

export type VerificationDeps = { db: Db; clock: Clock; secret: string };
type Executor = Pick<Db, 'insert' | 'update' | 'select'>;

export const CODE_LENGTH = 6;
const newCode = () =>
  randomInt(0, 10 ** CODE_LENGTH)
    .toString()
    .padStart(CODE_LENGTH, '0');
const hashOf = (secret: string, challengeId: string, code: string) => createHmac('sha256', secret).update(`code:${challengeId}:${code}`).digest('hex');

export type OpenChallengeInput = {
  tenantId: string;
  memberId: string;
  purpose: VerificationPurpose;
  channel: VerificationChannel;
  destination: string;
  binding: string;
  counterKey: string;
  /** How long the challenge may be answered, resends included. */
  lifetimeMs: number;
};

export async function openChallenge(deps: VerificationDeps, input: OpenChallengeInput, tx: Executor = deps.db): Promise<VerificationChallenge> {
  const now = deps.clock.now();
  const { lifetimeMs, ...values } = input;
  const [row] = await tx
    .insert(challenges)
    .values({ ...values, expiresAt: addMs(now, lifetimeMs), createdAt: now })
    .returning();
  return row!;
}

/** The challenge while it can be answered (not verified, not past its lifetime). */
export async function openChallengeById(deps: VerificationDeps, id: string): Promise<VerificationChallenge | null> {
  const [row] = await deps.db
    .select()
    .from(challenges)
    .where(and(eq(challenges.id, id), isNull(challenges.verifiedAt), gt(challenges.expiresAt, deps.clock.now())));
  return row ?? null;
}

/** A fresh code replacing any previous one; the caller sends it (and calls dropCode if that fails). */
export async function issueCode(
  deps: VerificationDeps,
  challengeId: string,
  opts: { codeMinutes: number; resendSeconds: number },
): Promise<{ challenge: VerificationChallenge; code: string }> {
  const now = deps.clock.now();
  const code = newCode();
  const [challenge] = await deps.db
    .update(challenges)
    .set({
      codeHash: hashOf(deps.secret, challengeId, code),
      codeExpiresAt: addMs(now, opts.codeMinutes * 60_000),
      codeSentAt: now,
      resendAvailableAt: addMs(now, opts.resendSeconds * 1000),
    })
    .where(and(eq(challenges.id, challengeId), isNull(challenges.verifiedAt)))
    .returning();
  if (!challenge) throw new Error('challenge closed');
  return { challenge, code };
}

/** Claims a resend atomically (of two concurrent requests one wins); null before the resend delay. */
export async function claimResend(deps: VerificationDeps, challengeId: string, resendSeconds: number): Promise<VerificationChallenge | null> {
  const now = deps.clock.now();
  const [claimed] = await deps.db
    .update(challenges)
    .set({ resendAvailableAt: addMs(now, resendSeconds * 1000) })
    .where(and(eq(challenges.id, challengeId), isNull(challenges.verifiedAt), or(isNull(challenges.resendAvailableAt), lte(challenges.resendAvailableAt, now))))
    .returning();
  return claimed ?? null;
}

/** The code could not be sent: nobody can know it, drop it and allow a resend at once. */
export async function dropCode(deps: VerificationDeps, challengeId: string): Promise<void> {
  await deps.db.update(challenges).set({ codeHash: null, resendAvailableAt: deps.clock.now() }).where(eq(challenges.id, challengeId));
}

export type CheckResult =
  | { status: 'ok'; challenge: VerificationChallenge }
  | { status: 'unknown' }
  | { status: 'expired' }
  | { status: 'wrong'; failures: number; remaining: number }
  /** `blockedUntil` is set when this check started the block (audit it once). */
  | { status: 'blocked'; blockedUntil: Date | null };

/**
 * Checks a code. Order: the challenge must be open with a live code (else unknown/expired, not
 * counted); a failure slot is taken on the counter (none left, or blocked → blocked); the challenge is
 * used by the same UPDATE that compares the code, so a right code works once; a right code resets
 * the counter, the maxFailures-th wrong one blocks the key for blockMs.
 */
export async function checkCode(
  deps: VerificationDeps,
  challengeId: string,
  code: string,
  rule: { maxFailures: number; blockMs: number },
): Promise<CheckResult> {
  const now = deps.clock.now();
  const challenge = await openChallengeById(deps, challengeId);
  if (!challenge || !challenge.codeHash || !challenge.codeExpiresAt) return { status: 'unknown' };
  if (challenge.codeExpiresAt <= now) return { status: 'expired' };

  const key = challenge.counterKey;
  await deps.db.insert(counters).values({ key, failures: 0, updatedAt: now }).onConflictDoNothing();
  const nowSql = sql`${now.toISOString()}::timestamptz`;
  const lapsed = sql`(${counters.blockedUntil} IS NOT NULL AND ${counters.blockedUntil} <= ${nowSql})`;
  const [slot] = await deps.db
    .update(counters)
    .set({
      failures: sql`CASE WHEN ${lapsed} THEN 1 ELSE ${counters.failures} + 1 END`,
      blockedUntil: sql`CASE WHEN ${lapsed} THEN NULL ELSE ${counters.blockedUntil} END`,
      updatedAt: now,
    })
    .where(and(eq(counters.key, key), or(lapsed, and(isNull(counters.blockedUntil), lt(counters.failures, rule.maxFailures)))))
    .returning({ failures: counters.failures });
  if (!slot) return { status: 'blocked', blockedUntil: await block(deps, key, rule.blockMs) };

  const [used] = await deps.db
    .update(challenges)
    .set({ verifiedAt: now, codeHash: null })
    .where(
      and(
        eq(challenges.id, challengeId),
        isNull(challenges.verifiedAt),
        eq(challenges.codeHash, hashOf(deps.secret, challengeId, code)),
        gt(challenges.codeExpiresAt, nowSql),
      ),
    )
    .returning();
  if (used) {
    await deps.db.update(counters).set({ failures: 0, updatedAt: now }).where(eq(counters.key, key));
    return { status: 'ok', challenge: used };
  }
  if (slot.failures >= rule.maxFailures) return { status: 'blocked', blockedUntil: await block(deps, key, rule.blockMs) };
  return { status: 'wrong', failures: slot.failures, remaining: rule.maxFailures - slot.failures };
}

/** Starts the block unless one runs; answers its end when this call started it. */
async function block(deps: VerificationDeps, key: string, blockMs: number): Promise<Date | null> {
  const now = deps.clock.now();
  const [row] = await deps.db
    .update(counters)
    .set({ blockedUntil: addMs(now, blockMs), updatedAt: now })
    .where(and(eq(counters.key, key), or(isNull(counters.blockedUntil), lte(counters.blockedUntil, now))))
    .returning({ until: counters.blockedUntil });
  return row?.until ?? null;
}

/** When the key's code step is blocked, its end; null otherwise. */
export async function blockedUntil(deps: VerificationDeps, key: string): Promise<Date | null> {
  const [row] = await deps.db.select({ until: counters.blockedUntil }).from(counters).where(eq(counters.key, key));
  return row?.until && row.until > deps.clock.now() ? row.until : null;
}

/** Whether a code of this purpose bound to `binding` was verified since `since` (a "fresh code"). */
export async function verifiedSince(deps: VerificationDeps, binding: string, purposes: VerificationPurpose[], since: Date): Promise<boolean> {
  const rows = await deps.db
    .select({ purpose: challenges.purpose })
    .from(challenges)
    .where(and(eq(challenges.binding, binding), isNotNull(challenges.verifiedAt), gt(challenges.verifiedAt, since)))
    .orderBy(desc(challenges.verifiedAt))
    .limit(10);
  return rows.some((r) => purposes.includes(r.purpose));
}
