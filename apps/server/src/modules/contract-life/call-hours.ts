import type { TGlobalDetails } from '@mutua/contracts/global-details';
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { tenantCallHours } from '../../db/schema';
import type { MemberContext } from '../../core/module';

const DAYS = ['lundi', 'mardi', 'mercredi', 'jeudi', 'vendredi', 'samedi', 'dimanche'];
const hhmm = (time: string) => time.slice(0, 5);

/** dayCallHourRates of the global details: the tenant's phone line, day by day (reference data, per tenant). */
export const loadDayCallHours = (ctx: MemberContext): Promise<TGlobalDetails['dayCallHourRates']> =>
  ctx.perTenant('callHours', async () =>
    (await ctx.db.select().from(tenantCallHours).where(eq(tenantCallHours.tenantId, ctx.tenant.id)).orderBy(asc(tenantCallHours.dayOfWeek))).map((r) => ({
      dayOfWeek: r.dayOfWeek,
      day: DAYS[r.dayOfWeek - 1]!,
      opensAt: hhmm(r.opensAt),
      closesAt: hhmm(r.closesAt),
    })),
  );

/** Demo data: each tenant's line, Monday to Friday, at the hours its contact page states. */
export async function seedCallHours(db: Db): Promise<void> {
  const week = (tenantId: string, opensAt: string, closesAt: string) => [1, 2, 3, 4, 5].map((dayOfWeek) => ({ tenantId, dayOfWeek, opensAt, closesAt }));
  await db
    .insert(tenantCallHours)
    .values([...week('mutua', '08:30', '18:00'), ...week('azur', '09:00', '17:30')])
    .onConflictDoNothing();
}
