import {
  COMPLAINT_PROCESS,
  COMPLAINT_THEME_LABELS,
  COMPLAINT_TYPE_CODES,
  CONTACT_THEMES,
  DEFAULT_CALL_HOURS,
  MEDIATOR,
  complaintCopyFileName,
  complaintDeadlines,
  type TComplaintFields,
  type TComplaintSent,
  type TContactChannels,
  type TContactFields,
} from '@mutua/contracts/complaints';
import { formatDate, frenchDateWords } from '@mutua/contracts/french-format';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { complaints, requestSteps, tenantContactChannels } from '../../db/schema';
import type { InspectedUpload } from '../../http/upload-check';
import { parisDate } from '../../lib/clock';
import { renderLetterPdf } from './letter-pdf';
import { submitMemberRequest, type Submitted } from '../requests/public';
import type { LifeContext, LifeDeps } from './terminations';

const deadlinesCaption = (d: { acknowledgeBy: string; answerBy: string }) =>
  `Accusé de réception au plus tard le ${frenchDateWords(d.acknowledgeBy)}\u00a0; réponse au plus tard le ${frenchDateWords(d.answerBy)}.`;

/** A complaint: a request of type 10024–10029 whose first step carries the two deadlines, and its row. */
export async function fileComplaint(
  deps: LifeDeps,
  ctx: LifeContext,
  fields: TComplaintFields,
  files: readonly InspectedUpload[],
  idempotencyKey: string | null,
): Promise<Submitted<TComplaintSent>> {
  const now = deps.clock.now();
  const deadlines = complaintDeadlines(parisDate(now));
  const submitted = await submitMemberRequest(
    deps.db,
    { memberId: ctx.memberId, typeCode: COMPLAINT_TYPE_CODES[fields.theme], title: `Réclamation\u00a0: ${fields.subject}`, message: fields.comment, files },
    {
      idempotencyKey,
      now,
      details: async (tx, created) => {
        await tx
          .update(requestSteps)
          .set({ labelCaption: deadlinesCaption(deadlines) })
          .where(eq(requestSteps.requestId, created.requestId));
        const [row] = await tx
          .insert(complaints)
          .values({ memberId: ctx.memberId, requestId: created.requestId, ...fields, receivedAt: now, ...deadlines })
          .returning({ id: complaints.id });
        return { id: row!.id, requestId: created.requestId, receivedAt: now.toISOString(), ...deadlines };
      },
    },
  );
  if (!submitted.replayed) {
    await deps.audit.record({
      kind: 'COMPLAINT_FILED',
      tenantId: ctx.tenant.id,
      memberId: ctx.memberId,
      ip: ctx.ip,
      details: { complaintId: submitted.data.id, theme: fields.theme },
    });
  }
  return submitted;
}

/** The dated copy of a complaint ("a complaint sent online gets a dated copy"). */
export async function complaintCopy(deps: LifeDeps, ctx: LifeContext, id: string): Promise<{ pdf: Buffer; fileName: string } | null> {
  const [row] = await deps.db
    .select()
    .from(complaints)
    .where(and(eq(complaints.id, id), eq(complaints.memberId, ctx.memberId)));
  if (!row) return null;
  const pdf = await renderLetterPdf({
    brandName: ctx.tenant.name,
    title: 'Copie de votre réclamation',
    blocks: [
      { kind: 'p', text: `Réclamation reçue le ${formatDate(row.receivedAt, 'words')} (heure de Paris).` },
      { kind: 'field', label: 'Thème', value: COMPLAINT_THEME_LABELS[row.theme as keyof typeof COMPLAINT_THEME_LABELS] ?? row.theme },
      { kind: 'field', label: 'Objet', value: row.subject },
      { kind: 'heading', text: 'Votre commentaire' },
      ...row.comment.split(/\n+/).map((text) => ({ kind: 'p' as const, text })),
      { kind: 'heading', text: 'Nos engagements' },
      { kind: 'field', label: 'Accusé de réception au plus tard le', value: frenchDateWords(row.acknowledgeBy) },
      { kind: 'field', label: 'Réponse au plus tard le', value: frenchDateWords(row.answerBy) },
      ...COMPLAINT_PROCESS.map((text) => ({ kind: 'bullet' as const, text })),
      { kind: 'heading', text: 'Médiation' },
      { kind: 'p', text: MEDIATOR.when },
      { kind: 'p', text: `${MEDIATOR.address.join(', ')} - ${MEDIATOR.website}` },
    ],
  });
  return { pdf, fileName: complaintCopyFileName(parisDate(row.receivedAt)) };
}

/** A request for information (contact-us): a message request of the theme's kind, not a complaint. */
export async function sendContactMessage(
  deps: LifeDeps,
  ctx: LifeContext,
  fields: TContactFields,
  files: readonly InspectedUpload[],
  idempotencyKey: string | null,
): Promise<Submitted<{ requestId: string }>> {
  const theme = CONTACT_THEMES.find((t) => t.code === fields.theme)!;
  return submitMemberRequest(
    deps.db,
    { memberId: ctx.memberId, typeCode: theme.typeCode, title: fields.subject, message: fields.message, files },
    { idempotencyKey, now: deps.clock.now(), details: async (_tx, created) => ({ requestId: created.requestId }) },
  );
}

/** The tenant's phone line and hours (companySpecificities CALL_HOURS) and post address, with defaults. */
export async function contactChannels(db: Db, tenant: { id: string; name: string }): Promise<TContactChannels> {
  const [row] = await db.select().from(tenantContactChannels).where(eq(tenantContactChannels.tenantId, tenant.id));
  return {
    phone: row?.phone ?? '09 69 39 00 00',
    callHours: row?.callHours ?? DEFAULT_CALL_HOURS,
    postAddress: row?.postAddress ?? [tenant.name, 'Service adhérents', 'TSA 10000', '75000 Paris'],
    themes: CONTACT_THEMES.map(({ code, label }) => ({ code, label })),
    mediator: { ...MEDIATOR, address: [...MEDIATOR.address] },
  };
}
