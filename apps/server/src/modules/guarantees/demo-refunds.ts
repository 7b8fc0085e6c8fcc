import { addDaysIso, parisIsoDate } from '@mutua/contracts/dates';
import { actAt } from '@mutua/contracts/guarantees';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { DEMO_MEMBERS } from '../members/public';
import { DEMO_REFUND_COUNTS, generateClaims, seededRandom, type DemoClaim } from './demo-claims';
import { beneficiaries, members, refunds } from '../../db/schema';
import { publishClaim } from './publish';

/*
 * The demo refunds, published through the engine in care-date order: every amount and explanation is
 * computed and every allowance counted, as for a refund the back office publishes. Camille has used 2
 * of her 3 osteopathy sessions of the year (the estimate journey starts there).
 */

async function publishDemoClaims(db: Db, tenantId: string, membershipNumber: string, claims: DemoClaim[]): Promise<void> {
  const [member] = await db
    .select({ id: members.id })
    .from(members)
    .where(and(eq(members.tenantId, tenantId), eq(members.membershipNumber, membershipNumber)));
  if (!member) throw new Error(`demo member ${membershipNumber} missing`);
  const now = new Date();
  for (const claim of [...claims].sort((a, b) => a.careDate.localeCompare(b.careDate))) {
    // A tariff-priced line (FJH) is billed at its tariff for the days of the stay.
    const lines = claim.lines.map((l) => (l.expenseCents > 0 ? l : { ...l, expenseCents: (actAt(l.actCode, claim.careDate)?.baseCents ?? 0) * l.quantity }));
    await publishClaim(db, { tenantId, memberId: member.id, familyPosition: claim.familyPosition, careDate: claim.careDate, lines }, now, {
      statement: { paymentDate: claim.paymentDate, reference: claim.reference, paymentTarget: claim.paymentTarget, thirdPartyName: claim.thirdPartyName },
    });
  }
}

/** Seed step '161-demo-refunds'. Dates are relative to the day the demo data is loaded. */
export async function seedDemoRefunds(db: Db): Promise<void> {
  const today = parisIsoDate();
  const yearStart = `${today.slice(0, 4)}-01-01`;
  const [camille] = await db
    .select({ id: members.id })
    .from(members)
    .where(and(eq(members.tenantId, 'mutua'), eq(members.membershipNumber, DEMO_MEMBERS.camille)));
  // A database seeded before the engine has its demo refunds (typed ones): they stay, none are added.
  const [earlier] = await db.select({ id: refunds.id }).from(refunds).where(eq(refunds.memberId, camille!.id)).limit(1);
  if (earlier) return;
  const family = await db.select({ p: beneficiaries.familyPosition }).from(beneficiaries).where(eq(beneficiaries.memberId, camille!.id));
  const sessions = [-60, -20].map((days, i): DemoClaim => {
    const careDate = [addDaysIso(today, days), yearStart].sort().at(-1)!;
    return {
      familyPosition: 1,
      careDate,
      paymentDate: [addDaysIso(careDate, 5), today].sort()[0]!,
      reference: `DO${today.slice(0, 4)}-${String(i + 1).padStart(6, '0')}`,
      paymentTarget: 'bank_account',
      thirdPartyName: 'Cabinet d’ostéopathie Charonne',
      lines: [{ actCode: 'OSTEOPATHIE', expenseCents: 6000, quantity: 1, sector: '1' }],
    };
  });
  const camilleClaims = generateClaims(seededRandom(20_260_115), DEMO_REFUND_COUNTS.camille - sessions.length, family.length, today, 'D');
  await publishDemoClaims(db, 'mutua', DEMO_MEMBERS.camille, [...camilleClaims, ...sessions]);
  const [lea] = await db
    .select({ id: members.id })
    .from(members)
    .where(and(eq(members.tenantId, 'azur'), eq(members.membershipNumber, DEMO_MEMBERS.lea)));
  const leaFamily = await db.select({ p: beneficiaries.familyPosition }).from(beneficiaries).where(eq(beneficiaries.memberId, lea!.id));
  await publishDemoClaims(db, 'azur', DEMO_MEMBERS.lea, generateClaims(seededRandom(78_901_234), DEMO_REFUND_COUNTS.lea, leaFamily.length, today, 'AZ'));
}
