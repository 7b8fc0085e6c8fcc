import { capitalizeName } from '@mutua/contracts/names';
import { timelineStepLabel } from '@mutua/contracts/request-kinds';
import { timelineStepLink, type TimelineStep } from '@mutua/contracts/requests';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { beneficiaries, cases, contacts, requestGroups, requestMessages, requestSteps, requests } from '../../db/schema';
import { queueMail } from '../auth/public';
import { composeMail, mailBrandOf } from '../mail/public';
import type { AppServices } from '../../core/module';

/*
 * What the member reads of a decision taken without a person: the claim's timeline moves on, the
 * management centre's message arrives unread in the claim's thread, and a mail says so. Written in the
 * decision's transaction: nothing is told of a decision that did not commit.
 */

export type NoticeDeps = Pick<AppServices, 'db' | 'directory' | 'notifier'> & Parameters<typeof queueMail>[0];

/** Reads the addressee now (PGlite runs one transaction at a time) and returns the mail's write. */
export async function prepareMemberMail(deps: NoticeDeps, target: { tenantId: string; memberId: string; origin: string }, subject: string, lines: string[]) {
  const tenant = await deps.directory.byId(target.tenantId);
  const [to] = await deps.db
    .select({ email: contacts.email, firstName: beneficiaries.firstName })
    .from(contacts)
    .innerJoin(beneficiaries, and(eq(beneficiaries.memberId, contacts.memberId), eq(beneficiaries.familyPosition, 1)))
    .where(eq(contacts.memberId, target.memberId))
    .limit(1);
  if (!tenant || !to?.email) return async () => {};
  const brand = mailBrandOf(tenant, target.origin);
  const mail = composeMail('NEW_MESSAGE', brand, subject, `Bonjour ${capitalizeName(to.firstName)},`, [
    ...lines.map((text) => ({ kind: 'p' as const, text })),
    { kind: 'button', label: 'Voir mes remboursements', href: `${target.origin}/refunds` },
  ]);
  return (tx: Db) => queueMail(deps, { tenant, origin: target.origin, brand }, to.email!, mail, tx);
}

/** Adds steps to a claim's timeline, the last one setting its status; a final step closes its case. */
export async function advanceClaim(tx: Db, requestId: string, typeCode: number, steps: readonly TimelineStep[], now: Date) {
  const [last] = await tx
    .select({ position: requestSteps.position })
    .from(requestSteps)
    .where(eq(requestSteps.requestId, requestId))
    .orderBy(desc(requestSteps.position))
    .limit(1);
  let position = (last?.position ?? -1) + 1;
  for (const step of steps) {
    await tx.insert(requestSteps).values({
      requestId,
      position: position++,
      step,
      label: timelineStepLabel('bill', typeCode, step),
      linkInfoMessage: timelineStepLink(step),
      occurredAt: now,
    });
  }
  const final = steps.at(-1) === 'done';
  await tx
    .update(requests)
    .set({ statusKey: final ? 'done' : 'check_in_progress', updatedAt: now })
    .where(eq(requests.id, requestId));
  await tx
    .update(requestGroups)
    .set({ updatedAt: now })
    .where(sql`${requestGroups.id} = (select group_id from requests where id = ${requestId})`);
  if (final) await tx.update(cases).set({ state: 'CLOSED', updatedAt: now }).where(eq(cases.requestId, requestId));
}

/** The management centre's message in the claim's thread, unread. */
export async function tellInThread(tx: Db, requestId: string, body: string, now: Date) {
  await tx.insert(requestMessages).values({ requestId, direction: 'insurer', body, createdAt: now, readAt: null });
  await tx.update(requests).set({ read: false, updatedAt: now }).where(eq(requests.id, requestId));
}
