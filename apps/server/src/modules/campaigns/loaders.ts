import {
  schoolingCampaignFor,
  schoolingNotificationOf,
  type SchoolingChoice,
  type TMemberNotification,
  type TSchoolingCampaign,
  type TTutorialStep,
} from '@mutua/contracts/campaigns';
import { isFeatureEnabled } from '@mutua/contracts/features';
import { and, asc, desc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { beneficiaries } from '../../db/schema';
import { memberNotifications, schoolingAnswers, tutorialSteps } from './schema';
import { parisDate } from '../../lib/clock';
import type { MemberContext } from '../../core/module';

/** entityHasDigitalCampaigns: the tenant's DIGITAL_CAMPAIGNS toggle (`npm run tenant -- feature DIGITAL_CAMPAIGNS on`). */
export const digitalCampaignsOn = (features: Parameters<typeof isFeatureEnabled>[0]) => isFeatureEnabled(features, 'DIGITAL_CAMPAIGNS');

/** The member's open notifications, newest campaign first. */
export async function openNotifications(db: Db, tenantId: string, memberId: string): Promise<TMemberNotification[]> {
  const rows = await db
    .select()
    .from(memberNotifications)
    .where(and(eq(memberNotifications.tenantId, tenantId), eq(memberNotifications.memberId, memberId), isNull(memberNotifications.closedAt)))
    .orderBy(desc(memberNotifications.campaignYear), asc(memberNotifications.createdAt));
  return rows.map((r) => ({ id: r.id, uploadType: r.uploadType, campaignYear: r.campaignYear, createdAt: r.createdAt.toISOString() }));
}

/** insured.notifications (members' part reads it through public.ts). */
export const loadNotifications = (ctx: MemberContext) =>
  ctx.once('campaigns:notifications', () => openNotifications(ctx.db, ctx.tenant.id, ctx.session.memberId));

/** Everything the schooling rule reads for one member, from the database. */
export async function schoolingCampaignOf(
  db: Db,
  input: { tenantId: string; memberId: string; enabled: boolean; now: Date; notifications?: TMemberNotification[] },
): Promise<TSchoolingCampaign | null> {
  if (!input.enabled) return null;
  const notifications = input.notifications ?? (await openNotifications(db, input.tenantId, input.memberId));
  const notification = schoolingNotificationOf(notifications);
  if (!notification) return null;
  const [family, answers] = await Promise.all([
    db
      .select({
        id: beneficiaries.id,
        rank: beneficiaries.rank,
        firstName: beneficiaries.firstName,
        surName: beneficiaries.surName,
        birthDate: beneficiaries.birthDate,
        insured: beneficiaries.insured,
      })
      .from(beneficiaries)
      .where(eq(beneficiaries.memberId, input.memberId))
      .orderBy(asc(beneficiaries.familyPosition)),
    db
      .select({ beneficiaryId: schoolingAnswers.beneficiaryId, choice: schoolingAnswers.choice })
      .from(schoolingAnswers)
      .where(eq(schoolingAnswers.notificationId, notification.id)),
  ]);
  return schoolingCampaignFor({
    enabled: true,
    notifications: [notification],
    beneficiaries: family,
    answers: new Map<string, SchoolingChoice>(answers.map((a) => [a.beneficiaryId, a.choice])),
    today: parisDate(input.now),
  });
}

/** schoolingCampaign of the global details. */
export const loadSchoolingCampaign = async (ctx: MemberContext) =>
  schoolingCampaignOf(ctx.db, {
    tenantId: ctx.tenant.id,
    memberId: ctx.session.memberId,
    enabled: digitalCampaignsOn(ctx.tenant.features),
    now: ctx.clock.now(),
    notifications: await loadNotifications(ctx),
  });

/** entityTutorialDtos: the tenant's tutorial steps, in order (the same for all its members). */
export const loadTutorial = (ctx: MemberContext): Promise<TTutorialStep[]> =>
  ctx.perTenant('campaigns:tutorial', async () => {
    const rows = await ctx.db.select().from(tutorialSteps).where(eq(tutorialSteps.tenantId, ctx.tenant.id)).orderBy(asc(tutorialSteps.position));
    return rows.map((r) => ({ position: r.position, title: r.title, text: r.body }));
  });
