import { deadlineState, type TCaseDetail, type TCaseQuery, type TCaseSummary } from '@mutua/contracts/backoffice';
import { caseEffectOf } from '@mutua/contracts/backoffice-approvals';
import { formatDate } from '@mutua/contracts/french-format';
import { isStepAllowed, requestKindLabel, statusBadgeLabel, timelineStepLabel, timelineStepsOf } from '@mutua/contracts/request-kinds';
import {
  CLAIM_ANSWER_DAYS,
  MESSAGE_KIND_CODES,
  isClaimKind,
  isFinalStep,
  messageKindOf,
  timelineStepLink,
  type RequestType,
  type StatusKey,
  type TimelineStep,
} from '@mutua/contracts/requests';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { caseNotes, cases, contacts, requestGroups, requestMessages, requestSteps, requests, staff, staffTenants } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { tenantsOf } from '../../core/staff-sessions';
import { listRequestGroups } from '../requests/public';
import { refundChangeOfCase } from '../bank-details/public';

const PAGE = 50;

export type CaseRow = {
  request_id: string;
  tenant_id: string;
  member_id: string;
  type_code: number;
  state: 'OPEN' | 'CLOSED';
  assignee_id: string | null;
  assignee_name: string | null;
  priority: number;
  due_at: Date | string;
  ack_due_at: Date | string | null;
  next_due_at: Date | string;
  created_at: Date | string;
  title: string;
  status_key: StatusKey;
  type: RequestType;
  code_name: string;
  membership_number: string;
  first_name: string | null;
  sur_name: string | null;
};

const iso = (d: Date | string) => new Date(d).toISOString();

/**
 * The deadlines as stored: the SLA's, and for a complaint the complaints rule's (acknowledgement in 10
 * jours ouvrables until it is acknowledged, answer in 2 months, or the SLA if sooner — written by
 * migration 0117's trigger). `next_due_at`, the earliest, orders the queue: what is shown is what sorts.
 */
function deadlinesOf(row: CaseRow) {
  return { dueAt: new Date(row.due_at), ackDueAt: row.ack_due_at ? new Date(row.ack_due_at) : null, earliest: new Date(row.next_due_at) };
}

function summaryOf(row: CaseRow, now: Date): TCaseSummary {
  const deadlines = deadlinesOf(row);
  return {
    id: row.request_id,
    tenantId: row.tenant_id,
    memberId: row.member_id,
    memberName: [row.first_name, row.sur_name].filter(Boolean).join(' ') || row.membership_number,
    membershipNumber: row.membership_number,
    type: row.type,
    typeCode: row.type_code,
    kindLabel: requestKindLabel(row.type, row.code_name) ?? row.code_name,
    title: row.title,
    statusKey: row.status_key,
    statusLabel: statusBadgeLabel({ type: row.type, typeCode: row.type_code, statusKey: row.status_key }),
    state: row.state,
    assignee: row.assignee_id ? { id: row.assignee_id, displayName: row.assignee_name ?? '' } : null,
    priority: row.priority,
    dueAt: deadlines.dueAt.toISOString(),
    ackDueAt: deadlines.ackDueAt?.toISOString() ?? null,
    deadline: deadlineState(deadlines.earliest, now, row.state === 'CLOSED'),
    createdAt: iso(row.created_at),
  };
}

const SELECT_CASE = sql`
  select c.request_id, c.tenant_id, c.member_id, c.type_code, c.state, c.assignee_id, s.display_name as assignee_name, c.priority,
         c.due_at, c.ack_due_at, c.next_due_at, c.created_at, r.title, r.status_key, rt.type, rt.code_name, m.membership_number, b.first_name, b.sur_name
  from cases c
  join requests r on r.id = c.request_id
  join request_types rt on rt.type_code = c.type_code
  join members m on m.id = c.member_id
  left join beneficiaries b on b.member_id = c.member_id and b.family_position = 1
  left join staff s on s.id = c.assignee_id`;

/** The queue: cases of the staff's tenants by deadline, 50 at a time (keyset on deadline and id). */
export async function listCases(db: Db, staffId: string, q: TCaseQuery, now: Date) {
  const scope = await tenantsOf(db, staffId);
  const tenantIds = q.tenant ? scope.filter((t) => t === q.tenant) : scope;
  if (tenantIds.length === 0) return { items: [], next: null };
  const where = [sql`c.state = ${q.state}`];
  if (q.view === 'mine') where.push(sql`c.assignee_id = ${staffId}`);
  if (q.view === 'unassigned') where.push(sql`c.assignee_id is null`);
  if (q.type) where.push(sql`c.type_code in (select type_code from request_types where type = ${q.type})`);
  if (q.member) where.push(sql`c.member_id = ${q.member}`);
  if (q.after) {
    const [at, id] = q.after.split('|');
    const date = new Date(at ?? '');
    if (Number.isNaN(date.getTime()) || !id || !/^[0-9a-f-]{36}$/i.test(id)) throw new AppError('VALIDATION_FAILED');
    where.push(sql`(c.next_due_at, c.request_id) > (${date.toISOString()}::timestamptz, ${id}::uuid)`);
  }
  // One page per tenant, each read in its index's order and stopped at the page's size, then merged:
  // a filter on several tenants at once would read and sort every open case of all of them.
  const pages = tenantIds.map(
    (tenantId) =>
      sql`(select c.request_id from cases c where c.tenant_id = ${tenantId} and ${sql.join(where, sql` and `)} order by c.next_due_at, c.request_id limit ${PAGE + 1})`,
  );
  const result = await db.execute(
    sql`${SELECT_CASE} where c.request_id in (${sql.join(pages, sql` union all `)}) order by c.next_due_at, c.request_id limit ${PAGE + 1}`,
  );
  const rows = (result as unknown as { rows: CaseRow[] }).rows;
  const items = rows.slice(0, PAGE).map((r) => summaryOf(r, now));
  // The cursor is the last row's sort key itself, so the next page starts exactly after it.
  const last = rows.length > PAGE ? rows[PAGE - 1] : undefined;
  return { items, next: last ? `${iso(last.next_due_at)}|${last.request_id}` : null };
}

/** One case of the staff's tenants, or null (another tenant's case reads as missing). */
export async function findCaseRow(db: Db, staffId: string, caseId: string): Promise<CaseRow | null> {
  const scope = await tenantsOf(db, staffId);
  if (scope.length === 0) return null;
  const result = await db.execute(
    sql`${SELECT_CASE} where c.request_id = ${caseId} and c.tenant_id in (${sql.join(
      scope.map((t) => sql`${t}`),
      sql`, `,
    )})`,
  );
  return (result as unknown as { rows: CaseRow[] }).rows[0] ?? null;
}

/** The steps an agent may move a case to: the rest of the kind's nominal path (and waiting steps where allowed). */
export function nextStepsOf(type: RequestType, typeCode: number, reached: readonly TimelineStep[]): TimelineStep[] {
  const path = timelineStepsOf(type, typeCode);
  const lastOnPath = Math.max(-1, ...reached.map((s) => path.indexOf(s)));
  const rest = path.slice(lastOnPath + 1);
  const waiting: TimelineStep[] = type === 'bill' || type === 'supporting_document' ? ['waiting_information'] : [];
  return [...waiting.filter((s) => isStepAllowed(type, typeCode, s) && reached.at(-1) !== s), ...rest];
}

export async function caseDetail(db: Db, staffId: string, caseId: string, now: Date): Promise<TCaseDetail | null> {
  const row = await findCaseRow(db, staffId, caseId);
  if (!row) return null;
  const groups = await listRequestGroups(db, row.member_id);
  const request = groups.flatMap((g) => g.requests).find((r) => r.id === caseId);
  if (!request) return null;
  const notes = await db
    .select({ id: caseNotes.id, body: caseNotes.body, createdAt: caseNotes.createdAt, staffId: staff.id, staffName: staff.displayName })
    .from(caseNotes)
    .innerJoin(staff, eq(staff.id, caseNotes.staffId))
    .where(eq(caseNotes.requestId, caseId))
    .orderBy(asc(caseNotes.createdAt));
  const [contact] = await db.select({ email: contacts.email }).from(contacts).where(eq(contacts.memberId, row.member_id)).limit(1);
  const colleagues = await db
    .selectDistinct({ id: staff.id, displayName: staff.displayName })
    .from(staff)
    .innerJoin(staffTenants, eq(staffTenants.staffId, staff.id))
    .where(and(eq(staffTenants.tenantId, row.tenant_id), eq(staff.active, true), inArray(staff.role, ['agent', 'manager', 'derogator'])))
    .orderBy(staff.displayName);
  const summary = summaryOf(row, now);
  const next =
    row.state === 'OPEN'
      ? nextStepsOf(
          row.type,
          row.type_code,
          request.statusList.map((s) => s.step),
        ).filter((s) => !(caseEffectOf(row.type, row.type_code) && isFinalStep(s)))
      : [];
  return {
    ...summary,
    member: { id: row.member_id, name: summary.memberName, membershipNumber: row.membership_number, email: contact?.email ?? null, adviserCode: null },
    statusList: request.statusList,
    // The parts asked about this case (10005, in its group) and the member's answer with its files belong to its exchanges.
    messages: [
      ...request.messages,
      ...groups
        .filter((g) => g.id === request.groupId)
        .flatMap((g) => g.requests.filter((r) => r.id !== request.id && r.typeCode === MESSAGE_KIND_CODES.request_additional_parts))
        .flatMap((r) => r.messages),
    ].sort((a, b) => a.createdAt.localeCompare(b.createdAt)),
    notes: notes.map((n) => ({ id: n.id, body: n.body, createdAt: n.createdAt.toISOString(), staff: { id: n.staffId, displayName: n.staffName } })),
    nextSteps: next.map((step) => ({ step, label: timelineStepLabel(row.type, row.type_code, step) })),
    staff: colleagues,
    bankChange:
      caseEffectOf(row.type, row.type_code) === 'refund_bank_details' ? await refundChangeOfCase(db, { requestId: caseId, memberId: row.member_id }) : null,
  };
}

/** The status a request shows once it reached a step. */
export function statusOfStep(step: TimelineStep): StatusKey {
  if (isFinalStep(step)) return 'done';
  switch (step) {
    case 'check_in_progress':
    case 'check_done':
      return 'check_in_progress';
    case 'study':
      return 'study';
    case 'received':
    case 'request_sent':
      return 'request_sent';
    case 'in_progress':
    case 'printing':
    case 'answered':
      return 'in_progress';
    default:
      return 'to_process';
  }
}

/** What a step does beyond the timeline, per kind: each request kind plugs its effect in here. */
export type CaseStepContext = {
  tx: Db;
  caseId: string;
  memberId: string;
  type: RequestType;
  typeCode: number;
  step: TimelineStep;
  now: Date;
  decided: boolean;
};
export type CaseKindHandler = {
  /** The caption of the step the member reads under it (e.g. a complaint's answer deadline). */
  caption?(ctx: CaseStepContext): string | null;
  /** Effects of reaching a step (create the refund, add the beneficiary, …), in the step's transaction. */
  onStep?(ctx: CaseStepContext): Promise<void>;
};
/** Per kind: the message kind code name, or the request type for non-message kinds. */
export const CASE_KIND_HANDLERS: Record<string, CaseKindHandler> = {
  // Complaints: taking it in hand is the acknowledgement; the member reads the answer deadline.
  claim: {
    caption: ({ step, now }) =>
      step === 'in_progress' ? `Réponse au plus tard le ${formatDate(new Date(now.getTime() + CLAIM_ANSWER_DAYS * 86_400_000), 'long')}` : null,
    onStep: async ({ tx, caseId, step }) => {
      if (step === 'in_progress') await tx.update(cases).set({ ackDueAt: null }).where(eq(cases.requestId, caseId));
    },
  },
};
/** A kind whose acceptance has an effect (add a beneficiary, a refund account) ends by its decision only, never by a bare step. */
const decidedOnly: CaseKindHandler = {
  onStep: async ({ step, decided }) => {
    if (isFinalStep(step) && !decided) throw new AppError('CASE_DECISION_REQUIRED');
  },
};
CASE_KIND_HANDLERS.add_beneficiary = decidedOnly;
CASE_KIND_HANDLERS.rib = decidedOnly;
CASE_KIND_HANDLERS.rib_beneficiary = decidedOnly;
function handlerOf(type: RequestType, typeCode: number): CaseKindHandler | undefined {
  const kind = messageKindOf(typeCode);
  if (type === 'message' && isClaimKind(kind)) return CASE_KIND_HANDLERS.claim;
  return CASE_KIND_HANDLERS[type === 'message' ? (kind ?? '') : type];
}

/** Moves a case to a step of its kind's timeline: the member sees it at once; a final step closes the case. */
export async function moveCaseStep(db: Db, staffId: string, caseId: string, step: TimelineStep, now: Date, opts: { decided?: boolean } = {}) {
  const row = await findCaseRow(db, staffId, caseId);
  if (!row) return null;
  if (row.state === 'CLOSED' || !isStepAllowed(row.type, row.type_code, step)) throw new AppError('CASE_STEP_NOT_ALLOWED');
  const statusKey = statusOfStep(step);
  await db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const [last] = await tx
      .select({ position: requestSteps.position })
      .from(requestSteps)
      .where(eq(requestSteps.requestId, caseId))
      .orderBy(desc(requestSteps.position))
      .limit(1);
    const ctx: CaseStepContext = { tx, caseId, memberId: row.member_id, type: row.type, typeCode: row.type_code, step, now, decided: opts.decided ?? false };
    const handler = handlerOf(row.type, row.type_code);
    await tx.insert(requestSteps).values({
      requestId: caseId,
      position: (last?.position ?? -1) + 1,
      step,
      label: timelineStepLabel(row.type, row.type_code, step),
      labelCaption: handler?.caption?.(ctx) ?? null,
      linkInfoMessage: timelineStepLink(step),
      occurredAt: now,
    });
    await tx.update(requests).set({ statusKey, updatedAt: now }).where(eq(requests.id, caseId));
    await touchGroup(tx, caseId, now);
    await tx
      .update(cases)
      .set({ state: isFinalStep(step) ? 'CLOSED' : 'OPEN', updatedAt: now, assigneeId: row.assignee_id ?? staffId })
      .where(eq(cases.requestId, caseId));
    await handler?.onStep?.(ctx);
  });
  return { row, statusKey };
}

async function touchGroup(tx: Db, requestId: string, now: Date) {
  await tx
    .update(requestGroups)
    .set({ updatedAt: now })
    .where(sql`${requestGroups.id} = (select group_id from requests where id = ${requestId})`);
}

/** The insurer's answer in the member's thread: unread for the member; the case goes to whoever answered if unassigned. */
export async function replyToCase(
  db: Db,
  staffId: string,
  caseId: string,
  body: string,
  now: Date,
  /** Reads what it needs before the transaction (PGlite runs one at a time), then writes in it (the new message's id given). */
  prepare?: (row: CaseRow) => Promise<(tx: Db, messageId: string) => Promise<void>>,
) {
  const row = await findCaseRow(db, staffId, caseId);
  if (!row) return null;
  const inTx = prepare ? await prepare(row) : null;
  const messageId = await db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const [message] = await tx
      .insert(requestMessages)
      .values({ requestId: caseId, direction: 'insurer', body, createdAt: now, readAt: null })
      .returning({ id: requestMessages.id });
    await tx
      .update(requests)
      .set({ statusKey: row.status_key === 'done' ? 'done' : 'unread', read: false, updatedAt: now })
      .where(eq(requests.id, caseId));
    await touchGroup(tx, caseId, now);
    await tx
      .update(cases)
      .set({ updatedAt: now, assigneeId: row.assignee_id ?? staffId })
      .where(eq(cases.requestId, caseId));
    await inTx?.(tx, message!.id);
    return message!.id;
  });
  return { row, messageId };
}

export async function addCaseNote(db: Db, staffId: string, caseId: string, body: string, now: Date) {
  const row = await findCaseRow(db, staffId, caseId);
  if (!row) return null;
  const [note] = await db.insert(caseNotes).values({ requestId: caseId, staffId, body, createdAt: now }).returning({ id: caseNotes.id });
  return { row, noteId: note!.id };
}

/** Assign (or give back: null) and set the priority; the assignee must handle cases for the case's tenant. */
export async function assignCase(db: Db, staffId: string, caseId: string, input: { staffId: string | null; priority?: number }, now: Date) {
  const row = await findCaseRow(db, staffId, caseId);
  if (!row) return null;
  if (input.staffId) {
    const [ok] = await db
      .select({ id: staff.id })
      .from(staff)
      .innerJoin(staffTenants, eq(staffTenants.staffId, staff.id))
      .where(
        and(
          eq(staff.id, input.staffId),
          eq(staffTenants.tenantId, row.tenant_id),
          eq(staff.active, true),
          inArray(staff.role, ['agent', 'manager', 'derogator']),
        ),
      );
    if (!ok) throw new AppError('VALIDATION_FAILED');
  }
  await db
    .update(cases)
    .set({ assigneeId: input.staffId, ...(input.priority ? { priority: input.priority } : {}), updatedAt: now })
    .where(eq(cases.requestId, caseId));
  return { row };
}
