import { z } from 'zod';
import type { THealthcareAct, THealthcareDocument } from './healthcare';
import { MESSAGE_TEXT_PATTERN } from './request-rules';
import type { BillKind } from './request-rules';

/*
 * The refund request (get-refund): act nature, beneficiary, care date
 * (not older than 3 years), amount in euros, one or several sessions, the documents the act needs and
 * a comment. Sent as multipart: these text fields, and each file under `document.<DOCUMENT_CODE>`.
 * The answer becomes a `bill` request whose kind follows the act's family.
 */

/** How far back a care date may go. */
export const CARE_DATE_MAX_AGE_YEARS = 3;
/** The largest amount one request may claim (a typing error guard, not a spec rule). */
export const REFUND_AMOUNT_MAX_CENTS = 100_000_00;
export const REFUND_SESSIONS_MAX = 99;
export const REFUND_COMMENT_MAX = 1000;
export const REFUND_PRACTITIONER_MAX = 120;
/** The multipart field of a document's files: `document.FACTURE_DETAILLEE`. */
export const documentField = (documentCode: string) => `document.${documentCode}`;

export const REFUND_REQUEST_ERRORS = {
  act: 'Veuillez choisir la nature de l’acte.',
  beneficiary: 'Veuillez choisir un bénéficiaire',
  careDate: 'Veuillez saisir la date des soins.',
  careDateTooOld: 'La date ne doit pas être antérieure à 3 ans',
  careDateFuture: 'La date des soins ne peut pas être dans le futur.',
  amount: 'Veuillez saisir un montant en euros, par exemple 1 000,00.',
  amountTooLarge: 'Le montant ne peut pas dépasser 100 000,00\u00a0€.',
  sessions: 'Veuillez indiquer le nombre de séances.',
  sessionsRange: `Le nombre de séances doit être compris entre 2 et ${REFUND_SESSIONS_MAX}.`,
  comment: `Le commentaire ne doit pas dépasser ${REFUND_COMMENT_MAX} caractères`,
  specialCharacters: 'Les caractères spéciaux ne sont pas autorisés',
  missingDocument: 'Veuillez ajouter le document correspondant',
  practitioner: `Le nom ou le numéro du professionnel ne doit pas dépasser ${REFUND_PRACTITIONER_MAX} caractères`,
  unexpectedDocument: 'Un fichier ne correspond à aucun document demandé pour cet acte. Veuillez le retirer.',
} as const;

/** YYYY-MM-DD minus whole years (29 February falls back to 28 February). */
export function isoDateMinusYears(isoDate: string, years: number): string {
  const [y, m, d] = isoDate.split('-').map(Number) as [number, number, number];
  const year = y - years;
  const lastDay = new Date(Date.UTC(year, m, 0)).getUTCDate();
  return `${String(year).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(Math.min(d, lastDay)).padStart(2, '0')}`;
}

/** The care-date rule: a real date, not after today, not before today minus 3 years (that day allowed). */
export function careDateProblem(careDate: string, today: string): string | null {
  if (
    !/^\d{4}-\d{2}-\d{2}$/.test(careDate) ||
    Number.isNaN(Date.parse(`${careDate}T00:00:00Z`)) ||
    new Date(`${careDate}T00:00:00Z`).toISOString().slice(0, 10) !== careDate
  ) {
    return REFUND_REQUEST_ERRORS.careDate;
  }
  if (careDate > today) return REFUND_REQUEST_ERRORS.careDateFuture;
  if (careDate < isoDateMinusYears(today, CARE_DATE_MAX_AGE_YEARS)) return REFUND_REQUEST_ERRORS.careDateTooOld;
  return null;
}

/**
 * An amount typed the French way (« 1 000,00 », « 45,5 », « 12 ») or with a dot, in cents; null when
 * it is not an amount (letters, three decimals, misplaced group spaces) or not above zero.
 */
export function parseEuroAmount(text: string): number | null {
  const compact = text.trim().replace(/\s*€$/, '').trim();
  if (!/^(\d{1,3}([ \u00a0\u202f]\d{3})+|\d+)([,.]\d{1,2})?$/.test(compact)) return null;
  const normalized = compact.replace(/[ \u00a0\u202f]/g, '').replace(',', '.');
  const [units, decimals = ''] = normalized.split('.') as [string, string?];
  const cents = Number(units) * 100 + Number(decimals.padEnd(2, '0'));
  return Number.isSafeInteger(cents) && cents > 0 ? cents : null;
}

export const REFUND_SESSION_MODES = ['single', 'multiple'] as const;

const comment = z
  .string()
  .trim()
  .max(REFUND_COMMENT_MAX, REFUND_REQUEST_ERRORS.comment)
  .regex(MESSAGE_TEXT_PATTERN, REFUND_REQUEST_ERRORS.specialCharacters)
  .default('');

/** The practitioner as printed on the invoice (name, RPPS, ADELI or FINESS number), optional. */
const practitioner = z
  .string()
  .trim()
  .max(REFUND_PRACTITIONER_MAX, REFUND_REQUEST_ERRORS.practitioner)
  .regex(MESSAGE_TEXT_PATTERN, REFUND_REQUEST_ERRORS.specialCharacters)
  .default('');

/** The text fields of a refund request, checked against `today` (France, YYYY-MM-DD). */
export function refundRequestFieldsSchema(today: string) {
  return z
    .object({
      actCode: z.string().trim().min(1, REFUND_REQUEST_ERRORS.act).max(60, REFUND_REQUEST_ERRORS.act),
      familyPosition: z.coerce
        .number({ error: REFUND_REQUEST_ERRORS.beneficiary })
        .int(REFUND_REQUEST_ERRORS.beneficiary)
        .min(1, REFUND_REQUEST_ERRORS.beneficiary),
      careDate: z.string().trim().min(1, REFUND_REQUEST_ERRORS.careDate),
      amount: z.string().trim().min(1, REFUND_REQUEST_ERRORS.amount),
      sessionMode: z.enum(REFUND_SESSION_MODES).default('single'),
      sessionCount: z.string().trim().default(''),
      practitioner,
      comment,
    })
    .superRefine((v, ctx) => {
      const dateProblem = careDateProblem(v.careDate, today);
      if (dateProblem) ctx.addIssue({ code: 'custom', path: ['careDate'], message: dateProblem });
      const cents = parseEuroAmount(v.amount);
      if (cents === null) ctx.addIssue({ code: 'custom', path: ['amount'], message: REFUND_REQUEST_ERRORS.amount });
      else if (cents > REFUND_AMOUNT_MAX_CENTS) ctx.addIssue({ code: 'custom', path: ['amount'], message: REFUND_REQUEST_ERRORS.amountTooLarge });
      if (v.sessionMode === 'multiple') {
        if (v.sessionCount === '') ctx.addIssue({ code: 'custom', path: ['sessionCount'], message: REFUND_REQUEST_ERRORS.sessions });
        else if (!/^\d{1,2}$/.test(v.sessionCount) || Number(v.sessionCount) < 2)
          ctx.addIssue({ code: 'custom', path: ['sessionCount'], message: REFUND_REQUEST_ERRORS.sessionsRange });
      }
    })
    .transform((v) => ({
      actCode: v.actCode,
      familyPosition: v.familyPosition,
      careDate: v.careDate,
      amountCents: parseEuroAmount(v.amount)!,
      sessions: v.sessionMode === 'multiple' ? Number(v.sessionCount) : 1,
      practitioner: v.practitioner,
      comment: v.comment,
    }));
}
export type TRefundRequestFields = z.infer<ReturnType<typeof refundRequestFieldsSchema>>;

/** The act families the social security does not refund: no statement to ask for. */
const NO_SOCIAL_SECURITY_CATEGORIES = new Set(['alternative_medicine']);
export const SOCIAL_SECURITY_STATEMENT_CODE = 'DECOMPTE_SECURITE_SOCIALE';

/** A document of the request: required or not, and why not when a member might expect it. */
export type RefundDocumentNeed = THealthcareDocument & { required: boolean; note?: string };

export const TELETRANSMITTED_STATEMENT_NOTE = 'Vos soins sont télétransmis par votre caisse\u00a0: inutile de nous envoyer ce décompte.';

/**
 * The documents a refund request for `act` asks for: the default ones (required), then the act's own
 * (optional: sent when the member has them). The Sécurité sociale statement is required only when the
 * Sécurité sociale refunds the act and did not teletransmit the care (`careTeletransmitted`); a
 * teletransmitted care keeps it optional, so a member who sends it anyway is not refused.
 */
export function refundDocumentsFor(
  act: Pick<THealthcareAct, 'category' | 'documents'>,
  defaults: readonly THealthcareDocument[],
  teletransmitted: boolean,
): RefundDocumentNeed[] {
  const refundedBySocialSecurity = !NO_SOCIAL_SECURITY_CATEGORIES.has(act.category);
  const asked: RefundDocumentNeed[] = defaults.flatMap((d) => {
    if (d.code !== SOCIAL_SECURITY_STATEMENT_CODE) return [{ ...d, required: true }];
    if (!refundedBySocialSecurity) return [];
    return [teletransmitted ? { ...d, required: false, note: TELETRANSMITTED_STATEMENT_NOTE } : { ...d, required: true }];
  });
  const own = act.documents.filter((d) => !asked.some((r) => r.code === d.code)).map((d) => ({ ...d, required: false }));
  return [...asked, ...own];
}

/** The `bill` kind of an act's family (the request's typeCode is read from the request-types list by this kind). */
export function billKindOfCategory(category: string): BillKind {
  switch (category) {
    case 'dental':
      return 'dental';
    case 'optical':
      return 'new_optical_equipment';
    case 'hospital':
      return 'hospital_care';
    case 'hearing':
      return 'new_hearing_aid';
    case 'alternative_medicine':
      return 'alternative_medicine';
    case 'spa':
      return 'spa_stay';
    default:
      return 'various';
  }
}

/** The answer of every submission flow: the new request, shown at once in « Mes demandes ». */
export const ZSubmissionResult = z.object({ requestId: z.uuid(), groupId: z.uuid(), typeCode: z.number().int(), statusKey: z.string() });
export type TSubmissionResult = z.infer<typeof ZSubmissionResult>;
