import { UNDELIVERABLE_ADDRESS_ALERT, isPortalPath, type TAlert, type TNoemieState } from '@mutua/contracts/home-notices';
import { and, asc, desc, eq, gt, isNull, lte, or, sql } from 'drizzle-orm';
import { memberAlerts, tenantAnnouncements } from '../../db/schema';
import { teletransmissionOf } from '../account/public';
import { addressUndeliverableOf } from '../members/public';
import type { MemberContext } from '../../core/module';

/** The tenant's announcement while displayed and within its window (announcement, isAnnouncementDisplayed). */
export const loadAnnouncement = (ctx: MemberContext) =>
  ctx.once('announcement', async () => {
    const now = ctx.clock.now();
    const [row] = await ctx.db.select().from(tenantAnnouncements).where(eq(tenantAnnouncements.tenantId, ctx.tenant.id));
    const inForce = !!row && row.displayed && (!row.startsAt || row.startsAt <= now) && (!row.endsAt || row.endsAt > now) && row.message.trim() !== '';
    return { message: row?.message ?? null, displayed: inForce };
  });

const LEVEL_ORDER = sql`case ${memberAlerts.level} when 'critical' then 0 when 'warning' then 1 else 2 end`;

/** The member's alerts and the tenant-wide ones, in force now, the most serious then the newest first. */
export async function loadAlerts(ctx: MemberContext): Promise<TAlert[]> {
  const now = ctx.clock.now();
  const rows = await ctx.db
    .select()
    .from(memberAlerts)
    .where(
      and(
        eq(memberAlerts.tenantId, ctx.tenant.id),
        or(eq(memberAlerts.memberId, ctx.session.memberId), isNull(memberAlerts.memberId)),
        lte(memberAlerts.startsAt, now),
        or(isNull(memberAlerts.endsAt), gt(memberAlerts.endsAt, now)),
      ),
    )
    .orderBy(asc(LEVEL_ORDER), desc(memberAlerts.startsAt), asc(memberAlerts.id));
  const alerts: TAlert[] = rows.map((r) => ({
    id: r.id,
    level: r.level,
    title: r.title,
    message: r.message,
    // Only a page of the portal: an alert never sends the member to another site.
    link: r.linkPath && r.linkLabel && isPortalPath(r.linkPath) ? { path: r.linkPath, label: r.linkLabel } : null,
  }));
  // La Poste returned the member's mail (NPAI): first of the warnings, until the member changes the address.
  if (await addressUndeliverableOf(ctx)) {
    const at = alerts.findIndex((a) => a.level !== 'critical');
    alerts.splice(at === -1 ? alerts.length : at, 0, UNDELIVERABLE_ADDRESS_ALERT);
  }
  return alerts;
}

/** Home's Noémie block: each insured person's teletransmission state, the one « Mes bénéficiaires » and « Mes préférences » show. */
export async function loadNoemieStates(ctx: MemberContext): Promise<TNoemieState[]> {
  const states = await teletransmissionOf(ctx.db, ctx.session.memberId);
  return states.filter((s) => s.insured).map(({ beneficiaryId, firstName, state, reason, since }) => ({ beneficiaryId, firstName, state, reason, since }));
}
