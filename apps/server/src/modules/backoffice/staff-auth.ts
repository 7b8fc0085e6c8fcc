import { ACCOUNT_BLOCK_HOURS, PASSWORD_MAX_FAILURES } from '@mutua/contracts/auth';
import type { TStaffProfile } from '@mutua/contracts/backoffice';
import { STAFF_IP_BLOCK_MINUTES, STAFF_IP_MAX_FAILURES } from '@mutua/contracts/backoffice-admin';
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../db/client';
import { staff, staffTenants, tenants, type StaffRow } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { HOUR_MS, MINUTE_MS, type Clock } from '../../lib/clock';
import type { AuditLog } from '../audit/public';
import { Counters, verifyPassword, type CounterRule } from '../auth/public';
import type { StaffSessionStore } from '../../core/staff-sessions';
import { enrolmentQr, matchTotpStep, newRecoveryCodes, newTotpSecret, openSecret, recoveryHash, sealSecret } from './totp';

export type StaffAuthDeps = { db: Db; clock: Clock; audit: AuditLog; secret: string; store: StaffSessionStore };

export async function staffProfile(db: Db, staffId: string): Promise<TStaffProfile & { memberId: string | null }> {
  const [row] = await db.select().from(staff).where(eq(staff.id, staffId));
  if (!row) throw new AppError('UNAUTHENTICATED');
  const scoped = await db
    .select({ id: tenants.id, name: tenants.name })
    .from(staffTenants)
    .innerJoin(tenants, eq(tenants.id, staffTenants.tenantId))
    .where(eq(staffTenants.staffId, staffId))
    .orderBy(tenants.name);
  return { id: row.id, email: row.email, displayName: row.displayName, role: row.role, tenants: scoped, memberId: row.memberId };
}

const audit = (deps: StaffAuthDeps, request: FastifyRequest, kind: string, staffId: string | null, details: Record<string, unknown> = {}) =>
  deps.audit.record({ kind, tenantId: null, ip: request.ip, details: { staffId, ...details } });

/** Staff sign-in failures per IP address, any account (the members' IP counter, its own key). */
export const STAFF_IP_RULE: CounterRule = {
  windowMs: STAFF_IP_BLOCK_MINUTES * MINUTE_MS,
  max: STAFF_IP_MAX_FAILURES,
  blockMs: STAFF_IP_BLOCK_MINUTES * MINUTE_MS,
};
export const staffIpKey = (ip: string) => `staff-ip-fail:${ip}`;

async function refuseBlockedIp(deps: StaffAuthDeps, request: FastifyRequest) {
  if (await new Counters(deps.db, deps.clock).blockedUntil(staffIpKey(request.ip))) throw new AppError('RATE_LIMITED');
}
async function recordIpFailure(deps: StaffAuthDeps, request: FastifyRequest) {
  const state = await new Counters(deps.db, deps.clock).hit(staffIpKey(request.ip), STAFF_IP_RULE);
  if (state.hits === STAFF_IP_RULE.max) await audit(deps, request, 'STAFF_IP_BLOCKED', null, { until: state.blockedUntil?.toISOString() });
}

/**
 * A wrong password or code: the 5th in a row blocks the account for 3 hours, as for members. Counted by
 * one UPDATE on the row's current value, so parallel failures on several instances are never lost.
 */
async function recordFailure(deps: StaffAuthDeps, request: FastifyRequest, row: StaffRow, what: 'PASSWORD' | 'CODE' | 'CODE_REPLAYED') {
  await recordIpFailure(deps, request);
  const until = new Date(deps.clock.now().getTime() + ACCOUNT_BLOCK_HOURS * HOUR_MS);
  const reaches = sql`${staff.consecutiveFailures} + 1 >= ${PASSWORD_MAX_FAILURES}`;
  const [counted] = await deps.db
    .update(staff)
    .set({
      consecutiveFailures: sql`CASE WHEN ${reaches} THEN 0 ELSE ${staff.consecutiveFailures} + 1 END`,
      blockedUntil: sql`CASE WHEN ${reaches} THEN ${until.toISOString()}::timestamptz ELSE ${staff.blockedUntil} END`,
    })
    .where(eq(staff.id, row.id))
    .returning({ blockedUntil: staff.blockedUntil });
  const blocked = counted?.blockedUntil?.getTime() === until.getTime();
  await audit(deps, request, blocked ? 'STAFF_BLOCKED' : 'STAFF_LOGIN_FAILED', row.id, { step: what });
  if (blocked) throw new AppError('ACCOUNT_BLOCKED');
}

const isBlocked = (deps: StaffAuthDeps, row: StaffRow) => !!row.blockedUntil && row.blockedUntil > deps.clock.now();

/** Opens a session and points the request at it, so the anti-forgery token issued next is bound to it. */
async function openSession(deps: StaffAuthDeps, request: FastifyRequest, reply: FastifyReply, row: StaffRow, stage: 'PASSWORD' | 'ACTIVE') {
  const { cookieValue, session } = await deps.store.open({ staffId: row.id, stage, role: row.role, ip: request.ip });
  reply.setStaffCookie(cookieValue);
  request.staffSession = session;
  reply.issueXsrfToken();
}

/** Step 1: e-mail and password. One argon2 verification whether the e-mail exists or not. */
export async function staffLogin(deps: StaffAuthDeps, request: FastifyRequest, reply: FastifyReply, input: { email: string; password: string }) {
  await refuseBlockedIp(deps, request);
  const [row] = await deps.db.select().from(staff).where(eq(staff.email, input.email));
  const usable = row && row.active ? row : null;
  if (usable && isBlocked(deps, usable)) {
    await verifyPassword(null, input.password);
    throw new AppError('ACCOUNT_BLOCKED');
  }
  const ok = await verifyPassword(usable?.passwordHash ?? null, input.password);
  if (!usable || !ok) {
    if (usable) await recordFailure(deps, request, usable, 'PASSWORD');
    else {
      await recordIpFailure(deps, request);
      await audit(deps, request, 'STAFF_LOGIN_FAILED', null, { step: 'PASSWORD' });
    }
    throw new AppError('INVALID_CREDENTIALS');
  }
  if (request.staffSession) await deps.store.end(request.staffSession.id, 'REPLACED');
  await openSession(deps, request, reply, usable, 'PASSWORD');
  await audit(deps, request, 'STAFF_PASSWORD_OK', usable.id);
  return { next: usable.totpConfirmedAt ? ('TOTP' as const) : ('ENROL' as const) };
}

async function pendingStaff(deps: StaffAuthDeps, request: FastifyRequest): Promise<StaffRow> {
  const pending = request.staffSession;
  if (pending?.stage !== 'PASSWORD') throw new AppError('STAFF_STEP_MISSING');
  const [row] = await deps.db.select().from(staff).where(eq(staff.id, pending.staffId));
  if (!row) throw new AppError('STAFF_STEP_MISSING');
  return row;
}

/** First sign-in: the secret to scan (kept until enrolment is confirmed by a first good code). */
export async function staffEnrolment(deps: StaffAuthDeps, request: FastifyRequest) {
  const row = await pendingStaff(deps, request);
  if (row.totpConfirmedAt) throw new AppError('FORBIDDEN');
  let secret = row.totpSecret ? openSecret(deps.secret, row.totpSecret) : null;
  if (!secret) {
    // Set only where none is: two parallel first visits show the same secret (the one kept).
    await deps.db
      .update(staff)
      .set({ totpSecret: sealSecret(deps.secret, newTotpSecret()) })
      .where(and(eq(staff.id, row.id), isNull(staff.totpSecret)));
    const [kept] = await deps.db.select({ totpSecret: staff.totpSecret }).from(staff).where(eq(staff.id, row.id));
    secret = openSecret(deps.secret, kept!.totpSecret!);
  }
  return { qrDataUrl: await enrolmentQr(secret, row.email), secret };
}

/** Step 2: the authenticator's code (or a recovery code once enrolled); opens the signed-in session. */
export async function staffTotp(deps: StaffAuthDeps, request: FastifyRequest, reply: FastifyReply, code: string) {
  const row = await pendingStaff(deps, request);
  await refuseBlockedIp(deps, request);
  if (isBlocked(deps, row)) throw new AppError('ACCOUNT_BLOCKED');
  if (!row.totpSecret) throw new AppError('STAFF_STEP_MISSING');
  const now = deps.clock.now();
  let recoveryUsed = false;
  const step = /^\d{6}$/.test(code) ? matchTotpStep(openSecret(deps.secret, row.totpSecret), code, now) : null;
  let ok = step !== null;
  if (step !== null) {
    // A code works once: its time step must be later than the last one accepted (atomic, every instance).
    const [taken] = await deps.db
      .update(staff)
      .set({ totpLastStep: step })
      .where(and(eq(staff.id, row.id), or(isNull(staff.totpLastStep), lt(staff.totpLastStep, step))))
      .returning({ id: staff.id });
    if (!taken) {
      await recordFailure(deps, request, row, 'CODE_REPLAYED');
      throw new AppError('STAFF_CODE_INVALID');
    }
  }
  if (!ok && row.totpConfirmedAt && code.includes('-')) {
    // Used once: removed by the UPDATE that finds it still there (of two parallel sign-ins, one wins).
    const hash = recoveryHash(code);
    const [taken] = await deps.db
      .update(staff)
      .set({ recoveryCodeHashes: sql`array_remove(${staff.recoveryCodeHashes}, ${hash})` })
      .where(and(eq(staff.id, row.id), sql`${hash} = ANY(${staff.recoveryCodeHashes})`))
      .returning({ id: staff.id });
    ok = recoveryUsed = !!taken;
  }
  if (!ok) {
    await recordFailure(deps, request, row, 'CODE');
    throw new AppError('STAFF_CODE_INVALID');
  }
  let recoveryCodes: string[] | null = null;
  if (!row.totpConfirmedAt) {
    // The first confirmed code gives the recovery codes, once, even to two parallel confirmations.
    const codes = newRecoveryCodes();
    const [confirmed] = await deps.db
      .update(staff)
      .set({ totpConfirmedAt: now, recoveryCodeHashes: codes.map(recoveryHash) })
      .where(and(eq(staff.id, row.id), isNull(staff.totpConfirmedAt)))
      .returning({ id: staff.id });
    if (confirmed) recoveryCodes = codes;
  }
  await deps.db.update(staff).set({ consecutiveFailures: 0 }).where(eq(staff.id, row.id));
  await deps.store.end(request.staffSession!.id, 'REPLACED');
  await openSession(deps, request, reply, row, 'ACTIVE');
  await audit(deps, request, 'STAFF_SIGNED_IN', row.id, { enrolled: recoveryCodes !== null, recoveryUsed });
  const { memberId: _memberId, ...profile } = await staffProfile(deps.db, row.id);
  return { staff: profile, recoveryCodes };
}
