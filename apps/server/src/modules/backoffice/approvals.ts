import {
  canApprove,
  type TApproval,
  type TDocumentProposalFields,
  type TProposedLine,
  type TRefundClaimDefaults,
  type TRefundProposal,
} from '@mutua/contracts/backoffice-approvals';
import type { TCareTotals } from '@mutua/contracts/guarantees-api';
import { formatPersonName } from '@mutua/contracts/names';
import { OPERATION_TYPES, type OperationType } from '@mutua/contracts/refunds';
import { BILL_KINDS } from '@mutua/contracts/requests';
import { and, desc, eq, inArray } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { openDocument, sealDocument } from '../../db/protected-fields';
import type { Db } from '../../db/client';
import { beneficiaries, boApprovalFiles, boApprovals, members, refunds, requestSteps, requests, staff, type BoApproval } from '../../db/schema';
import type { FormFile } from '../../http/multipart';
import { AppError } from '../../lib/app-error';
import { storeFile, type FileDownload } from '../documents/public';
import { refundClaimOf } from '../refund-requests/public';
import { claimLineOf, computeLinesFor, giveBackAllowances, operationTypeOf, publishClaim } from '../guarantees/public';
import { cancelRefund } from '../refunds/public';
import { CASE_KIND_HANDLERS, findCaseRow, moveCaseStep, replyToCase, type CaseRow } from './cases';
import { tenantsOf } from '../../core/staff-sessions';
import type { StaffSession } from '../../core/staff-sessions';

/*
 * Four eyes. An agent accepting a refund claim proposes the refund: the
 * case shows « Vérifications effectuées » and a proposal waits. A manager who is not the proposer
 * approves it — the refunds module publishes the refund (statement included) and the case reaches
 * « Prise en charge » — or rejects it with a reason (the case stays open for another proposal).
 * A document (an attestation, a letter) goes the same way: the agent proposes a PDF for a case, the
 * member sees nothing until a manager, having read it, approves — then it arrives in the request's
 * thread as the insurer's message with the PDF attached, unread, with « Vous avez un nouveau message ».
 */

/** A refund proposal as stored: the claim's lines, the engine's figures when proposed, and the summary the lists show. */
type RefundPayload = {
  familyPosition: number;
  careDate: string;
  inputs: TRefundProposal['lines'];
  lines: TProposedLine[];
  totals: TCareTotals;
  actFamily: OperationType;
  actWording: string;
  totalCostCents: number;
  socialSecurityCents: number;
  productCents: number;
  socialSecurityRate: number;
};
type DocumentPayload = Omit<TDocumentProposalFields, 'caseId'>;
/** Writes, in the publishing transaction, the mail that tells the member (prepared before it: PGlite runs one transaction at a time). */
export type PrepareMemberMail = (target: { tenant_id: string; member_id: string }) => Promise<(tx: Db) => Promise<void>>;

// A refund claim is taken in charge (« Prise en charge ») by the approval of its refund: not by hand while one waits.
CASE_KIND_HANDLERS.bill = {
  onStep: async ({ tx, caseId, step }) => {
    if (step !== 'done') return;
    const [pending] = await tx
      .select({ id: boApprovals.id })
      .from(boApprovals)
      .where(and(eq(boApprovals.requestId, caseId), eq(boApprovals.state, 'PENDING')));
    if (pending) throw new AppError('APPROVAL_PENDING');
  },
};

/** A bill kind's operation type, for the form's first value. */
const FAMILY_OF_BILL: Record<(typeof BILL_KINDS)[number], OperationType> = {
  alternative_medicine: 'alternative_medicine',
  dental: 'dental',
  hospital_care: 'hospital',
  new_optical_equipment: 'optical',
  various: 'consultation',
  spa_stay: 'paramedical',
  new_hearing_aid: 'hearing',
};

/**
 * What the case's refund form starts from: the member's claim and the lines the engine computes from
 * it (act, care date, expense, sessions, and the member's product at the care date). Null for a case
 * that is no refund claim.
 */
export async function refundDefaults(db: Db, staffId: string, caseId: string): Promise<TRefundClaimDefaults | null> {
  const row = await findCaseRow(db, staffId, caseId);
  if (!row || row.type !== 'bill') return null;
  const claim = await refundClaimOf(db, caseId);
  if (!claim) return null;
  const kind = row.code_name as (typeof BILL_KINDS)[number];
  const [person] = await db
    .select({ familyPosition: beneficiaries.familyPosition })
    .from(requests)
    .innerJoin(beneficiaries, eq(beneficiaries.id, requests.beneficiaryId))
    .where(eq(requests.id, row.request_id));
  const familyPosition = person?.familyPosition ?? 1;
  const line = claimLineOf(claim);
  let proposal: TRefundClaimDefaults['proposal'] = null;
  let problem: string | null = null;
  try {
    const computed = await computeLinesFor(db, { tenantId: row.tenant_id, memberId: row.member_id, familyPosition }, claim.careDate, [line]);
    proposal = { productCode: computed.cover.product.code, inputs: [line], lines: computed.lines, totals: computed.totals };
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    problem = error.message;
  }
  return {
    actWording: row.title.split(' – ').at(-1)?.slice(0, 120) ?? row.title,
    actFamily: FAMILY_OF_BILL[kind] ?? 'consultation',
    careDate: claim.careDate,
    totalCostCents: claim.amountCents,
    familyPosition,
    proposal,
    problem,
  };
}

/** Four eyes, one proposal at a time: a case with a proposal awaiting its manager takes no other. */
async function refuseWhilePending(db: Db, requestId: string): Promise<void> {
  const [pending] = await db
    .select({ id: boApprovals.id })
    .from(boApprovals)
    .where(and(eq(boApprovals.requestId, requestId), eq(boApprovals.state, 'PENDING')));
  if (pending) throw new AppError('APPROVAL_PENDING');
}

/** The proposal, pending, of the staff member making it on the case; its id. */
async function insertProposal(
  tx: Db,
  row: CaseRow,
  kind: BoApproval['kind'],
  payload: RefundPayload | DocumentPayload,
  staffId: string,
  now: Date,
): Promise<string> {
  const [created] = await tx
    .insert(boApprovals)
    .values({ tenantId: row.tenant_id, memberId: row.member_id, requestId: row.request_id, kind, payload, proposedBy: staffId, proposedAt: now })
    .returning({ id: boApprovals.id });
  return created!.id;
}

/**
 * POST /bo/refunds: the proposal (pending), its lines computed by the engine; the case moves to
 * « Vérifications effectuées ». A corrected line keeps the engine's figure beside the correction and
 * its reason, for the approving manager. Null: not the staff's case.
 */
export async function proposeRefund(db: Db, session: StaffSession, input: TRefundProposal, now: Date) {
  const row = await findCaseRow(db, session.staffId, input.caseId);
  if (!row) return null;
  if (row.type !== 'bill' || row.state !== 'OPEN') throw new AppError('CASE_NOT_REFUND_CLAIM');
  await refuseWhilePending(db, row.request_id);
  const computed = await computeLinesFor(
    db,
    { tenantId: row.tenant_id, memberId: row.member_id, familyPosition: input.familyPosition },
    input.careDate,
    input.lines,
  );
  const lines: TProposedLine[] = computed.lines.map((l, i) => ({ ...l, correction: input.lines[i]!.correction }));
  for (const l of lines) {
    // Even corrected, the Sécurité sociale and the mutuelle never pay more than the expense.
    if (l.correction && l.correction.amcCents > l.expenseCents - l.amoGrossCents) throw new AppError('VALIDATION_FAILED', CORRECTION_TOO_HIGH);
  }
  const paid = lines.map((l) => l.correction?.amcCents ?? l.amcCents);
  const payload: RefundPayload = {
    familyPosition: input.familyPosition,
    careDate: input.careDate,
    inputs: input.lines,
    lines,
    totals: computed.totals,
    actFamily: operationTypeOf(computed.tariffs.acts.get(input.lines[0]!.actCode)!.family),
    actWording: lines.length === 1 ? lines[0]!.label : `${lines[0]!.label} (${lines.length} actes)`,
    totalCostCents: computed.totals.expenseCents,
    socialSecurityCents: computed.totals.amoNetCents,
    productCents: paid.reduce((n, c) => n + c, 0),
    socialSecurityRate: Math.round(lines[0]!.amoRate),
  };
  const reached = await db.select({ step: requestSteps.step }).from(requestSteps).where(eq(requestSteps.requestId, row.request_id));
  const id = await db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const created = await insertProposal(tx, row, 'refund', payload, session.staffId, now);
    if (!reached.some((s) => s.step === 'check_done')) await moveCaseStep(tx, session.staffId, row.request_id, 'check_done', now);
    return created;
  });
  return { id, row, payload };
}

const CORRECTION_TOO_HIGH = 'La correction dépasse ce que la mutuelle peut rembourser (dépense moins la part de la Sécurité sociale).';

/**
 * POST /bo/refunds/{id}/cancel: a published refund of the staff's tenants cancelled — its allowances
 * given back and the refund removed from the member's list in one transaction. Null: not in scope.
 */
export async function cancelPublishedRefund(db: Db, staffId: string, refundId: string, reason: string, now: Date) {
  const scope = await tenantsOf(db, staffId);
  if (scope.length === 0) return null;
  const [row] = await db
    .select({ tenantId: members.tenantId })
    .from(refunds)
    .innerJoin(members, eq(members.id, refunds.memberId))
    .where(and(eq(refunds.id, refundId), inArray(members.tenantId, scope)));
  if (!row) return null;
  return db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    await giveBackAllowances(tx, refundId);
    const done = await cancelRefund(tx, refundId, { staffId, reason }, now);
    if (!done) throw new AppError('REFUND_NOT_CANCELLABLE');
    return { ...done, tenantId: row.tenantId };
  });
}

/** POST /bo/documents: a PDF proposed for a case of the staff's tenants (any state: an attestation may follow a closed request). Null: not the staff's case. */
export async function proposeDocument(db: Db, session: StaffSession, fields: TDocumentProposalFields, files: FormFile[], now: Date) {
  if (files.length !== 1) throw new AppError('APPROVAL_DOCUMENT_REQUIRED');
  const file = files[0]!;
  if (file.contentType !== 'application/pdf') throw new AppError('APPROVAL_DOCUMENT_PDF');
  const row = await findCaseRow(db, session.staffId, fields.caseId);
  if (!row) return null;
  await refuseWhilePending(db, row.request_id);
  const payload: DocumentPayload = { name: fields.name, message: fields.message };
  const id = await db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const created = await insertProposal(tx, row, 'document', payload, session.staffId, now);
    const content = await sealDocument(tx, row.tenant_id, 'bo_approval_files', 'content', created, file.content);
    await tx
      .insert(boApprovalFiles)
      .values({ approvalId: created, nameFile: file.name, contentType: 'application/pdf', sizeBytes: file.sizeBytes, sha256: file.sha256, content });
    return created;
  });
  return { id, row };
}

/** GET /bo/approvals/{id}/file: the proposed PDF, for the staff of its tenant (the manager reads it before approving). */
export async function approvalFile(db: Db, staffId: string, id: string): Promise<(FileDownload & { approval: BoApproval }) | null> {
  const approval = await approvalInScope(db, staffId, id);
  if (!approval) return null;
  const [file] = await db.select().from(boApprovalFiles).where(eq(boApprovalFiles.approvalId, id));
  return file
    ? {
        id,
        nameFile: file.nameFile,
        contentType: file.contentType,
        content: await openDocument(db, approval.tenantId, 'bo_approval_files', 'content', id, file.content),
        approval,
      }
    : null;
}

/** A proposal of the staff's tenants, or null. */
async function approvalInScope(db: Db, staffId: string, id: string): Promise<BoApproval | null> {
  const scope = await tenantsOf(db, staffId);
  if (scope.length === 0) return null;
  const [row] = await db
    .select()
    .from(boApprovals)
    .where(and(eq(boApprovals.id, id), inArray(boApprovals.tenantId, scope)));
  return row ?? null;
}

/**
 * POST /bo/approvals/{id}: a manager, not the proposer, decides once. Approving publishes the refund
 * and closes the case in one transaction; a second decision (double click, another manager) is a 409
 * and publishes nothing.
 */
export async function decideApproval(
  db: Db,
  session: StaffSession,
  id: string,
  decision: { decision: 'APPROVE' | 'REJECT'; reason?: string | undefined },
  now: Date,
  prepareMail: PrepareMemberMail,
) {
  const approval = await approvalInScope(db, session.staffId, id);
  if (!approval) return null;
  const may = canApprove(session.role, session.staffId, approval.proposedBy);
  if (may === 'ROLE') throw new AppError('FORBIDDEN');
  if (may === 'OWN') throw new AppError('APPROVAL_OWN');
  if (approval.state !== 'PENDING') throw new AppError('APPROVAL_DECIDED');
  const caseRow = approval.requestId ? await findCaseRow(db, session.staffId, approval.requestId) : null;
  const publishing = decision.decision === 'APPROVE' && approval.kind === 'document';
  const [stored] = publishing ? await db.select().from(boApprovalFiles).where(eq(boApprovalFiles.approvalId, id)) : [];
  const file = stored && { ...stored, content: await openDocument(db, approval.tenantId, 'bo_approval_files', 'content', id, stored.content) };
  const mail = publishing ? await prepareMail({ tenant_id: approval.tenantId, member_id: approval.memberId }) : null;
  return db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const state = decision.decision === 'APPROVE' ? ('APPROVED' as const) : ('REJECTED' as const);
    // Decided once: the state guard makes the second of two simultaneous decisions find nothing.
    const [won] = await tx
      .update(boApprovals)
      .set({ state, decidedBy: session.staffId, decidedAt: now, decisionReason: decision.reason ?? null })
      .where(and(eq(boApprovals.id, id), eq(boApprovals.state, 'PENDING')))
      .returning({ id: boApprovals.id });
    if (!won) throw new AppError('APPROVAL_DECIDED');
    if (state === 'REJECTED') return { approval, state, refundId: null, documentId: null };
    if (approval.kind === 'document') {
      // The case was deleted with its member's data meanwhile: nothing to publish into.
      if (!caseRow || !file) throw new AppError('NOT_FOUND');
      const payload = approval.payload as DocumentPayload;
      let documentId = '';
      await replyToCase(tx, session.staffId, caseRow.request_id, payload.message, now, async () => async (inTx, messageId) => {
        documentId = await storeFile(inTx, {
          memberId: approval.memberId,
          origin: 'insurer',
          name: payload.name,
          nameFile: file.nameFile,
          contentType: 'application/pdf',
          content: file.content,
          requestId: caseRow.request_id,
          messageId,
        });
        await mail!(inTx);
      });
      await tx.update(boApprovals).set({ resultId: documentId }).where(eq(boApprovals.id, id));
      return { approval, state, refundId: null, documentId };
    }
    const payload = approval.payload as RefundPayload;
    // Computed again with the counters locked: an allowance used since the proposal refuses the approval.
    const refund = await publishClaim(
      tx,
      { tenantId: approval.tenantId, memberId: approval.memberId, familyPosition: payload.familyPosition, careDate: payload.careDate, lines: payload.inputs },
      now,
      { expectedAmcCents: payload.lines.map((l) => l.amcCents) },
    );
    await tx.update(boApprovals).set({ resultId: refund.id }).where(eq(boApprovals.id, id));
    if (caseRow && caseRow.state === 'OPEN') await moveCaseStep(tx, session.staffId, caseRow.request_id, 'done', now);
    return { approval, state, refundId: refund.id, documentId: null };
  });
}

/** The proposals of the staff's tenants (pending first by default), or one case's. */
export async function listApprovals(db: Db, staffId: string, q: { state: TApproval['state']; case?: string | undefined }): Promise<TApproval[]> {
  const scope = await tenantsOf(db, staffId);
  if (scope.length === 0) return [];
  const proposer = alias(staff, 'proposer');
  const decider = alias(staff, 'decider');
  const where = [inArray(boApprovals.tenantId, scope)];
  if (q.case) where.push(eq(boApprovals.requestId, q.case));
  else where.push(eq(boApprovals.state, q.state));
  const rows = await db
    .select({
      a: boApprovals,
      proposerName: proposer.displayName,
      deciderName: decider.displayName,
      fileName: boApprovalFiles.nameFile,
      fileSize: boApprovalFiles.sizeBytes,
      // A nested pick of a left-joined table is null when the row has no main insured.
      holder: { firstName: beneficiaries.firstName, surName: beneficiaries.surName },
    })
    .from(boApprovals)
    .leftJoin(boApprovalFiles, eq(boApprovalFiles.approvalId, boApprovals.id))
    .innerJoin(proposer, eq(proposer.id, boApprovals.proposedBy))
    .leftJoin(decider, eq(decider.id, boApprovals.decidedBy))
    .leftJoin(beneficiaries, and(eq(beneficiaries.memberId, boApprovals.memberId), eq(beneficiaries.familyPosition, 1)))
    .where(and(...where))
    .orderBy(q.case ? desc(boApprovals.proposedAt) : boApprovals.proposedAt, boApprovals.id)
    .limit(200);
  return rows.map(({ a, proposerName, deciderName, fileName, fileSize, holder }) => {
    const p = a.payload as RefundPayload;
    const d = a.payload as DocumentPayload;
    return {
      id: a.id,
      kind: a.kind,
      state: a.state,
      tenantId: a.tenantId,
      caseId: a.requestId,
      memberId: a.memberId,
      memberName: holder ? formatPersonName(holder) : '',
      refund:
        a.kind === 'refund'
          ? {
              actFamily: (OPERATION_TYPES as readonly string[]).includes(p.actFamily) ? p.actFamily : 'consultation',
              familyPosition: p.familyPosition,
              lines: p.lines,
              totals: p.totals,
              actWording: p.actWording,
              careDate: p.careDate,
              totalCostCents: p.totalCostCents,
              socialSecurityCents: p.socialSecurityCents,
              productCents: p.productCents,
              socialSecurityRate: p.socialSecurityRate,
            }
          : null,
      document: a.kind === 'document' ? { name: d.name, fileName: fileName ?? '', sizeBytes: fileSize ?? 0, message: d.message } : null,
      proposedBy: { id: a.proposedBy, displayName: proposerName },
      proposedAt: a.proposedAt.toISOString(),
      decidedBy: a.decidedBy ? { id: a.decidedBy, displayName: deciderName ?? '' } : null,
      decidedAt: a.decidedAt?.toISOString() ?? null,
      reason: a.decisionReason,
      refundId: a.kind === 'refund' ? a.resultId : null,
      documentId: a.kind === 'document' ? a.resultId : null,
    };
  });
}
