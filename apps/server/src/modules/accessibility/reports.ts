import type { AccessibilityReportStatus, TAccessibilityReportInput, TBoAccessibilityReport } from '@mutua/contracts/accessibility-reports';
import { and, desc, eq, inArray, isNotNull, isNull, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { staff } from '../../db/schema';
import { accessibilityReports } from './schema';

type Row = typeof accessibilityReports.$inferSelect;

const statusOf = (r: Pick<Row, 'closedAt' | 'answeredAt'>): AccessibilityReportStatus => (r.closedAt ? 'CLOSED' : r.answeredAt ? 'ANSWERED' : 'OPEN');

/** Stores a report; the same submission key answers the report it already made. */
export async function receiveReport(
  db: Db,
  tenantId: string,
  input: Required<TAccessibilityReportInput>,
  key: string | null,
  now: Date,
): Promise<{ id: string; receivedAt: Date; replayed: boolean }> {
  const [created] = await db
    .insert(accessibilityReports)
    .values({ tenantId, idempotencyKey: key, name: input.name, email: input.email, page: input.page, description: input.description, receivedAt: now })
    .onConflictDoNothing({ target: [accessibilityReports.tenantId, accessibilityReports.idempotencyKey] })
    .returning({ id: accessibilityReports.id, receivedAt: accessibilityReports.receivedAt });
  if (created) return { ...created, replayed: false };
  const [first] = await db
    .select({ id: accessibilityReports.id, receivedAt: accessibilityReports.receivedAt })
    .from(accessibilityReports)
    .where(and(eq(accessibilityReports.tenantId, tenantId), eq(accessibilityReports.idempotencyKey, key!)));
  return { ...first!, replayed: true };
}

const WHERE_STATUS: Record<AccessibilityReportStatus, SQL> = {
  OPEN: and(isNull(accessibilityReports.answeredAt), isNull(accessibilityReports.closedAt))!,
  ANSWERED: and(isNotNull(accessibilityReports.answeredAt), isNull(accessibilityReports.closedAt))!,
  CLOSED: isNotNull(accessibilityReports.closedAt),
};

/** The reports of the staff member's tenants, newest first (one report by id when asked). */
export async function listReports(db: Db, tenantIds: string[], filter: { status?: AccessibilityReportStatus; id?: string }): Promise<TBoAccessibilityReport[]> {
  if (tenantIds.length === 0) return [];
  const rows = await db
    .select({ report: accessibilityReports, answeredBy: staff.displayName })
    .from(accessibilityReports)
    .leftJoin(staff, eq(staff.id, accessibilityReports.answeredBy))
    .where(
      and(
        inArray(accessibilityReports.tenantId, tenantIds),
        filter.status ? WHERE_STATUS[filter.status] : undefined,
        filter.id ? eq(accessibilityReports.id, filter.id) : undefined,
      ),
    )
    .orderBy(desc(accessibilityReports.receivedAt), desc(accessibilityReports.id))
    .limit(200);
  return rows.map(({ report: r, answeredBy }) => ({
    id: r.id,
    tenantId: r.tenantId,
    name: r.name,
    email: r.email,
    page: r.page,
    description: r.description,
    status: statusOf(r),
    receivedAt: r.receivedAt.toISOString(),
    answer: r.answer,
    answeredAt: r.answeredAt?.toISOString() ?? null,
    answeredBy: answeredBy ?? null,
    closedAt: r.closedAt?.toISOString() ?? null,
  }));
}

/** Records the answer once (a second click or a colleague first gets nothing back). */
export async function answerReport(tx: Db, id: string, tenantIds: string[], staffId: string, answer: string, now: Date) {
  const [row] = await tx
    .update(accessibilityReports)
    .set({ answer, answeredAt: now, answeredBy: staffId })
    .where(
      and(
        eq(accessibilityReports.id, id),
        inArray(accessibilityReports.tenantId, tenantIds),
        isNull(accessibilityReports.answeredAt),
        isNull(accessibilityReports.closedAt),
      ),
    )
    .returning();
  return row ?? null;
}

/** Closes an open or answered report once. */
export async function closeReport(db: Db, id: string, tenantIds: string[], staffId: string, now: Date) {
  const [row] = await db
    .update(accessibilityReports)
    .set({ closedAt: now, closedBy: staffId })
    .where(and(eq(accessibilityReports.id, id), inArray(accessibilityReports.tenantId, tenantIds), isNull(accessibilityReports.closedAt)))
    .returning({ id: accessibilityReports.id });
  return row ?? null;
}
