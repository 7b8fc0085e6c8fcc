import type { TAssistantAnswer } from '@mutua/contracts/assistant';
import { FRENCH_MONTHS, formatDate, formatEuros } from '@mutua/contracts/french-format';
import { PAYMENT_TARGET_LABELS } from '@mutua/contracts/refunds';
import { statusBadgeLabel } from '@mutua/contracts/request-kinds';
import { and, desc, eq, gte, isNull, lte, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { contracts, refunds, requestTypes, requests } from '../../db/schema';
import { fold } from './search';
import type { MemberIntent } from './screens';

type Refund = {
  careDate: string;
  paymentDate: string;
  actWording: string;
  productCents: number;
  paymentTarget: keyof typeof PAYMENT_TARGET_LABELS;
  thirdPartyName: string | null;
};

const FOLDED_MONTHS = FRENCH_MONTHS.map((m) => fold(m));

/** « 12 novembre », « 1er novembre », « 12/11 » in the question → { day, month }; null when it names no day. */
export function dayOfQuestion(question: string): { day: number; month: number } | null {
  const folded = fold(question);
  const words = new RegExp(`\\b(1er|\\d{1,2})\\s+(${FOLDED_MONTHS.join('|')})\\b`).exec(folded);
  if (words) return { day: words[1] === '1er' ? 1 : Number(words[1]), month: FOLDED_MONTHS.indexOf(words[2]!) + 1 };
  const digits = /\b(\d{1,2})\/(\d{1,2})\b/.exec(folded);
  if (digits && Number(digits[2]) >= 1 && Number(digits[2]) <= 12) return { day: Number(digits[1]), month: Number(digits[2]) };
  return null;
}

const long = (iso: string) => formatDate(iso, 'long');

/** « Consultation, soin du 12 novembre 2026 : 23,00 € versés le 14 novembre 2026 (payé à l’assuré). » */
function refundSentence(r: Refund, brand: string): string {
  const to = r.paymentTarget === 'health_professional' && r.thirdPartyName ? `versés à ${r.thirdPartyName}` : 'versés';
  return `${r.actWording}, soin du ${long(r.careDate)}\u00a0: ${formatEuros(r.productCents)} remboursés par ${brand}, ${to} le ${long(r.paymentDate)}.`;
}

const refundColumns = {
  careDate: refunds.careDate,
  paymentDate: refunds.paymentDate,
  actWording: refunds.actWording,
  productCents: refunds.productCents,
  paymentTarget: refunds.paymentTarget,
  thirdPartyName: refunds.thirdPartyName,
};

async function lastRefunds(db: Db, memberId: string, limit: number): Promise<Refund[]> {
  return db
    .select(refundColumns)
    .from(refunds)
    .where(eq(refunds.memberId, memberId))
    .orderBy(desc(refunds.paymentDate), desc(refunds.careDate), desc(refunds.id))
    .limit(limit);
}

/** The member's requests not yet done, newest first. */
async function openRequests(db: Db, memberId: string, limit: number) {
  return db
    .select({ title: requests.title, statusKey: requests.statusKey, typeCode: requests.typeCode, type: requestTypes.type, createdAt: requests.createdAt })
    .from(requests)
    .innerJoin(requestTypes, eq(requestTypes.typeCode, requests.typeCode))
    .where(and(eq(requests.memberId, memberId), ne(requests.statusKey, 'done'), ne(requests.statusKey, 'read')))
    .orderBy(desc(requests.createdAt), desc(requests.id))
    .limit(limit);
}

const requestLine = (r: Awaited<ReturnType<typeof openRequests>>[number]) =>
  `« ${r.title} », envoyée le ${long(r.createdAt.toISOString())}\u00a0: ${statusBadgeLabel({ type: r.type, typeCode: r.typeCode, statusKey: r.statusKey })}.`;

type Context = { db: Db; memberId: string; brand: string; today: string; question: string };

/**
 * The answer to a question about the member's own data, read from the member's own rows only (the
 * session's member, within the session's tenant); null when there is nothing to say from them.
 */
export async function memberAnswer(intent: MemberIntent, ctx: Context): Promise<TAssistantAnswer | null> {
  const source = { kind: 'member' as const, id: intent.id, url: intent.url };
  const action = { label: intent.action, url: intent.url };
  const { db, memberId, brand } = ctx;
  if (intent.id === 'last-refunds') {
    const day = dayOfQuestion(ctx.question);
    if (day) {
      const onThatDay = await db
        .select(refundColumns)
        .from(refunds)
        .where(
          and(
            eq(refunds.memberId, memberId),
            sql`extract(month from ${refunds.careDate}) = ${day.month}`,
            sql`extract(day from ${refunds.careDate}) = ${day.day}`,
            lte(refunds.careDate, ctx.today),
          ),
        )
        .orderBy(desc(refunds.careDate), desc(refunds.id))
        .limit(3);
      const named = `${day.day === 1 ? '1er' : day.day} ${FRENCH_MONTHS[day.month - 1]}`;
      if (onThatDay.length)
        return { title: `Votre remboursement du ${named}`, text: onThatDay.map((r) => refundSentence(r, brand)).join('\n'), source, action };
      const pending = await openRequests(db, memberId, 3);
      return {
        title: `Votre remboursement du ${named}`,
        text: [
          `Aucun remboursement n’est encore enregistré pour un soin du ${named}.`,
          ...(pending.length ? ['Vos demandes en cours\u00a0:', ...pending.map(requestLine)] : []),
        ].join('\n'),
        source,
        action,
      };
    }
    const last = await lastRefunds(db, memberId, 3);
    if (!last.length) return { title: intent.title, text: 'Vous n’avez encore aucun remboursement enregistré.', source, action };
    return { title: intent.title, text: last.map((r) => refundSentence(r, brand)).join('\n'), source, action };
  }
  if (intent.id === 'payment-dates') {
    const [last] = await lastRefunds(db, memberId, 1);
    const pending = await openRequests(db, memberId, 3);
    const lines = [
      'Votre part est versée sous 48\u00a0heures après le remboursement de l’Assurance maladie quand la télétransmission est active, sous 5\u00a0jours ouvrés pour une demande envoyée avec ses justificatifs.',
      ...(last
        ? [`Dernier versement\u00a0: ${formatEuros(last.productCents)} le ${long(last.paymentDate)} (${last.actWording}, soin du ${long(last.careDate)}).`]
        : []),
      ...(pending.length ? ['En cours de traitement\u00a0:', ...pending.map(requestLine)] : []),
    ];
    return { title: 'Quand serez-vous payé\u00a0?', text: lines.join('\n'), source, action };
  }
  if (intent.id === 'card') {
    const [contract] = await db
      .select({ label: contracts.label, insurerContract: contracts.insurerContract })
      .from(contracts)
      .where(
        and(
          eq(contracts.memberId, memberId),
          lte(contracts.incomingDate, ctx.today),
          or(isNull(contracts.outgoingDate), gte(contracts.outgoingDate, ctx.today)),
        ),
      )
      .orderBy(desc(contracts.incomingDate))
      .limit(1);
    if (!contract)
      return { title: intent.title, text: 'Vous n’avez pas de contrat en cours\u00a0: aucune carte de tiers payant n’est valable.', source, action: undefined };
    return {
      title: intent.title,
      text: `Votre carte de tiers payant du contrat « ${contract.label} » (n°\u00a0${contract.insurerContract}) est dans votre espace\u00a0: affichez-la, téléchargez-la en PDF ou ajoutez-la à votre téléphone.`,
      source,
      action,
    };
  }
  const pending = await openRequests(db, memberId, 3);
  return { title: intent.title, text: pending.length ? pending.map(requestLine).join('\n') : 'Vous n’avez aucune demande en cours.', source, action };
}
