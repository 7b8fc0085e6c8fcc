import { date, index, integer, pgTable, smallint, text, uuid } from 'drizzle-orm/pg-core';
import { tenantRef } from './tenants';
import { beneficiaries, memberRef } from './members';
import { requestMessages, requestSteps, requestTypes, requests } from './requests';
import { bytea, ts, uuidPk } from './columns';

export type FileOrigin = 'insurer' | 'member';
export type StoredContentType = 'application/pdf' | 'image/jpeg' | 'image/gif' | 'image/png';

/**
 * A stored file's metadata: a step document, a message attachment or a shared supporting document.
 * Its bytes are in stored_file_contents (see migration 0021 for why PostgreSQL holds them).
 */
export const storedFiles = pgTable(
  'stored_files',
  {
    id: uuidPk(),
    memberId: memberRef(),
    requestId: uuid('request_id').references(() => requests.id, { onDelete: 'cascade' }),
    stepId: uuid('step_id').references(() => requestSteps.id, { onDelete: 'cascade' }),
    messageId: uuid('message_id').references(() => requestMessages.id, { onDelete: 'cascade' }),
    beneficiaryId: uuid('beneficiary_id').references(() => beneficiaries.id, { onDelete: 'set null' }),
    typeCode: integer('type_code').references(() => requestTypes.typeCode),
    origin: text('origin').$type<FileOrigin>().notNull(),
    name: text('name').notNull(),
    nameFile: text('name_file').notNull(),
    contentType: text('content_type').$type<StoredContentType>().notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    sha256: text('sha256').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('stored_files_member_idx').on(t.memberId, t.createdAt.desc())],
);

export const storedFileContents = pgTable('stored_file_contents', {
  fileId: uuid('file_id')
    .primaryKey()
    .references(() => storedFiles.id, { onDelete: 'cascade' }),
  content: bytea('content').notNull(),
});

/** The insurer's documents of the documents page, per tenant and tab (0063); the PDF bytes with the row. */
export const tenantDocuments = pgTable(
  'tenant_documents',
  {
    id: uuidPk(),
    tenantId: tenantRef('cascade'),
    tab: text('tab').$type<'health' | 'foresight' | 'contribution'>().notNull(),
    kind: text('kind').$type<'practical_guide' | 'information_notice' | 'guarantees_table' | 'other'>().notNull(),
    name: text('name').notNull(),
    fileName: text('file_name').notNull(),
    uploadedOn: date('uploaded_on', { mode: 'string' }).notNull(),
    position: smallint('position').notNull(),
    content: bytea('content').notNull(),
  },
  (t) => [index('tenant_documents_tab_idx').on(t.tenantId, t.tab, t.position)],
);
