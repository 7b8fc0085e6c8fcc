import { maskIban } from '@mutua/contracts/bank-details';
import { PAYMENT_SCHEDULE_VIEW_TEXTS, paymentScheduleFileName, type TPaymentSchedule } from '@mutua/contracts/documents';
import { formatDate, formatEuros, frenchDateWords } from '@mutua/contracts/french-format';
import { nextDueDate } from '@mutua/contracts/termination';
import { and, asc, desc, eq, gt, gte, inArray, isNull, or } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { openBankFields } from '../../db/protected-fields';
import type { Db } from '../../db/client';
import {
  bankAccounts,
  beneficiaries,
  contractOptions,
  contractProducts,
  contracts,
  members,
  paymentScheduleDebits,
  sepaCreditors,
  sepaMandates,
} from '../../db/schema';
import { attachmentDisposition } from '../../http/attachment';
import { ACCESS_DENIED_AUDIT_KIND } from '../../http/deny-access';
import { AppError } from '../../lib/app-error';
import { parisDate } from '../../lib/clock';
import { sessionOf } from '../../plugins/sessions';
import { tenantOf } from '../../plugins/tenant';
import type { AppServices } from '../../core/module';
import { renderLetterPdf, type LetterBlock } from './letter-pdf';

/** The first day of the contract year `today` falls in (a year before the next due date). */
const contractYearStart = (today: string, dueMonthDay: string) => {
  const next = nextDueDate(today, dueMonthDay);
  return `${Number(next.slice(0, 4)) - 1}${next.slice(4)}`;
};

/**
 * The member's payment schedules: one per ongoing INDIVIDUAL contract (a collective contract's
 * contributions go through the employer), with its debits from the start of the current contract year,
 * the contribution account (IBAN masked), the SEPA mandate in force and the tenant as creditor.
 */
export async function loadPaymentSchedules(db: Db, tenantId: string, memberId: string, today: string): Promise<TPaymentSchedule[]> {
  const individual = await db
    .selectDistinctOn([contracts.insurerContract], {
      insurerContract: contracts.insurerContract,
      label: contracts.label,
      dueMonthDay: contractProducts.dueMonthDay,
    })
    .from(contracts)
    .leftJoin(contractProducts, and(eq(contractProducts.tenantId, tenantId), eq(contractProducts.productNumber, contracts.productNumber)))
    .where(and(eq(contracts.memberId, memberId), eq(contracts.kind, 'INDIVIDUAL'), or(isNull(contracts.outgoingDate), gt(contracts.outgoingDate, today))))
    .orderBy(asc(contracts.insurerContract));
  if (individual.length === 0) return [];
  const [debits, [account], [mandate], [creditor]] = await Promise.all([
    db
      .select()
      .from(paymentScheduleDebits)
      .where(
        and(
          eq(paymentScheduleDebits.memberId, memberId),
          inArray(
            paymentScheduleDebits.insurerContract,
            individual.map((c) => c.insurerContract),
          ),
        ),
      )
      .orderBy(asc(paymentScheduleDebits.debitDate)),
    db
      .select({ id: bankAccounts.id, holder: bankAccounts.holder, iban: bankAccounts.iban, bic: bankAccounts.bic })
      .from(bankAccounts)
      .where(and(eq(bankAccounts.memberId, memberId), eq(bankAccounts.usage, 'contribution'), eq(bankAccounts.familyPosition, 1))),
    db
      .select({ rum: sepaMandates.rum })
      .from(sepaMandates)
      .where(and(eq(sepaMandates.memberId, memberId), isNull(sepaMandates.replacedAt)))
      .orderBy(desc(sepaMandates.signedAt))
      .limit(1),
    db.select({ name: sepaCreditors.name, ics: sepaCreditors.ics }).from(sepaCreditors).where(eq(sepaCreditors.tenantId, tenantId)),
  ]);
  // Stored encrypted (db/protected-fields.ts).
  const inForce = account ? await openBankFields(db, tenantId, 'bank_accounts', account) : null;
  return individual.map((c) => {
    const from = contractYearStart(today, c.dueMonthDay ?? '01-01');
    return {
      insurerContract: c.insurerContract,
      contractLabel: c.label,
      debits: debits
        .filter((d) => d.insurerContract === c.insurerContract && d.periodEnd >= from)
        .map((d) => ({ date: d.debitDate, amountCents: d.amountCents, periodStart: d.periodStart, periodEnd: d.periodEnd })),
      account: inForce ? { holder: inForce.holder, ibanMasked: maskIban(inForce.iban) } : null,
      mandateRum: mandate?.rum ?? null,
      creditor: creditor ?? null,
    };
  });
}

const monthOf = (iso: string) => formatDate(iso, 'month');

/** The schedule as a PDF: contract, creditor and mandate, then each debit (date, month paid, amount) and the total. */
export function paymentSchedulePdf(schedule: TPaymentSchedule, brandName: string, membershipNumber: string, today: string): Promise<Buffer> {
  const total = schedule.debits.reduce((sum, d) => sum + d.amountCents, 0);
  const blocks: LetterBlock[] = [
    { kind: 'field', label: 'Contrat', value: `${schedule.contractLabel} (n° ${schedule.insurerContract})` },
    { kind: 'field', label: 'Numéro d’adhérent', value: membershipNumber },
    { kind: 'field', label: 'Établi le', value: frenchDateWords(today) },
    ...(schedule.creditor ? [{ kind: 'field' as const, label: 'Créancier', value: `${schedule.creditor.name} (ICS ${schedule.creditor.ics})` }] : []),
    ...(schedule.account
      ? [{ kind: 'field' as const, label: 'Compte prélevé', value: `${schedule.account.holder}, IBAN ${schedule.account.ibanMasked}` }]
      : []),
    ...(schedule.mandateRum ? [{ kind: 'field' as const, label: 'Référence du mandat (RUM)', value: schedule.mandateRum }] : []),
    { kind: 'heading', text: 'Prélèvements' },
    ...(schedule.debits.length
      ? schedule.debits.map((d) => ({
          kind: 'field' as const,
          label: `Le ${frenchDateWords(d.date)}`,
          value: `${formatEuros(d.amountCents)} — cotisation de ${monthOf(d.periodStart)}`,
        }))
      : [{ kind: 'p' as const, text: PAYMENT_SCHEDULE_VIEW_TEXTS.none }]),
    { kind: 'field', label: 'Total', value: formatEuros(total) },
    {
      kind: 'p',
      text: 'Ce document vaut pré-notification de chacun des prélèvements SEPA ci-dessus, au moins 14 jours avant leur date. Vous pouvez demander à votre banque le remboursement d’un prélèvement autorisé dans les 8 semaines suivant la date de débit de votre compte.',
    },
  ];
  return renderLetterPdf({ brandName, title: `${PAYMENT_SCHEDULE_VIEW_TEXTS.title} — ${schedule.insurerContract}`, blocks });
}

/** GET /api/contracts/{insurerContract}/payment-schedule.pdf: the member's own individual contract only (else 404 + audit). */
export const paymentScheduleRoutes: FastifyPluginAsyncZod<Pick<AppServices, 'db' | 'clock' | 'audit'>> = async (app, { db, clock, audit }) => {
  app.get(
    '/contracts/:insurerContract/payment-schedule.pdf',
    { config: { access: 'member' }, schema: { params: z.object({ insurerContract: z.string().min(1).max(60) }) } },
    async (request, reply) => {
      const { memberId } = sessionOf(request);
      const tenant = tenantOf(request);
      const today = parisDate(clock.now());
      const schedule = (await loadPaymentSchedules(db, tenant.id, memberId, today)).find((s) => s.insurerContract === request.params.insurerContract);
      if (!schedule) {
        // As request.denyAccess, for a resource named by a contract reference rather than a row id.
        const [owned] = await db.select({ id: contracts.id }).from(contracts).where(eq(contracts.insurerContract, request.params.insurerContract)).limit(1);
        await audit.record({
          kind: ACCESS_DENIED_AUDIT_KIND,
          tenantId: tenant.id,
          memberId,
          ip: request.ip,
          details: { resource: 'payment-schedule', id: request.params.insurerContract, route: request.routeOptions.url, ownedByAnotherMember: Boolean(owned) },
        });
        throw new AppError('NOT_FOUND');
      }
      const [member] = await db.select({ membershipNumber: members.membershipNumber }).from(members).where(eq(members.id, memberId));
      const pdf = await paymentSchedulePdf(schedule, tenant.name, member?.membershipNumber ?? '', today);
      return reply
        .type('application/pdf')
        .header('content-disposition', attachmentDisposition(paymentScheduleFileName(schedule.insurerContract)))
        .send(pdf);
    },
  );
};

/** Base monthly contribution per person of the demo's individual product, by rank. */
const DEMO_MONTHLY_CENTS: Record<string, number> = { MAIN: 5840, PARTNER: 5840, CHILD: 2410, OTHER: 2410 };

/**
 * Demo data: the schedule of every ongoing individual contract for the current and the next contract
 * year — one debit on the 5th of each month, the month's contribution of the persons covered plus the
 * individual options running that month — as the insurer's management system would have set it.
 */
export async function seedPaymentSchedules(db: Db): Promise<void> {
  const today = parisDate(new Date());
  const lines = await db
    .select({
      memberId: contracts.memberId,
      insurerContract: contracts.insurerContract,
      rank: beneficiaries.rank,
      start: contracts.incomingDate,
      end: contracts.outgoingDate,
    })
    .from(contracts)
    .innerJoin(beneficiaries, and(eq(beneficiaries.memberId, contracts.memberId), eq(beneficiaries.familyPosition, contracts.familyPosition)))
    .where(and(eq(contracts.kind, 'INDIVIDUAL'), or(isNull(contracts.outgoingDate), gte(contracts.outgoingDate, today))));
  const options = await db.select().from(contractOptions).where(eq(contractOptions.kind, 'INDIVIDUAL_OPTION'));
  const byContract = new Map<string, typeof lines>();
  for (const line of lines)
    byContract.set(`${line.memberId}/${line.insurerContract}`, [...(byContract.get(`${line.memberId}/${line.insurerContract}`) ?? []), line]);
  const firstYear = Number(today.slice(0, 4));
  for (const persons of byContract.values()) {
    const { memberId, insurerContract } = persons[0]!;
    const rows = [];
    for (let month = 0; month < 24; month++) {
      const y = firstYear + Math.floor(month / 12);
      const m = String((month % 12) + 1).padStart(2, '0');
      const periodStart = `${y}-${m}-01`;
      const periodEnd = new Date(Date.UTC(y, (month % 12) + 1, 0)).toISOString().slice(0, 10);
      const covered = persons.filter((p) => p.start <= periodEnd && (p.end === null || p.end >= periodStart));
      const running = options.filter(
        (o) => o.memberId === memberId && o.insurerContract === insurerContract && o.startDate <= periodEnd && (o.endDate === null || o.endDate >= periodStart),
      );
      const amountCents = covered.reduce((sum, p) => sum + (DEMO_MONTHLY_CENTS[p.rank] ?? 2410), 0) + running.reduce((sum, o) => sum + o.monthlyCents, 0);
      if (amountCents > 0) rows.push({ memberId, insurerContract, debitDate: `${y}-${m}-05`, periodStart, periodEnd, amountCents });
    }
    if (rows.length) await db.insert(paymentScheduleDebits).values(rows).onConflictDoNothing();
  }
}
