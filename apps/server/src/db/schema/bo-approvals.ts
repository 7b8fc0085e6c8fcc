import { index, integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { staff } from './backoffice';
import { memberRef } from './members';
import { requests } from './requests';
import { tenantRef } from './tenants';
import { bytea, ts, uuidPk } from './columns';

/** Four eyes: a publication proposed by one staff member, approved or rejected by another (migration 0111). */
export const boApprovals = pgTable(
  'bo_approvals',
  {
    id: uuidPk(),
    tenantId: tenantRef(),
    memberId: memberRef(),
    requestId: uuid('request_id').references(() => requests.id, { onDelete: 'set null' }),
    kind: text('kind').$type<'refund' | 'document'>().notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    state: text('state').$type<'PENDING' | 'APPROVED' | 'REJECTED'>().notNull().default('PENDING'),
    proposedBy: uuid('proposed_by')
      .notNull()
      .references(() => staff.id),
    proposedAt: ts('proposed_at').notNull(),
    decidedBy: uuid('decided_by').references(() => staff.id),
    decidedAt: ts('decided_at'),
    decisionReason: text('decision_reason'),
    resultId: uuid('result_id'),
  },
  (t) => [index('bo_approvals_queue_idx').on(t.tenantId, t.state, t.proposedAt)],
);
export type BoApproval = typeof boApprovals.$inferSelect;

/** The PDF of a document proposal, unseen by the member until approved (migration 0116). */
export const boApprovalFiles = pgTable('bo_approval_files', {
  approvalId: uuid('approval_id')
    .primaryKey()
    .references(() => boApprovals.id, { onDelete: 'cascade' }),
  nameFile: text('name_file').notNull(),
  contentType: text('content_type').$type<'application/pdf'>().notNull(),
  sizeBytes: integer('size_bytes').notNull(),
  sha256: text('sha256').notNull(),
  content: bytea('content').notNull(),
});
