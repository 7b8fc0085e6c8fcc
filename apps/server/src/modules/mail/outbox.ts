import { and, desc, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { devOutbox } from '../../db/schema';

export const ZOutboxQuery = z.object({
  to: z.string().max(254).optional(),
  kind: z.string().max(40).optional(),
  channel: z.enum(['EMAIL', 'SMS']).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(20),
});
export type OutboxQuery = z.infer<typeof ZOutboxQuery>;

export const ZOutboxMail = z.object({
  id: z.string(),
  tenantId: z.string().nullable(),
  /** EMAIL, or SMS (to is the number, subject empty, text the message). */
  channel: z.enum(['EMAIL', 'SMS']),
  kind: z.string(),
  to: z.string(),
  from: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  createdAt: z.string(),
});
export type OutboxMail = z.infer<typeof ZOutboxMail>;

/** The development outbox (mails and SMS), newest first; `to` matches the address case-insensitively. */
export async function listOutbox(db: Db, query: OutboxQuery): Promise<OutboxMail[]> {
  const where = and(
    query.to ? eq(sql`lower(${devOutbox.toAddress})`, query.to.trim().toLowerCase()) : undefined,
    query.kind ? eq(devOutbox.kind, query.kind) : undefined,
    query.channel ? eq(devOutbox.channel, query.channel) : undefined,
  );
  const rows = await db.select().from(devOutbox).where(where).orderBy(desc(devOutbox.seq)).limit(query.limit);
  return rows.map((r) => ({
    id: r.id,
    tenantId: r.tenantId,
    channel: r.channel,
    kind: r.kind,
    to: r.toAddress,
    from: r.fromAddress,
    subject: r.subject,
    text: r.textBody,
    html: r.htmlBody,
    createdAt: r.createdAt.toISOString(),
  }));
}
