import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../db/client';
import { staff, staffSessions, staffTenants, type StaffRole, type StaffSessionStage } from '../db/schema';
import { HOUR_MS, MINUTE_MS, type Clock } from '../lib/clock';
import { newToken, sha256 } from './crypto';

/** A staff session ends after 30 minutes without a request or 12 hours after it opened. */
export const STAFF_IDLE_MS = 30 * MINUTE_MS;
export const STAFF_ABSOLUTE_MS = 12 * HOUR_MS;
/** The password step must be followed by the code within 10 minutes. */
export const STAFF_PASSWORD_STAGE_MS = 10 * MINUTE_MS;

export type StaffSession = { id: string; staffId: string; stage: StaffSessionStage; role: StaffRole; createdAt: Date };

/** The tenants a staff member works for (every back-office query is scoped by them). */
export async function tenantsOf(db: Db, staffId: string): Promise<string[]> {
  const rows = await db.select({ id: staffTenants.tenantId }).from(staffTenants).where(eq(staffTenants.staffId, staffId));
  return rows.map((r) => r.id);
}

/** Staff sessions, as member sessions: a random id in the cookie, its SHA-256 in the table. */
export class StaffSessionStore {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  async open(input: { staffId: string; stage: StaffSessionStage; role: StaffRole; ip?: string }) {
    const cookieValue = newToken();
    const now = this.clock.now();
    const row = {
      id: sha256(cookieValue),
      staffId: input.staffId,
      stage: input.stage,
      role: input.role,
      createdAt: now,
      lastSeenAt: now,
      ip: input.ip ?? null,
    };
    await this.db.insert(staffSessions).values(row);
    return { cookieValue, session: { id: row.id, staffId: row.staffId, stage: row.stage, role: row.role, createdAt: now } satisfies StaffSession };
  }

  /** The session of a cookie, or null; ends it when timed out or when the staff's role or status changed. */
  async resolve(cookieValue: string): Promise<StaffSession | null> {
    const id = sha256(cookieValue);
    const [row] = await this.db
      .select({ s: staffSessions, currentRole: staff.role, active: staff.active })
      .from(staffSessions)
      .innerJoin(staff, eq(staff.id, staffSessions.staffId))
      .where(and(eq(staffSessions.id, id), isNull(staffSessions.endedAt)));
    if (!row) return null;
    const now = this.clock.now().getTime();
    const s = row.s;
    const limit = s.stage === 'PASSWORD' ? STAFF_PASSWORD_STAGE_MS : STAFF_ABSOLUTE_MS;
    const reason =
      !row.active || row.currentRole !== s.role
        ? 'ROLE_CHANGED'
        : now - s.createdAt.getTime() >= limit
          ? 'ABSOLUTE'
          : now - s.lastSeenAt.getTime() >= STAFF_IDLE_MS
            ? 'IDLE'
            : null;
    if (reason) {
      await this.end(id, reason);
      return null;
    }
    if (now - s.lastSeenAt.getTime() >= MINUTE_MS) {
      await this.db
        .update(staffSessions)
        .set({ lastSeenAt: new Date(now) })
        .where(eq(staffSessions.id, id));
    }
    return { id: s.id, staffId: s.staffId, stage: s.stage, role: s.role, createdAt: s.createdAt };
  }

  async end(id: string, reason: string): Promise<boolean> {
    const ended = await this.db
      .update(staffSessions)
      .set({ endedAt: this.clock.now(), endReason: reason })
      .where(and(eq(staffSessions.id, id), isNull(staffSessions.endedAt)))
      .returning({ id: staffSessions.id });
    return ended.length > 0;
  }
}
