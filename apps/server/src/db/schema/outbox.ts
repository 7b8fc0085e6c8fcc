import { bigint, index, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { ts, uuidPk } from './columns';

/** Mails and SMS kept instead of sent when SMTP_URL / SMS_URL are unset (development and tests only). */
export const devOutbox = pgTable(
  'dev_outbox',
  {
    id: uuidPk(),
    /** Insertion order (several mails may share a timestamp). */
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity(),
    tenantId: text('tenant_id'),
    /** EMAIL, or SMS (subject empty, text_body the message, to_address the number). */
    channel: text('channel').$type<'EMAIL' | 'SMS'>().notNull().default('EMAIL'),
    kind: text('kind').notNull(),
    toAddress: text('to_address').notNull(),
    fromAddress: text('from_address').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body').notNull(),
    /** Attached files (filename, contentType, contentBase64), null without. */
    attachments: jsonb('attachments').$type<{ filename: string; contentType: string; contentBase64: string }[]>(),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [index('dev_outbox_seq_idx').on(t.seq)],
);
export type OutboxRow = typeof devOutbox.$inferSelect;
