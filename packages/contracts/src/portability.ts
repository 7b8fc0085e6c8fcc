import { z } from 'zod';
import { addDaysIso, addMonthsIso } from './dates';
import { SHARED_DOCUMENT_TYPE_INFO } from './document-sharing';

/*
 * France Travail portability: up to 12 months, prorated to the collective contract's duration, with a
 * France Travail proof sent every month (what it must show: PORTABILITY_MESSAGES below).
 *
 * A member whose work contract ended keeps the collective cover from the day after, for as many months
 * as the previous collective contract lasted (whole months, rounded up), 12 at most. Meanwhile the
 * insurer needs the France Travail compensation proof every month. Three cases, by date:
 *   STARTING   the first month of portability (the end date announced, the first proof asked);
 *   ENDING     the last month (the end date recalled, the last proof asked);
 *   PROOF_DUE  any month between (this month's proof asked).
 * The popup opens while this calendar month's proof (Paris) has not been received; gated, with the
 * other popups of the insurer, by the tenant's DIGITAL_CAMPAIGNS toggle.
 */

export const PORTABILITY_MAX_MONTHS = 12;

export const PORTABILITY_CASES = ['STARTING', 'PROOF_DUE', 'ENDING'] as const;
export type PortabilityCase = (typeof PORTABILITY_CASES)[number];

/** The portability's months: the collective contract's length in whole months, rounded up, 1 to 12. */
export function portabilityMonths(collectiveStart: string, collectiveEnd: string): number {
  for (let months = 1; months < PORTABILITY_MAX_MONTHS; months++) {
    if (addMonthsIso(collectiveStart, months) > collectiveEnd) return months;
  }
  return PORTABILITY_MAX_MONTHS;
}

/** The portability's first and last days (ISO): from the day after the collective contract ended. */
export function portabilityPeriod(collectiveStart: string, collectiveEnd: string): { start: string; end: string; months: number } {
  const months = portabilityMonths(collectiveStart, collectiveEnd);
  const start = addDaysIso(collectiveEnd, 1);
  return { start, end: addDaysIso(addMonthsIso(start, months), -1), months };
}

export const ZPortability = z.object({
  case: z.enum(PORTABILITY_CASES),
  /** ISO dates: the first and last days of the portability. */
  start: z.string(),
  end: z.string(),
  months: z.number().int(),
  /** The calendar month (YYYY-MM) whose France Travail proof is asked. */
  month: z.string(),
});
export type TPortability = z.infer<typeof ZPortability>;

export type PortabilityRuleInput = {
  /** entityHasDigitalCampaigns. */
  enabled: boolean;
  /** The member's portability (insurer's data): the previous collective contract's first and last days. */
  period: { collectiveStart: string; collectiveEnd: string } | null;
  /** The months (YYYY-MM) whose proof was received. */
  proofMonths: ReadonlySet<string>;
  /** Today in France (ISO date). */
  today: string;
};

/** Which of the 3 cases applies today, or null (no portability, not started, over, or this month's proof received). */
export function portabilityFor(input: PortabilityRuleInput): TPortability | null {
  if (!input.enabled || !input.period) return null;
  const { start, end, months } = portabilityPeriod(input.period.collectiveStart, input.period.collectiveEnd);
  const today = input.today;
  if (today < start || today > end) return null;
  const month = today.slice(0, 7);
  if (input.proofMonths.has(month)) return null;
  const kase: PortabilityCase = today < addMonthsIso(start, 1) ? 'STARTING' : today > addMonthsIso(end, -1) ? 'ENDING' : 'PROOF_DUE';
  return { case: kase, start, end, months, month };
}

/** The popup's titles and messages (the French texts of the portal). */
export const PORTABILITY_TITLES: Record<PortabilityCase, string> = {
  STARTING: 'Votre portabilité des droits commence',
  PROOF_DUE: 'Votre justificatif France Travail du mois',
  ENDING: 'Votre portabilité des droits se termine bientôt',
};

export const PORTABILITY_MESSAGES = {
  fileMissing: 'Veuillez ajouter votre justificatif France Travail.',
  notDue: 'Aucun justificatif France Travail n’est attendu de vous ce mois-ci.',
  /** what the France Travail proof must show (the document-sharing guidance). */
  legalNotice: SHARED_DOCUMENT_TYPE_INFO.employment_center.guidance,
} as const;

/** POST /api/portability/proof (multipart): the proof under `attachments`, no other field. */
export const ZPortabilityProofFields = z.object({});

export const ZPortabilityProofResult = z.object({
  /** The supporting-document request the proof became. */
  requestId: z.string(),
  month: z.string(),
});
export type TPortabilityProofResult = z.infer<typeof ZPortabilityProofResult>;
