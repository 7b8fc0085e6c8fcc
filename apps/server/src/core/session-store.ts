import { SESSION_ABSOLUTE_HOURS, SESSION_IDLE_MINUTES } from '@mutua/contracts/auth';
import { and, eq, isNull, ne } from 'drizzle-orm';
import type { Db } from '../db/client';
import { sessions, staffSessions, type SessionEndReason } from '../db/schema';
import { HOUR_MS, MINUTE_MS, type Clock } from '../lib/clock';
import { ReadCache } from '../lib/read-cache';
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
  /** Back-office sessions (handoff): read-only or derogation, the staff member, the staff session and the reason. */
  bo?: { mode: 'READ_ONLY' | 'DEROGATION'; staffId: string; staffSessionId: string; reason: string | null } | null;
};

type SessionRow = Pick<
  typeof sessions.$inferSelect,
  'id' | 'accountId' | 'memberId' | 'tenantId' | 'isBoAuthentication' | 'createdAt' | 'boMode' | 'staffId' | 'staffSessionId' | 'boReason'
>;

/** The session a stored row stands for. */
function activeSessionOf(row: SessionRow): ActiveSession {
  const { id, accountId, memberId, tenantId, isBoAuthentication, createdAt, boMode, staffId, staffSessionId, boReason } = row;
  const bo = boMode && staffId && staffSessionId ? { mode: boMode, staffId, staffSessionId, reason: boReason } : null;
  return { id, accountId, memberId, tenantId, isBoAuthentication, createdAt, bo };
}

/** A member session opened from the back office ends 30 minutes after it opened, whatever the activity. */
export const BO_SESSION_ABSOLUTE_MS = 30 * MINUTE_MS;

export type ResolvedSession =
  { kind: 'active'; session: ActiveSession } | { kind: 'expired'; reason: 'IDLE' | 'ABSOLUTE'; session: ActiveSession } | { kind: 'unknown' };

/**
 * Sessions in PostgreSQL: a 256-bit random id in the cookie, its SHA-256 in the table. A session ends
 * after 30 minutes without a request, 12 hours after it opened, or at logout; an ended id never works again.
 */
export class SessionStore {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    /** Open sessions' rows kept in memory (dropped when a session ends or is touched, here or elsewhere). */
    private readonly cache: ReadCache = ReadCache.off(clock),
  ) {}

  /** Opens a session; returns the cookie value (shown once, stored hashed). */
  async open(input: {
    accountId: string;
    memberId: string;
    tenantId: string;
    isBoAuthentication?: boolean;
    bo?: ActiveSession['bo'];
    ip?: string;
    userAgent?: string;
  }) {
    const cookieValue = newToken();
    const now = this.clock.now();
    const row = {
      id: sha256(cookieValue),
      accountId: input.accountId,
      memberId: input.memberId,
      tenantId: input.tenantId,
      isBoAuthentication: input.isBoAuthentication ?? !!input.bo,
      boMode: input.bo?.mode ?? null,
      staffId: input.bo?.staffId ?? null,
      staffSessionId: input.bo?.staffSessionId ?? null,
      boReason: input.bo?.reason ?? null,
      createdAt: now,
      lastSeenAt: now,
      ip: input.ip ?? null,
      userAgent: input.userAgent?.slice(0, 300) ?? null,
    };
    await this.db.insert(sessions).values(row);
    const session = activeSessionOf(row);
    return { cookieValue, session };
  }

  /** Finds the session of a cookie value, ends it when it timed out, and records the activity. */
  async resolve(cookieValue: string): Promise<ResolvedSession> {
    const id = sha256(cookieValue);
    // An unknown id is not kept (null never is): a flood of made-up cookies does not fill the cache.
    const row = await this.cache.get(`session:${id}`, [`s:${id}`], async () => {
      const [found] = await this.db
        .select()
        .from(sessions)
        .where(and(eq(sessions.id, id), isNull(sessions.endedAt)));
      return found ?? null;
    });
    if (!row) return { kind: 'unknown' };
    const session = activeSessionOf(row);
    const now = this.clock.now().getTime();
    if (row.staffSessionId && !(await this.staffSessionActive(row.staffSessionId, now))) {
      await this.end(id, 'STAFF_SESSION_ENDED');
      return { kind: 'unknown' };
    }
    const absolute = row.boMode ? BO_SESSION_ABSOLUTE_MS : SESSION_ABSOLUTE_MS;
    const reason = now - row.createdAt.getTime() >= absolute ? 'ABSOLUTE' : now - row.lastSeenAt.getTime() >= SESSION_IDLE_MS ? 'IDLE' : null;
    if (reason) {
      const ended = await this.end(id, reason);
      return ended ? { kind: 'expired', reason, session } : { kind: 'unknown' };
    }
    if (now - row.lastSeenAt.getTime() >= TOUCH_EVERY_MS) {
      await this.db
        .update(sessions)
        .set({ lastSeenAt: new Date(now) })
        .where(and(eq(sessions.id, id), isNull(sessions.endedAt)));
      this.cache.forget(`s:${id}`);
    }
    return { kind: 'active', session };
  }

  /** Whether the staff session behind a back-office member session is still signed in (not ended, not idle). */
  private async staffSessionActive(staffSessionId: string, now: number): Promise<boolean> {
    const [row] = await this.db
      .select({ lastSeenAt: staffSessions.lastSeenAt })
      .from(staffSessions)
      .where(and(eq(staffSessions.id, staffSessionId), isNull(staffSessions.endedAt), eq(staffSessions.stage, 'ACTIVE')));
    return !!row && now - row.lastSeenAt.getTime() < SESSION_IDLE_MS;
  }

  /** Ends one session; false when it had already ended. */
  async end(id: string, reason: SessionEndReason): Promise<boolean> {
    const ended = await this.db
      .update(sessions)
      .set({ endedAt: this.clock.now(), endReason: reason })
      .where(and(eq(sessions.id, id), isNull(sessions.endedAt)))
      .returning({ id: sessions.id });
    this.cache.forget(`s:${id}`);
    return ended.length > 0;
  }

  /** Ends the member sessions opened from one staff session (staff logout, expiry, role change). */
  async endAllOfStaffSession(staffSessionId: string): Promise<number> {
    const ended = await this.db
      .update(sessions)
      .set({ endedAt: this.clock.now(), endReason: 'STAFF_SESSION_ENDED' })
      .where(and(eq(sessions.staffSessionId, staffSessionId), isNull(sessions.endedAt)))
      .returning({ id: sessions.id });
    this.cache.forget(...ended.map((s) => `s:${s.id}` as const));
    return ended.length;
  }

  /** Ends every open session of a member (password reset or change), except the one given. */
  async endAllOfMember(memberId: string, reason: SessionEndReason, exceptId?: string): Promise<number> {
    const ended = await this.db
      .update(sessions)
      .set({ endedAt: this.clock.now(), endReason: reason })
      .where(and(eq(sessions.memberId, memberId), isNull(sessions.endedAt), exceptId ? ne(sessions.id, exceptId) : undefined))
      .returning({ id: sessions.id });
    this.cache.forget(...ended.map((s) => `s:${s.id}` as const));
    return ended.length;
  }
}
