// eslint-disable-next-line @typescript-eslint/triple-slash-reference -- the library ships no types; its declaration sits beside this file
/// <reference path="./jours-feries.d.ts" />
import getJoursFeries from '@socialgouv/jours-feries';
import { z } from 'zod';
import { dataEnvelope } from './api';
import { addDaysIso, addMonthsIso, weekdayIso } from './dates';
import { frenchDateWords } from './french-format';
import { MESSAGE_TEXT_PATTERN } from './request-rules';

/*
 * Complaints (claim-page, POST /api/complaints, GET /api/complaints/{id}/copy.pdf) and the contact
 * form (contact-us, POST /api/contact-messages).
 *
 * The ACPR recommendation 2022-R-01 wins over the spec's wording where they differ
 * (docs/decisions/003-legal-rules-over-spec-wording.md): the
 * acknowledgement is due within 10 jours OUVRABLES (Monday–Saturday, French public holidays
 * excluded), not 10 calendar days; the answer within 2 months (the spec's "60 days"); a complaint is
 * kept apart from a request for information (contact-us); the mediator is shown, the EU ODR platform
 * (closed July 2025) is not linked.
 */

export const COMPLAINT_THEMES = ['membership_fee', 'membership', 'tp_card', 'warranties', 'refunds', 'teletransmission'] as const;
export type ComplaintTheme = (typeof COMPLAINT_THEMES)[number];
export const COMPLAINT_THEME_LABELS: Record<ComplaintTheme, string> = {
  membership_fee: 'Cotisations',
  membership: 'Adhésion',
  tp_card: 'Carte de tiers payant',
  warranties: 'Garanties',
  refunds: 'Remboursements',
  teletransmission: 'Télétransmission',
};
/** The request type of each theme (message kinds 10024–10029). */
export const COMPLAINT_TYPE_CODES: Record<ComplaintTheme, number> = {
  membership_fee: 10024,
  membership: 10025,
  tp_card: 10026,
  warranties: 10027,
  refunds: 10028,
  teletransmission: 10029,
};

export const COMPLAINT_ACK_WORKING_DAYS = 10;
export const COMPLAINT_ANSWER_MONTHS = 2;

/** Médiateur de la Mutualité Française: shown visibly, on the claim page and in the copy. */
export const MEDIATOR = {
  name: 'Médiateur de la Mutualité Française',
  address: ['Médiateur de la Mutualité Française', 'FNMF', '255 rue de Vaugirard', '75719 Paris Cedex 15'],
  website: 'https://www.mediateur-mutualite.fr',
  /** When the mediator can be seized. */
  when: 'Vous pouvez saisir gratuitement le Médiateur si votre réclamation écrite a été refusée ou est restée sans réponse pendant 2 mois, dans un délai d’un an à compter de votre réclamation. Il rend son avis dans les 90 jours.',
} as const;

/** The complaint process, shown in the popup before the form (claim-page). */
export const COMPLAINT_PROCESS = [
  'Nous accusons réception de votre réclamation dans un délai de 10 jours ouvrables (du lundi au samedi, hors jours fériés), sauf si nous vous répondons avant.',
  'Nous vous apportons une réponse dans un délai maximum de 2 mois. Si ce délai ne peut être tenu, nous vous indiquons la nouvelle date.',
  'En cas de refus, même partiel, nous vous indiquons les voies de recours.',
] as const;

/** French public holidays of a year (mainland France), as YYYY-MM-DD. */
export function frenchPublicHolidays(year: number): Set<string> {
  const pad = (n: number) => String(n).padStart(2, '0');
  // The library builds local-time dates: read them back in local time.
  return new Set(Object.values(getJoursFeries(year)).map((d) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`));
}

/** Jours ouvrables: Monday to Saturday, public holidays excluded. */
export function isWorkingDay(iso: string): boolean {
  return weekdayIso(iso) !== 0 && !frenchPublicHolidays(Number(iso.slice(0, 4))).has(iso);
}

/** The date `n` jours ouvrables after `from` (the day of receipt does not count). */
export function addWorkingDays(from: string, n: number): string {
  let day = from;
  for (let counted = 0; counted < n;) {
    day = addDaysIso(day, 1);
    if (isWorkingDay(day)) counted++;
  }
  return day;
}

/** The two deadlines of a complaint received on `receivedOn` (Paris date). */
export function complaintDeadlines(receivedOn: string): { acknowledgeBy: string; answerBy: string } {
  return { acknowledgeBy: addWorkingDays(receivedOn, COMPLAINT_ACK_WORKING_DAYS), answerBy: addMonthsIso(receivedOn, COMPLAINT_ANSWER_MONTHS) };
}

export const COMPLAINT_SUBJECT_MAX = 120;
export const COMPLAINT_COMMENT_MAX = 4000;
export const COMPLAINT_ERRORS = {
  subjectEmpty: "Le champ 'Objet' ne peut pas être vide",
  subjectMax: `Le champ 'Objet' ne doit pas dépasser ${COMPLAINT_SUBJECT_MAX} caractères`,
  commentEmpty: "Le champ 'Commentaire' ne peut pas être vide",
  commentMax: `Le champ 'Commentaire' ne doit pas dépasser ${COMPLAINT_COMMENT_MAX} caractères`,
  theme: 'Veuillez choisir un thème',
  specialCharacters: 'Les caractères spéciaux ne sont pas autorisés',
} as const;

const text = (empty: string, max: number, tooLong: string) =>
  z.string().trim().min(1, empty).max(max, tooLong).regex(MESSAGE_TEXT_PATTERN, COMPLAINT_ERRORS.specialCharacters);

/** Multipart fields of a complaint (files under "attachments"). */
export const ZComplaintFields = z.object({
  subject: text(COMPLAINT_ERRORS.subjectEmpty, COMPLAINT_SUBJECT_MAX, COMPLAINT_ERRORS.subjectMax),
  theme: z.enum(COMPLAINT_THEMES, { error: COMPLAINT_ERRORS.theme }),
  comment: text(COMPLAINT_ERRORS.commentEmpty, COMPLAINT_COMMENT_MAX, COMPLAINT_ERRORS.commentMax),
});
export type TComplaintFields = z.infer<typeof ZComplaintFields>;

export const ZComplaintSent = z.object({
  id: z.uuid(),
  requestId: z.uuid(),
  receivedAt: z.string(),
  acknowledgeBy: z.string(),
  answerBy: z.string(),
});
export type TComplaintSent = z.infer<typeof ZComplaintSent>;
export const ZComplaintSentResponse = dataEnvelope(ZComplaintSent);
export const ZComplaintIdParams = z.object({ id: z.uuid() });
export const complaintCopyFileName = (receivedOn: string) => `Reclamation_${receivedOn}.pdf`;

/** The countdown text of a deadline (« dans 3 jours », « aujourd’hui », « dépassé de 2 jours »). */
export function deadlineCountdown(daysLeft: number): string {
  if (daysLeft === 0) return 'aujourd’hui';
  if (daysLeft === 1) return 'demain';
  if (daysLeft > 1) return `dans ${daysLeft} jours`;
  return daysLeft === -1 ? 'dépassé d’un jour' : `dépassé de ${-daysLeft} jours`;
}

// ── Contact (contact-us): a request for information, not a complaint ──

/** allThemes.contactsThemes: the themes of the contact form, each a message kind (10010–10016). */
export const CONTACT_THEMES = [
  { code: 'membership_other', label: 'Mon adhésion', typeCode: 10010 },
  { code: 'membership_fee_other', label: 'Mes cotisations', typeCode: 10011 },
  { code: 'warranties_other', label: 'Mes garanties', typeCode: 10012 },
  { code: 'refunds_other', label: 'Mes remboursements', typeCode: 10013 },
  { code: 'support_other', label: 'Accompagnement', typeCode: 10014 },
  { code: 'teletransmission_other', label: 'Télétransmission', typeCode: 10015 },
  { code: 'others', label: 'Autre sujet', typeCode: 10016 },
] as const;
export type ContactThemeCode = (typeof CONTACT_THEMES)[number]['code'];
const CONTACT_THEME_CODES = CONTACT_THEMES.map((t) => t.code) as [ContactThemeCode, ...ContactThemeCode[]];

export const ZContactFields = z.object({
  theme: z.enum(CONTACT_THEME_CODES, { error: COMPLAINT_ERRORS.theme }),
  subject: text(COMPLAINT_ERRORS.subjectEmpty, COMPLAINT_SUBJECT_MAX, COMPLAINT_ERRORS.subjectMax),
  message: text(
    "Le champ 'Message' ne peut pas être vide",
    COMPLAINT_COMMENT_MAX,
    `Le champ 'Message' ne doit pas dépasser ${COMPLAINT_COMMENT_MAX} caractères`,
  ),
});
export type TContactFields = z.infer<typeof ZContactFields>;
export const ZContactSent = z.object({ requestId: z.uuid() });
export const ZContactSentResponse = dataEnvelope(ZContactSent);

/** The insurer's contact channels (GET /api/contact-messages/channels): phone hours and post address. */
export const ZContactChannels = z.object({
  phone: z.string(),
  /** companySpecificities CALL_HOURS: Monday–Friday 8:30–18:00 by default. */
  callHours: z.string(),
  postAddress: z.array(z.string()),
  themes: z.array(z.object({ code: z.string(), label: z.string() })),
  mediator: z.object({ name: z.string(), address: z.array(z.string()), website: z.string(), when: z.string() }),
});
export type TContactChannels = z.infer<typeof ZContactChannels>;
export const ZContactChannelsResponse = dataEnvelope(ZContactChannels);
export const DEFAULT_CALL_HOURS = 'Du lundi au vendredi de 8 h 30 à 18 h 00';

// ── Countdown of a complaint's deadlines in « Mes demandes » ──

/** Jours ouvrables after `from` up to and including `to` (0 when `to` is not later). */
export function workingDaysUntil(from: string, to: string): number {
  let n = 0;
  for (let day = addDaysIso(from, 1); day <= to; day = addDaysIso(day, 1)) if (isWorkingDay(day)) n++;
  return n;
}

export type ComplaintCountdown = { kind: 'acknowledge' | 'answer'; due: string; text: string; breached: boolean };

/**
 * The deadlines still open of a complaint received on `receivedOn`, seen on `today` (Paris dates):
 * the acknowledgement until the complaint is acknowledged (in progress or later), the answer until it
 * is answered. Past its date a deadline is breached and says by how many days.
 */
export function complaintCountdowns(receivedOn: string, today: string, progress: { acknowledged: boolean; answered: boolean }): ComplaintCountdown[] {
  const { acknowledgeBy, answerBy } = complaintDeadlines(receivedOn);
  const out: ComplaintCountdown[] = [];
  const late = (due: string) => {
    const days = -Math.round((Date.parse(`${today}T00:00:00Z`) - Date.parse(`${due}T00:00:00Z`)) / 86_400_000);
    return deadlineCountdown(days);
  };
  if (!progress.acknowledged && !progress.answered) {
    const breached = today > acknowledgeBy;
    const left = workingDaysUntil(today, acknowledgeBy);
    const when = breached
      ? `délai ${late(acknowledgeBy)}`
      : today === acknowledgeBy
        ? 'aujourd’hui'
        : `dans ${left} jour${left > 1 ? 's' : ''} ouvrable${left > 1 ? 's' : ''}`;
    out.push({
      kind: 'acknowledge',
      due: acknowledgeBy,
      breached,
      text: `Accusé de réception attendu au plus tard le ${frenchDateWords(acknowledgeBy)} (${when})`,
    });
  }
  if (!progress.answered) {
    const breached = today > answerBy;
    out.push({
      kind: 'answer',
      due: answerBy,
      breached,
      text: `Réponse attendue au plus tard le ${frenchDateWords(answerBy)} (${breached ? 'délai ' : ''}${late(answerBy)})`,
    });
  }
  return out;
}
