import { z } from 'zod';
import { REFUND_AMOUNT_MAX_CENTS } from './refund-requests';

/*
 * Automatic decisions of refund claims. Each tenant keeps its rules (back office, administrators,
 * versioned: every decision records the version it applied). A claim is decided without a person only
 * when every rule holds; otherwise it goes to the agents' queue with the engine's proposal and the
 * reasons below. A share of the automatic decisions, drawn at random, goes to a manager's post-check.
 */

export const ZAutoDecisionRules = z.object({
  /** Off: every claim goes to the agents' queue (with the engine's proposal). */
  enabled: z.boolean(),
  /** The refund-request acts (catalogue codes) that may be decided automatically. */
  allowedActs: z.array(z.string().trim().min(1).max(60)).max(100),
  /** The claimed amount must not exceed this, in cents. */
  maxAmountCents: z.number().int().min(0).max(REFUND_AMOUNT_MAX_CENTS),
  /**
   * The invoice, read again by the server, must give the claimed care date and amount with at least this
   * confidence (0–1). 0: the reading is not required.
   */
  minReadConfidence: z.number().min(0).max(1),
  /** Percentage of automatic decisions drawn at random for a manager's post-check. */
  postCheckPercent: z.number().min(0).max(100),
});
export type TAutoDecisionRules = z.infer<typeof ZAutoDecisionRules>;

/** The rules a tenant starts with (version 0) until an administrator changes them. */
export const DEFAULT_AUTO_DECISION_RULES: TAutoDecisionRules = {
  enabled: true,
  allowedActs: ['CONSULTATION_GENERALISTE', 'CONSULTATION_SPECIALISTE', 'PHARMACIE', 'ANALYSES_LABORATOIRE', 'KINESITHERAPIE', 'INFIRMIER'],
  maxAmountCents: 150_00,
  minReadConfidence: 0.8,
  postCheckPercent: 5,
};

export const ZAutoDecisionRuleSet = z.object({
  version: z.number().int().min(0),
  rules: ZAutoDecisionRules,
  updatedAt: z.iso.datetime().nullable(),
  updatedBy: z.string().nullable(),
});
export type TAutoDecisionRuleSet = z.infer<typeof ZAutoDecisionRuleSet>;

export const AUTO_DECISION_REASONS = [
  'DISABLED',
  'ACT_NOT_ALLOWED',
  'AMOUNT_ABOVE_THRESHOLD',
  'DUPLICATE',
  'DOCUMENT_NOT_READ',
  'NOT_COVERED',
  'ALLOWANCE_EXHAUSTED',
  'NOTHING_TO_REFUND',
] as const;
export type AutoDecisionReason = (typeof AUTO_DECISION_REASONS)[number];

/** Why a claim was not decided automatically, as the agent reads it on the case. */
export const AUTO_DECISION_REASON_LABELS: Record<AutoDecisionReason, string> = {
  DISABLED: 'Décisions automatiques désactivées',
  ACT_NOT_ALLOWED: 'Acte hors de la liste des actes décidés automatiquement',
  AMOUNT_ABOVE_THRESHOLD: 'Montant au-dessus du seuil',
  DUPLICATE: 'Facture déjà envoyée (doublon possible)',
  DOCUMENT_NOT_READ: 'Facture non lue avec assez de confiance, ou différente de la demande',
  NOT_COVERED: 'Bénéficiaire non couvert à la date des soins',
  ALLOWANCE_EXHAUSTED: 'Forfait ou plafond insuffisant',
  NOTHING_TO_REFUND: 'Aucun montant à rembourser selon le moteur',
};

/** What the decision job found about one claim. */
export type ClaimFacts = {
  actCode: string;
  amountCents: number;
  duplicate: boolean;
  /** The lowest confidence of the re-read care date and amount when they match the claim; null: not read or different. */
  readConfidence: number | null;
  covered: boolean;
  /** Every allowance the engine's lines use had room for them. */
  allowanceAvailable: boolean;
  /** The mutuelle's part the engine computed, in cents. */
  refundCents: number;
};

/** The reasons a claim is NOT decided automatically; empty: it is. */
export function autoDecisionReasons(rules: TAutoDecisionRules, facts: ClaimFacts): AutoDecisionReason[] {
  if (!rules.enabled) return ['DISABLED'];
  const reasons: AutoDecisionReason[] = [];
  if (!rules.allowedActs.includes(facts.actCode)) reasons.push('ACT_NOT_ALLOWED');
  if (facts.amountCents > rules.maxAmountCents) reasons.push('AMOUNT_ABOVE_THRESHOLD');
  if (facts.duplicate) reasons.push('DUPLICATE');
  if (rules.minReadConfidence > 0 && (facts.readConfidence === null || facts.readConfidence < rules.minReadConfidence)) reasons.push('DOCUMENT_NOT_READ');
  if (!facts.covered) reasons.push('NOT_COVERED');
  else if (!facts.allowanceAvailable) reasons.push('ALLOWANCE_EXHAUSTED');
  else if (facts.refundCents <= 0) reasons.push('NOTHING_TO_REFUND');
  return reasons;
}

/** Drawn for a post-check: `draw` is a uniform number in [0, 1). */
export function drawnForPostCheck(rules: Pick<TAutoDecisionRules, 'postCheckPercent'>, draw: number): boolean {
  return draw * 100 < rules.postCheckPercent;
}

/** The automatic decision of a claim as the case shows it. */
export const ZClaimDecision = z.object({
  outcome: z.enum(['AUTOMATIC', 'MANUAL']),
  ruleVersion: z.number().int(),
  reasons: z.array(z.object({ code: z.enum(AUTO_DECISION_REASONS), label: z.string() })),
  refundId: z.uuid().nullable(),
  decidedAt: z.iso.datetime(),
  postCheck: z.enum(['PENDING', 'CONFIRMED', 'REVERSED']).nullable(),
});
export type TClaimDecision = z.infer<typeof ZClaimDecision>;

/** One automatic decision waiting for (or past) a manager's post-check. */
export const ZPostCheck = z.object({
  caseId: z.uuid(),
  tenantId: z.string(),
  refundId: z.uuid().nullable(),
  refundReference: z.string().nullable(),
  memberName: z.string(),
  actLabel: z.string(),
  careDate: z.iso.date(),
  amountCents: z.number().int(),
  refundCents: z.number().int(),
  ruleVersion: z.number().int(),
  decidedAt: z.iso.datetime(),
  state: z.enum(['PENDING', 'CONFIRMED', 'REVERSED']),
});
export type TPostCheck = z.infer<typeof ZPostCheck>;

export const ZPostCheckDecision = z.discriminatedUnion('decision', [
  z.object({ decision: z.literal('CONFIRM') }),
  z.object({ decision: z.literal('REVERSE'), reason: z.string().trim().min(5, 'Indiquez la raison (5 caractères au moins).').max(500) }),
]);
export type TPostCheckDecision = z.infer<typeof ZPostCheckDecision>;

/** GET /api/bo/auto-decision-rules: the rules in force of each of the staff member's tenants. */
export const ZTenantAutoDecisionRules = ZAutoDecisionRuleSet.extend({ tenantId: z.string(), tenantName: z.string() });
export type TTenantAutoDecisionRules = z.infer<typeof ZTenantAutoDecisionRules>;

/** PUT /api/bo/auto-decision-rules: a new version, from the version the administrator read. */
export const ZAutoDecisionRulesUpdate = z.object({
  tenantId: z.string().max(64),
  version: z.number().int().min(0),
  rules: ZAutoDecisionRules,
});
export type TAutoDecisionRulesUpdate = z.infer<typeof ZAutoDecisionRulesUpdate>;
