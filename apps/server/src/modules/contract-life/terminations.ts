import { TERMINATION_KIND_NOT_OFFERED, offeredTerminationKinds } from '@mutua/contracts/features';
import { formatDate, frenchDateWords } from '@mutua/contracts/french-format';
import { capitalizeName } from '@mutua/contracts/names';
import {
  TERMINATION_BASIS_LABELS,
  TERMINATION_BLOCK_MESSAGES,
  TERMINATION_EFFECTS,
  TERMINATION_KIND_LABELS,
  TERMINATION_REASON_LABELS,
  TERMINATION_TYPE_CODES,
  isSituationReason,
  terminationAcknowledgementFileName,
  terminationEffectiveDate,
  type TContract,
  type TTermination,
  type TTerminationFormParsed,
  type TerminationBasis,
  type TerminationReason,
} from '@mutua/contracts/termination';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { requestSteps, terminations, type Tenant } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { parisDate } from '../../lib/clock';
import { composeMail, type MailBrand, type RenderedMail } from '../mail/public';
import { loadContracts, productSettings } from './contracts';
import { renderLetterPdf, type LetterBlock } from './letter-pdf';
import { submitMemberRequest } from '../requests/public';
import type { AppServices } from '../../core/module';

export type LifeDeps = Pick<AppServices, 'db' | 'clock' | 'audit' | 'notifier'>;
export type LifeContext = { tenant: Tenant; memberId: string; ip: string; brand: MailBrand; origin: string };

type Row = typeof terminations.$inferSelect;

async function contractOf(deps: LifeDeps, ctx: LifeContext, insurerContract: string, today: string) {
  const answer = await loadContracts(deps.db, ctx.tenant.id, ctx.memberId, today);
  const contract = answer.contracts.find((c) => c.insurerContract === insurerContract);
  return { contract, membershipNumber: answer.membershipNumber };
}

function refuseBlocked(contract: TContract) {
  if (!contract.terminationBlock) return;
  const detail = contract.terminationBlock === 'CANCELLATION_DISABLED' && contract.terminationBlockDetail ? ` ${contract.terminationBlockDetail}` : '';
  throw new AppError('TERMINATION_NOT_ALLOWED', `${TERMINATION_BLOCK_MESSAGES[contract.terminationBlock]}${detail}`);
}

function viewOf(row: Row, contract: TContract | undefined, membershipNumber: string): TTermination {
  return {
    id: row.id,
    status: row.status,
    kind: row.kind,
    surName: row.surName,
    firstName: row.firstName,
    email: row.email,
    membershipNumber,
    insurerContract: row.insurerContract,
    contractLabel: contract?.label ?? row.insurerContract,
    productNumber: contract?.productNumber ?? '',
    options: row.optionCodes.map((code) => ({ code, label: contract?.options.find((o) => o.code === code)?.label ?? code })),
    persons: (contract?.persons ?? []).filter((p) => row.familyPositions.includes(p.familyPosition)),
    reason: row.reason as TerminationReason,
    reasonText: row.reasonText,
    date: row.date,
    effectiveDate: row.effectiveDate,
    lastCoveredDate: row.lastCoveredDate,
    basis: row.basis as TerminationBasis,
    receivedAt: row.receivedAt?.toISOString() ?? null,
    requestId: row.requestId,
  };
}

/** Step 2 (the form): checks the choice against the member's contract, computes the dates, keeps a draft for the summary. */
export async function createTerminationDraft(deps: LifeDeps, ctx: LifeContext, form: TTerminationFormParsed): Promise<TTermination> {
  const now = deps.clock.now();
  const today = parisDate(now);
  const { contract, membershipNumber } = await contractOf(deps, ctx, form.insurerContract, today);
  if (!contract) throw new AppError('NOT_FOUND');
  refuseBlocked(contract);
  // The tenant's CONTRACT_RESILIATION params say which terminations it offers online.
  if (!offeredTerminationKinds(ctx.tenant.features).includes(form.kind)) throw new AppError('TERMINATION_NOT_ALLOWED', TERMINATION_KIND_NOT_OFFERED[form.kind]);
  const positions = new Set(contract.persons.map((p) => p.familyPosition));
  const paidOptions = new Set(contract.options.filter((o) => o.kind === 'INDIVIDUAL_OPTION' && (o.endDate === null || o.endDate > today)).map((o) => o.code));
  const optionCodes = form.kind === 'PAID_OPTIONS' ? [...new Set(form.optionCodes)] : [];
  if (!form.familyPositions.every((p) => positions.has(p)) || !optionCodes.every((c) => paidOptions.has(c)))
    throw new AppError('TERMINATION_INVALID_SELECTION');
  const { dueMonthDay } = await productSettings(deps.db, ctx.tenant.id, contract.productNumber);
  const dates = terminationEffectiveDate({ reason: form.reason, receivedOn: today, membershipStart: contract.startDate, date: form.date || null, dueMonthDay });
  const [row] = await deps.db
    .insert(terminations)
    .values({
      memberId: ctx.memberId,
      status: 'DRAFT',
      kind: form.kind,
      surName: form.surName,
      firstName: form.firstName,
      email: form.email,
      insurerContract: contract.insurerContract,
      optionCodes,
      familyPositions: [...new Set(form.familyPositions)].sort((a, b) => a - b),
      reason: form.reason,
      reasonText: form.reasonText,
      date: form.date || null,
      effectiveDate: dates.effectiveDate,
      lastCoveredDate: dates.lastCoveredDate,
      basis: dates.basis,
      createdAt: now,
    })
    .returning();
  return viewOf(row!, contract, membershipNumber);
}

async function ownRow(deps: LifeDeps, memberId: string, id: string): Promise<Row | undefined> {
  const [row] = await deps.db
    .select()
    .from(terminations)
    .where(and(eq(terminations.id, id), eq(terminations.memberId, memberId)));
  return row;
}

export async function findTermination(deps: LifeDeps, ctx: LifeContext, id: string): Promise<TTermination | null> {
  const row = await ownRow(deps, ctx.memberId, id);
  if (!row) return null;
  const { contract, membershipNumber } = await contractOf(deps, ctx, row.insurerContract, parisDate(deps.clock.now()));
  return viewOf(row, contract, membershipNumber);
}

function summaryLines(t: TTermination): { label: string; value: string }[] {
  return [
    { label: 'Demandeur', value: `${capitalizeName(t.firstName)} ${t.surName.toUpperCase()}` },
    { label: 'Adresse e-mail', value: t.email },
    { label: 'Numéro d’adhérent', value: t.membershipNumber },
    { label: 'Contrat', value: `${t.contractLabel} (n° ${t.insurerContract})` },
    { label: 'Résiliation demandée', value: TERMINATION_KIND_LABELS[t.kind] },
    ...(t.options.length ? [{ label: 'Options résiliées', value: t.options.map((o) => o.label).join(', ') }] : []),
    { label: 'Personnes concernées', value: t.persons.map((p) => `${capitalizeName(p.firstName)} ${p.surName.toUpperCase()}`).join(', ') },
    { label: 'Motif', value: TERMINATION_REASON_LABELS[t.reason] + (t.reasonText ? `\u00a0: ${t.reasonText}` : '') },
    ...(t.date ? [{ label: isSituationReason(t.reason) ? 'Date de l’événement' : 'Date souhaitée', value: frenchDateWords(t.date) }] : []),
  ];
}

class AlreadyConfirmed extends Error {}

/** The acknowledgement mail of a confirmed termination (rendered apart so that every mail can be checked for accessibility). */
export function terminationAcknowledgementMail(brand: MailBrand, origin: string, t: TTermination, now: Date): RenderedMail {
  return composeMail('TERMINATION_ACKNOWLEDGEMENT', brand, 'Accusé de réception de votre demande de résiliation', `Bonjour ${capitalizeName(t.firstName)},`, [
    { kind: 'p', text: `Nous avons bien reçu votre demande de résiliation le ${formatDate(now, 'words')}.` },
    { kind: 'list', items: summaryLines(t).map((l) => `${l.label}\u00a0: ${l.value}`) },
    {
      kind: 'p',
      text: `Date d’effet de la résiliation\u00a0: ${frenchDateWords(t.effectiveDate)} (vous êtes couvert jusqu’au ${frenchDateWords(t.lastCoveredDate)} inclus). ${TERMINATION_BASIS_LABELS[t.basis]}`,
    },
    { kind: 'p', text: 'Effets de la résiliation\u00a0:' },
    { kind: 'list', items: [...TERMINATION_EFFECTS] },
    { kind: 'button', label: 'Télécharger l’accusé de réception (PDF)', href: `${origin}/api/terminations/${t.id}/acknowledgement.pdf` },
  ]);
}

/** The acknowledgement by e-mail (the law asks for a durable medium), queued in the confirming transaction. */
async function queueAcknowledgementMail(deps: LifeDeps, ctx: LifeContext, t: TTermination, now: Date, tx: Db) {
  const mail = terminationAcknowledgementMail(ctx.brand, ctx.origin, t, now);
  const from = `"${ctx.tenant.name.replace(/["\\]/g, '')}" <${ctx.tenant.settings.noReplyEmail}>`;
  await deps.notifier.enqueue(
    { channel: 'EMAIL', mail: { tenantId: ctx.tenant.id, kind: mail.kind, to: t.email, from, subject: mail.subject, text: mail.text, html: mail.html } },
    { tx },
  );
}

/** Step 3 (« Confirmer ma demande de résiliation »): the request is received now; dates recomputed for today; mail queued in the same transaction. */
export async function confirmTermination(deps: LifeDeps, ctx: LifeContext, id: string): Promise<TTermination | null> {
  const row = await ownRow(deps, ctx.memberId, id);
  if (!row) return null;
  const now = deps.clock.now();
  const today = parisDate(now);
  const { contract, membershipNumber } = await contractOf(deps, ctx, row.insurerContract, today);
  if (row.status === 'CONFIRMED') return viewOf(row, contract, membershipNumber);
  if (!contract) throw new AppError('NOT_FOUND');
  refuseBlocked(contract);
  const { dueMonthDay } = await productSettings(deps.db, ctx.tenant.id, contract.productNumber);
  const dates = terminationEffectiveDate({
    reason: row.reason as TerminationReason,
    receivedOn: today,
    membershipStart: contract.startDate,
    date: row.date,
    dueMonthDay,
  });
  const title = row.kind === 'PAID_OPTIONS' ? `Résiliation d’options payantes – ${contract.label}` : `Résiliation du contrat ${contract.label}`;
  const pendingView = viewOf({ ...row, status: 'CONFIRMED', receivedAt: now, ...dates }, contract, membershipNumber);
  const body = [...summaryLines(pendingView).map((l) => `${l.label}\u00a0: ${l.value}`), `Date d’effet\u00a0: ${frenchDateWords(dates.effectiveDate)}`].join(
    '\n',
  );
  let confirmed: TTermination;
  try {
    ({ data: confirmed } = await submitMemberRequest(
      deps.db,
      { memberId: ctx.memberId, typeCode: TERMINATION_TYPE_CODES[row.kind], title, message: body },
      {
        now,
        details: async (tx, created) => {
          // Only a draft moves: a second confirm racing this one updates nothing and rolls its request back.
          const [updated] = await tx
            .update(terminations)
            .set({
              status: 'CONFIRMED',
              receivedAt: now,
              effectiveDate: dates.effectiveDate,
              lastCoveredDate: dates.lastCoveredDate,
              basis: dates.basis,
              requestId: created.requestId,
            })
            .where(and(eq(terminations.id, id), eq(terminations.memberId, ctx.memberId), eq(terminations.status, 'DRAFT')))
            .returning();
          if (!updated) throw new AlreadyConfirmed();
          await tx
            .update(requestSteps)
            .set({ labelCaption: `Reçue le ${formatDate(now, 'words')}. Date d’effet\u00a0: ${frenchDateWords(dates.effectiveDate)}.` })
            .where(eq(requestSteps.requestId, created.requestId));
          const final = viewOf(updated, contract, membershipNumber);
          await queueAcknowledgementMail(deps, ctx, final, now, tx);
          return final;
        },
      },
    ));
  } catch (e) {
    if (e instanceof AlreadyConfirmed) return findTermination(deps, ctx, id);
    throw e;
  }
  deps.notifier.wake();
  await deps.audit.record({
    kind: 'TERMINATION_CONFIRMED',
    tenantId: ctx.tenant.id,
    memberId: ctx.memberId,
    ip: ctx.ip,
    details: { terminationId: id, kind: row.kind, effectiveDate: confirmed.effectiveDate },
  });
  return confirmed;
}

/** The acknowledgement on a durable medium: date and time received, end date, effects. */
export async function terminationAcknowledgement(deps: LifeDeps, ctx: LifeContext, id: string): Promise<{ pdf: Buffer; fileName: string } | null> {
  const t = await findTermination(deps, ctx, id);
  if (!t) return null;
  if (t.status !== 'CONFIRMED' || !t.receivedAt) throw new AppError('TERMINATION_NOT_CONFIRMED');
  const received = new Date(t.receivedAt);
  const blocks: LetterBlock[] = [
    { kind: 'p', text: `Demande reçue le ${formatDate(received, 'words')} (heure de Paris).` },
    { kind: 'heading', text: 'Votre demande' },
    ...summaryLines(t).map((l) => ({ kind: 'field' as const, ...l })),
    { kind: 'heading', text: 'Date de fin du contrat' },
    { kind: 'field', label: 'Date d’effet de la résiliation', value: frenchDateWords(t.effectiveDate) },
    { kind: 'field', label: 'Dernier jour couvert', value: frenchDateWords(t.lastCoveredDate) },
    { kind: 'p', text: TERMINATION_BASIS_LABELS[t.basis] },
    { kind: 'heading', text: 'Effets de la résiliation' },
    ...TERMINATION_EFFECTS.map((text) => ({ kind: 'bullet' as const, text })),
    { kind: 'p', text: 'Ce document vaut accusé de réception de votre demande de résiliation. Conservez-le.' },
  ];
  const pdf = await renderLetterPdf({ brandName: ctx.tenant.name, title: 'Accusé de réception de votre demande de résiliation', blocks });
  return { pdf, fileName: terminationAcknowledgementFileName(parisDate(received)) };
}
