import type { TAnnouncementInput } from '@mutua/contracts/backoffice-admin';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { tenantAnnouncements } from '../../db/schema';

/** What other modules may use of home-notices: the tenant's announcement, as stored (back-office administration). */
export async function getAnnouncement(db: Db, tenantId: string) {
  const [row] = await db.select().from(tenantAnnouncements).where(eq(tenantAnnouncements.tenantId, tenantId));
  return row
    ? { message: row.message, displayed: row.displayed, startsAt: row.startsAt?.toISOString() ?? null, endsAt: row.endsAt?.toISOString() ?? null }
    : null;
}

/** Publishes (or replaces) the announcement: home shows it while displayed and within its window. */
export async function setAnnouncement(db: Db, tenantId: string, input: TAnnouncementInput): Promise<void> {
  const values = {
    message: input.message,
    displayed: input.displayed,
    startsAt: input.startsAt ? new Date(input.startsAt) : null,
    endsAt: input.endsAt ? new Date(input.endsAt) : null,
  };
  await db
    .insert(tenantAnnouncements)
    .values({ tenantId, ...values })
    .onConflictDoUpdate({ target: tenantAnnouncements.tenantId, set: values });
}
