import { AUDIT_SEARCH_LIMIT, type TAuditEntry, type TAuditQuery } from '@mutua/contracts/backoffice';
import { and, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { auditEvents, members, staff } from '../../db/schema';

const isUuid = (v: string) => v.length === 36 && v.includes('-');

/**
 * The audit rows of the tenants in `scope` that match every filter given, the most recent first. A
 * member is found by id or membership number, a staff member by id or e-mail; a name that matches no
 * one matches no row (never every row).
 */
export async function searchAudit(db: Db, scope: string[], q: TAuditQuery): Promise<TAuditEntry[]> {
  if (scope.length === 0) return [];
  const where: SQL[] = [inArray(auditEvents.tenantId, scope)];
  if (q.member) {
    const ids = isUuid(q.member)
      ? [q.member]
      : (
          await db
            .select({ id: members.id })
            .from(members)
            .where(and(eq(members.membershipNumber, q.member), inArray(members.tenantId, scope)))
        ).map((m) => m.id);
    if (ids.length === 0) return [];
    where.push(inArray(auditEvents.memberId, ids));
  }
  if (q.staff) {
    const id = isUuid(q.staff)
      ? q.staff
      : (
          await db
            .select({ id: staff.id })
            .from(staff)
            .where(eq(sql`lower(${staff.email})`, q.staff.toLowerCase()))
        )[0]?.id;
    if (!id) return [];
    where.push(sql`${auditEvents.details}->>'staffId' = ${id}`);
  }
  if (q.case) where.push(sql`${auditEvents.details}->>'caseId' = ${q.case}`);
  if (q.session) where.push(sql`${auditEvents.details}->>'session' = ${q.session.toLowerCase()}`);
  // Days as staff read them: Paris calendar days, both ends included.
  if (q.from) where.push(sql`(${auditEvents.at} at time zone 'Europe/Paris')::date >= ${q.from}::date`);
  if (q.to) where.push(sql`(${auditEvents.at} at time zone 'Europe/Paris')::date <= ${q.to}::date`);
  if (q.kind) where.push(eq(auditEvents.kind, q.kind));
  if (q.entered === 'true') where.push(sql`${auditEvents.details} ? 'mode'`);
  const rows = await db
    .select({ row: auditEvents, membershipNumber: members.membershipNumber })
    .from(auditEvents)
    .leftJoin(members, eq(members.id, auditEvents.memberId))
    .where(and(...where))
    .orderBy(desc(auditEvents.at), desc(auditEvents.id))
    .limit(AUDIT_SEARCH_LIMIT);
  const staffIds = [...new Set(rows.map((r) => r.row.details.staffId).filter((v): v is string => typeof v === 'string' && isUuid(v)))];
  const people = staffIds.length
    ? await db.select({ id: staff.id, displayName: staff.displayName, email: staff.email }).from(staff).where(inArray(staff.id, staffIds))
    : [];
  const byId = new Map(people.map((p) => [p.id, p]));
  return rows.map(({ row, membershipNumber }) => ({
    id: row.id,
    at: row.at.toISOString(),
    tenantId: row.tenantId,
    memberId: row.memberId,
    membershipNumber,
    kind: row.kind,
    staff: typeof row.details.staffId === 'string' ? (byId.get(row.details.staffId) ?? null) : null,
    session: typeof row.details.session === 'string' ? row.details.session : null,
    details: row.details,
  }));
}
