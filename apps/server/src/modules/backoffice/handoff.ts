import { BO_SESSION_MINUTES, HANDOFF_TTL_SECONDS, boModeOf, type BoMode, type StaffRole } from '@mutua/contracts/backoffice';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { accounts, handoffTokens, members, staff, staffSessions } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { newToken, sha256 } from '../auth/public';
import { tenantsOf } from '../../core/staff-sessions';

/** A one-time token (30 s, single use) opening the member's space for the staff session that asked. */
export async function createHandoff(
  db: Db,
  clock: Clock,
  input: { staffId: string; staffSessionId: string; role: StaffRole; memberId: string; mode: BoMode; reason: string | null },
): Promise<{ token: string; tenantId: string; expiresAt: Date } | null> {
  const [member] = await db.select({ id: members.id, tenantId: members.tenantId }).from(members).where(eq(members.id, input.memberId));
  if (!member || !(await tenantsOf(db, input.staffId)).includes(member.tenantId)) return null;
  if (boModeOf(input.role) !== input.mode) throw new AppError('FORBIDDEN');
  // Never a staff member's own member space, nor another staff member's.
  const [isStaff] = await db.select({ id: staff.id }).from(staff).where(eq(staff.memberId, member.id)).limit(1);
  const [account] = await db.select({ id: accounts.id }).from(accounts).where(eq(accounts.memberId, member.id));
  if (isStaff || !account) throw new AppError('HANDOFF_REFUSED');
  const token = newToken();
  const now = clock.now();
  const expiresAt = new Date(now.getTime() + HANDOFF_TTL_SECONDS * 1000);
  await db.insert(handoffTokens).values({
    id: sha256(token),
    staffId: input.staffId,
    staffSessionId: input.staffSessionId,
    memberId: member.id,
    tenantId: member.tenantId,
    mode: input.mode,
    reason: input.reason,
    createdAt: now,
    expiresAt,
  });
  return { token, tenantId: member.tenantId, expiresAt };
}

/** Uses a token once, on its member's tenant, while its staff session is active with the same role. */
export async function consumeHandoff(db: Db, clock: Clock, token: string, tenantId: string) {
  const now = clock.now();
  const [used] = await db
    .update(handoffTokens)
    .set({ usedAt: now })
    .where(and(eq(handoffTokens.id, sha256(token)), isNull(handoffTokens.usedAt), gt(handoffTokens.expiresAt, now), eq(handoffTokens.tenantId, tenantId)))
    .returning();
  if (!used) throw new AppError('HANDOFF_INVALID');
  const [live] = await db
    .select({ role: staffSessions.role, currentRole: staff.role })
    .from(staffSessions)
    .innerJoin(staff, eq(staff.id, staffSessions.staffId))
    .where(and(eq(staffSessions.id, used.staffSessionId), isNull(staffSessions.endedAt), eq(staffSessions.stage, 'ACTIVE'), eq(staff.active, true)));
  if (!live || live.role !== live.currentRole || boModeOf(live.currentRole) !== used.mode) throw new AppError('HANDOFF_INVALID');
  const [account] = await db.select({ id: accounts.id }).from(accounts).where(eq(accounts.memberId, used.memberId));
  if (!account) throw new AppError('HANDOFF_INVALID');
  return { ...used, accountId: account.id };
}

export const BO_SESSION_MS = BO_SESSION_MINUTES * 60_000;
