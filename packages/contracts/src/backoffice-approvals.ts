import { z } from 'zod';
import { ZStaffRef } from './backoffice';
import { MEDIATOR } from './complaints';
import { ZCareTotals, ZEstimateLine, ZEstimateLineInput } from './guarantees-api';
import { OPERATION_TYPES, ZOperationType } from './refunds';
import { messageKindOf, type RequestType } from './request-rules';

/*
 * Four eyes in the back office: an agent accepting a refund claim proposes
 * the refund (POST /api/bo/refunds), an agent answering a case with a document proposes the document
 * (POST /api/bo/documents); a manager who is not the proposer approves or rejects it
 * (POST /api/bo/approvals/{id}). Only the approval publishes it to the member (« Mes remboursements »,
 * or the request's thread).
 */

export const APPROVAL_KINDS = ['refund', 'document'] as const;
export type ApprovalKind = (typeof APPROVAL_KINDS)[number];

export const APPROVAL_STATES = ['PENDING', 'APPROVED', 'REJECTED'] as const;
export const ZApprovalState = z.enum(APPROVAL_STATES);
export type ApprovalState = z.infer<typeof ZApprovalState>;
export const APPROVAL_STATE_LABELS: Record<ApprovalState, string> = { PENDING: 'En attente de validation', APPROVED: 'Validé', REJECTED: 'Refusé' };

/** Who decides a proposal: a manager, never the proposer. */
export function canApprove(role: string, staffId: string, proposedBy: string): 'OK' | 'ROLE' | 'OWN' {
  if (role !== 'manager') return 'ROLE';
  return staffId === proposedBy ? 'OWN' : 'OK';
}

const cents = (empty: string) =>
  z
    .number({ error: empty })
    .int('Saisissez un montant en centimes entiers.')
    .min(0, 'Un montant ne peut pas être négatif.')
    .max(10_000_000, 'Montant trop élevé.');

/** The refund an agent proposes for an accepted refund claim (amounts in cents). */
const ZRefundLines = z.object({
  actFamily: z.enum(OPERATION_TYPES, 'Choisissez la famille d’actes.'),
  actWording: z.string().trim().min(2, 'Saisissez le libellé de l’acte.').max(120, '120 caractères au maximum.'),
  careDate: z.iso.date('Saisissez la date des soins.'),
  totalCostCents: cents('Saisissez la dépense.').refine((v) => v > 0, 'La dépense doit être supérieure à 0\u00a0€.'),
  socialSecurityCents: cents('Saisissez la part de la Sécurité sociale.'),
  productCents: cents('Saisissez le montant remboursé.').refine((v) => v > 0, 'Le montant remboursé doit être supérieur à 0\u00a0€.'),
  socialSecurityRate: z.number('Saisissez le taux de la Sécurité sociale.').int().min(0, 'Taux entre 0 et 100 %.').max(100, 'Taux entre 0 et 100 %.'),
});
/** POST /api/bo/refunds/{id}/cancel: a manager cancels a published refund (its allowances are given back). */
export const ZRefundCancellation = z.object({
  reason: z.string().trim().min(5, 'Indiquez le motif de l’annulation (5 caractères au moins).').max(500, '500 caractères au maximum.'),
});

/** A correction of the mutuelle's part of a line: the amount staff pays instead of the engine's, and why. */
export const ZLineCorrection = z.object({
  amcCents: cents('Saisissez le montant corrigé.'),
  reason: z.string().trim().min(5, 'Indiquez le motif de la correction (5 caractères au moins).').max(500, '500 caractères au maximum.'),
});
export type TLineCorrection = z.infer<typeof ZLineCorrection>;

/** A line of a proposed refund: the care as the claim gives it; the engine computes the amounts. */
export const ZRefundProposalLine = ZEstimateLineInput.extend({ correction: ZLineCorrection.nullable().default(null) });

/**
 * POST /api/bo/refunds: the refund an agent proposes for an accepted refund claim. Staff never type
 * amounts: the engine computes each line from the act, date, expense and the member's product at the
 * care date; a line's mutuelle part may be corrected, with a reason.
 */
export const ZRefundProposal = z.object({
  caseId: z.uuid('Demande inconnue.'),
  familyPosition: z.number('Choisissez le bénéficiaire.').int().min(1, 'Choisissez le bénéficiaire.').max(99),
  careDate: z.iso.date('Saisissez la date des soins.'),
  lines: z.array(ZRefundProposalLine).min(1, 'Ajoutez au moins un acte.').max(20, '20 actes au maximum.'),
});
export type TRefundProposal = z.infer<typeof ZRefundProposal>;

/** The text fields of a document proposal (multipart, with one PDF under `file`). */
export const ZDocumentProposalFields = z.object({
  caseId: z.uuid('Demande inconnue.'),
  name: z.string().trim().min(3, 'Saisissez le nom du document (3 caractères au moins).').max(120, '120 caractères au maximum.'),
  message: z.string().trim().min(5, 'Saisissez le message qui accompagne le document.').max(2000, '2000 caractères au maximum.'),
});
export type TDocumentProposalFields = z.infer<typeof ZDocumentProposalFields>;
/** The message the form starts from. */
export const documentMessageDefault = (name: string) =>
  `Bonjour,\nVous trouverez ci-joint le document « ${name.trim()} ».\nCordialement,\nVotre centre de gestion`;

export const ZApprovalDecision = z
  .object({
    decision: z.enum(['APPROVE', 'REJECT'], 'Choisissez de valider ou de refuser.'),
    reason: z.string().trim().max(500, '500 caractères au maximum.').optional(),
  })
  .refine((v) => v.decision !== 'REJECT' || (v.reason?.length ?? 0) >= 3, { message: 'Indiquez le motif du refus.', path: ['reason'] });

export const ZApprovalQuery = z.object({ state: ZApprovalState.default('PENDING'), case: z.uuid().optional() });

/** A proposed line: the engine's figures (amcCents is the engine's) and the correction, if any. */
export const ZProposedLine = ZEstimateLine.extend({ correction: ZLineCorrection.nullable() });
export type TProposedLine = z.infer<typeof ZProposedLine>;

export const ZApproval = z.object({
  id: z.uuid(),
  kind: z.enum(APPROVAL_KINDS),
  state: ZApprovalState,
  tenantId: z.string(),
  caseId: z.uuid().nullable(),
  memberId: z.uuid(),
  memberName: z.string(),
  /** The refund to publish (kind refund), else null. */
  refund: ZRefundLines.extend({
    actFamily: ZOperationType,
    familyPosition: z.number().int(),
    /** Each line as the engine computed it when proposed, with the staff's correction (shown beside the engine's figure). */
    lines: z.array(ZProposedLine),
    totals: ZCareTotals,
  }).nullable(),
  /** The document to publish (kind document), else null; its PDF at GET /api/bo/approvals/{id}/file. */
  document: z.object({ name: z.string(), fileName: z.string(), sizeBytes: z.number().int(), message: z.string() }).nullable(),
  proposedBy: ZStaffRef,
  proposedAt: z.iso.datetime({ offset: true }),
  decidedBy: ZStaffRef.nullable(),
  decidedAt: z.iso.datetime({ offset: true }).nullable(),
  reason: z.string().nullable(),
  /** The published refund, once approved. */
  refundId: z.uuid().nullable(),
  /** The published document (a file of the member's thread), once approved. */
  documentId: z.uuid().nullable(),
});
export type TApproval = z.infer<typeof ZApproval>;

/** What the case's refund form starts from: the member's claim. */
export const ZRefundClaimDefaults = z.object({
  actWording: z.string(),
  actFamily: ZOperationType,
  careDate: z.iso.date(),
  totalCostCents: z.number().int(),
  /** The person cared for. */
  familyPosition: z.number().int(),
  /**
   * The lines the engine proposes from the claim (its act, date, expense and sessions, and the member's
   * product at the care date); null when the claim's act has no tariff to compute from (staff choose it).
   */
  proposal: z
    .object({
      productCode: z.string(),
      /** The lines as the engine was given them (act, sector, device class…): the back office sends them back, with its corrections, to propose the refund. */
      inputs: z.array(ZEstimateLineInput),
      lines: z.array(ZEstimateLine),
      totals: ZCareTotals,
    })
    .nullable(),
  /** Why there is no proposal (the error's French message), else null. */
  problem: z.string().nullable(),
});
export type TRefundClaimDefaults = z.infer<typeof ZRefundClaimDefaults>;

// ——— Complaint answer ——————————————————————————————————————————————

export const ZComplaintAnswer = z.object({
  outcome: z.enum(['ACCEPTED', 'REFUSED'], 'Indiquez si la réclamation est acceptée ou refusée.'),
  message: z.string().trim().min(1, 'Saisissez la réponse.').max(5000, '5000 caractères au maximum.'),
});
export type TComplaintAnswer = z.infer<typeof ZComplaintAnswer>;

/** The answer the member reads: a refusal always carries the mediator's details. */
export function complaintAnswerText(answer: TComplaintAnswer): string {
  if (answer.outcome === 'ACCEPTED') return answer.message;
  return [answer.message, '', `Si cette réponse ne vous satisfait pas\u00a0: ${MEDIATOR.when}`, MEDIATOR.address.join(', '), MEDIATOR.website].join('\n');
}

// ——— Additional parts (10005) ——————————————————————————————————————————————————————————

export const ZAdditionalPartsInput = z.object({
  message: z.string().trim().min(5, 'Indiquez les pièces attendues.').max(5000, '5000 caractères au maximum.'),
});
/** The title of the request the member receives. */
export const additionalPartsTitle = (about: string) => `Pièces complémentaires\u00a0: ${about}`.slice(0, 200);

// ——— Case effects: accepting or refusing a beneficiary addition or a refund account change ———

/** What accepting a case does: add the beneficiary (10003), put the refund account in force (10023, 10032); null: no effect here. */
export type CaseEffect = 'add_beneficiary' | 'refund_bank_details';
export function caseEffectOf(type: RequestType, typeCode: number): CaseEffect | null {
  if (type !== 'message') return null;
  const kind = messageKindOf(typeCode);
  if (kind === 'add_beneficiary') return 'add_beneficiary';
  if (kind === 'rib' || kind === 'rib_beneficiary') return 'refund_bank_details';
  return null;
}
export const CASE_EFFECT_LABELS: Record<CaseEffect, { title: string; accept: string; accepted: string }> = {
  add_beneficiary: { title: 'Ajout d’un bénéficiaire', accept: 'Accepter l’ajout', accepted: 'Bénéficiaire ajouté à la famille de l’adhérent.' },
  refund_bank_details: { title: 'Compte de remboursement', accept: 'Accepter le changement', accepted: 'Compte de remboursement mis à jour.' },
};

export const ZCaseRefusal = z.object({
  reason: z.string().trim().min(3, 'Indiquez le motif du refus.').max(2000, '2000 caractères au maximum.'),
});
export type TCaseRefusal = z.infer<typeof ZCaseRefusal>;
/** The answer the member reads when the request is refused. */
export const caseRefusalText = (reason: string) => `Nous ne pouvons pas donner suite à votre demande.\nMotif\u00a0: ${reason.trim()}`;
