import { customType, date, index, integer, pgTable, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { tenants } from './tenants';
import { beneficiaries, members } from './members';
import { requestMessages, requestSteps, requestTypes, requests } from './requests';

/** PostgreSQL bytea: Buffer with node-postgres, Uint8Array with PGlite; always a Buffer here. */
export const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

export type FileOrigin = 'insurer' | 'member';
export type StoredContentType = 'application/pdf' | 'image/jpeg' | 'image/gif' | 'image/png';

/**
 * A stored file's metadata: a step document, a message attachment or a shared supporting document.
 * Its bytes are in stored_file_contents (see migration 0021 for why PostgreSQL holds them).
 */
export const storedFiles = pgTable(
  'stored_files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    memberId: uuid('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
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
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
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
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: text('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
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
