import {
  COMPLAINT_PROCESS,
  COMPLAINT_THEME_LABELS,
  COMPLAINT_TYPE_CODES,
  CONTACT_THEMES,
  DEFAULT_CALL_HOURS,
  MEDIATOR,
  complaintCopyFileName,
  complaintDeadlines,
  frenchDateWords,
  type TComplaintFields,
  type TComplaintSent,
  type TContactChannels,
  type TContactFields,
} from '@mutua/contracts';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { complaints, tenantContactChannels } from '../../db/schema';
import type { InspectedUpload } from '../../http/upload-check';
import { parisDate } from '../../lib/clock';
import { frenchDateTime } from './french';
import { renderLetterPdf } from './letter-pdf';
import { insertMemberRequest } from './member-request';
import type { LifeContext, LifeDeps } from './terminations';

const deadlinesCaption = (d: { acknowledgeBy: string; answerBy: string }) =>
  `Accusé de réception au plus tard le ${frenchDateWords(d.acknowledgeBy)} ; réponse au plus tard le ${frenchDateWords(d.answerBy)}.`;

/** A complaint: a request of type 10024–10029 whose first step carries the two deadlines, and its row. */
export async function fileComplaint(deps: LifeDeps, ctx: LifeContext, fields: TComplaintFields, files: readonly InspectedUpload[]): Promise<TComplaintSent> {
  const now = deps.clock.now();
  const deadlines = complaintDeadlines(parisDate(now));
  const sent = await deps.db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const created = await insertMemberRequest(tx, {
      memberId: ctx.memberId,
      typeCode: COMPLAINT_TYPE_CODES[fields.theme],
      title: `Réclamation : ${fields.subject}`,
      body: fields.comment,
      files,
      firstStepCaption: deadlinesCaption(deadlines),
      at: now,
    });
    const [row] = await tx
      .insert(complaints)
      .values({ memberId: ctx.memberId, requestId: created.requestId, ...fields, receivedAt: now, ...deadlines })
      .returning({ id: complaints.id });
    return { id: row!.id, requestId: created.requestId, receivedAt: now.toISOString(), ...deadlines };
  });
  await deps.audit.record({ kind: 'COMPLAINT_FILED', tenantId: ctx.tenant.id, memberId: ctx.memberId, ip: ctx.ip, details: { complaintId: sent.id, theme: fields.theme } });
  return sent;
}

/** The dated copy of a complaint (RULES.md: "a complaint sent online gets a dated copy"). */
export async function complaintCopy(deps: LifeDeps, ctx: LifeContext, id: string): Promise<{ pdf: Buffer; fileName: string } | null> {
  const [row] = await deps.db.select().from(complaints).where(and(eq(complaints.id, id), eq(complaints.memberId, ctx.memberId)));
  if (!row) return null;
  const pdf = await renderLetterPdf({
    brandName: ctx.tenant.name,
    title: 'Copie de votre réclamation',
    blocks: [
      { kind: 'p', text: `Réclamation reçue le ${frenchDateTime(row.receivedAt)} (heure de Paris).` },
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
export async function sendContactMessage(deps: LifeDeps, ctx: LifeContext, fields: TContactFields, files: readonly InspectedUpload[]): Promise<{ requestId: string }> {
  const theme = CONTACT_THEMES.find((t) => t.code === fields.theme)!;
  const now = deps.clock.now();
  const created = await deps.db.transaction(async (tx) =>
    insertMemberRequest(tx as unknown as Db, { memberId: ctx.memberId, typeCode: theme.typeCode, title: fields.subject, body: fields.message, files, at: now }),
  );
  return { requestId: created.requestId };
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
