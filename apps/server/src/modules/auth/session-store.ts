import { SESSION_ABSOLUTE_HOURS, SESSION_IDLE_MINUTES } from '@mutua/contracts';
import { and, eq, isNull, ne } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { sessions, type SessionEndReason } from '../../db/schema';
import { HOUR_MS, MINUTE_MS, type Clock } from '../../lib/clock';
import { newToken, sha256 } from './crypto';

export const SESSION_IDLE_MS = SESSION_IDLE_MINUTES * MINUTE_MS;
export const SESSION_ABSOLUTE_MS = SESSION_ABSOLUTE_HOURS * HOUR_MS;
/** last_seen_at is written at most once a minute per session. */
const TOUCH_EVERY_MS = MINUTE_MS;

/** A signed-in session as routes see it. `id` is the stored hash, never the cookie value. */
export type ActiveSession = {
  id: string;
  accountId: string;
  memberId: string;
  tenantId: string;
  isBoAuthentication: boolean;
  createdAt: Date;
};

export type ResolvedSession = { kind: 'active'; session: ActiveSession } | { kind: 'expired'; reason: 'IDLE' | 'ABSOLUTE'; session: ActiveSession } | { kind: 'unknown' };

/**
 * Sessions in PostgreSQL: a 256-bit random id in the cookie, its SHA-256 in the table. A session ends
 * after 30 minutes without a request, 12 hours after it opened, or at logout; an ended id never works again.
 */
export class SessionStore {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  /** Opens a session; returns the cookie value (shown once, stored hashed). */
  async open(input: { accountId: string; memberId: string; tenantId: string; isBoAuthentication?: boolean; ip?: string; userAgent?: string }) {
    const cookieValue = newToken();
    const now = this.clock.now();
    const row = {
      id: sha256(cookieValue),
      accountId: input.accountId,
      memberId: input.memberId,
      tenantId: input.tenantId,
      isBoAuthentication: input.isBoAuthentication ?? false,
      createdAt: now,
      lastSeenAt: now,
      ip: input.ip ?? null,
      userAgent: input.userAgent?.slice(0, 300) ?? null,
    };
    await this.db.insert(sessions).values(row);
    const session: ActiveSession = {
      id: row.id,
      accountId: row.accountId,
      memberId: row.memberId,
      tenantId: row.tenantId,
      isBoAuthentication: row.isBoAuthentication,
      createdAt: now,
    };
    return { cookieValue, session };
  }

  /** Finds the session of a cookie value, ends it when it timed out, and records the activity. */
  async resolve(cookieValue: string): Promise<ResolvedSession> {
    const id = sha256(cookieValue);
    const [row] = await this.db.select().from(sessions).where(and(eq(sessions.id, id), isNull(sessions.endedAt)));
    if (!row) return { kind: 'unknown' };
    const session: ActiveSession = {
      id: row.id,
      accountId: row.accountId,
      memberId: row.memberId,
      tenantId: row.tenantId,
      isBoAuthentication: row.isBoAuthentication,
      createdAt: row.createdAt,
    };
    const now = this.clock.now().getTime();
    const reason = now - row.createdAt.getTime() >= SESSION_ABSOLUTE_MS ? 'ABSOLUTE' : now - row.lastSeenAt.getTime() >= SESSION_IDLE_MS ? 'IDLE' : null;
    if (reason) {
      const ended = await this.end(id, reason);
      return ended ? { kind: 'expired', reason, session } : { kind: 'unknown' };
    }
    if (now - row.lastSeenAt.getTime() >= TOUCH_EVERY_MS) {
      await this.db.update(sessions).set({ lastSeenAt: new Date(now) }).where(and(eq(sessions.id, id), isNull(sessions.endedAt)));
    }
    return { kind: 'active', session };
  }

  /** Ends one session; false when it had already ended. */
  async end(id: string, reason: SessionEndReason): Promise<boolean> {
    const ended = await this.db
      .update(sessions)
      .set({ endedAt: this.clock.now(), endReason: reason })
      .where(and(eq(sessions.id, id), isNull(sessions.endedAt)))
      .returning({ id: sessions.id });
    return ended.length > 0;
  }

  /** Ends every open session of a member (password reset or change), except the one given. */
  async endAllOfMember(memberId: string, reason: SessionEndReason, exceptId?: string): Promise<number> {
    const ended = await this.db
      .update(sessions)
      .set({ endedAt: this.clock.now(), endReason: reason })
      .where(and(eq(sessions.memberId, memberId), isNull(sessions.endedAt), exceptId ? ne(sessions.id, exceptId) : undefined))
      .returning({ id: sessions.id });
    return ended.length;
  }
}
