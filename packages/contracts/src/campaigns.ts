import { z } from 'zod';
import { labelledList } from './labelled-list';
import { SHARED_DOCUMENT_TYPE_INFO } from './document-sharing';

/*
 * Campaigns: what the insurer asks the
 * member at the right moment, each driven by server data.
 * - The schooling campaign: a notification of upload type 1 (insured.notifications) and at least one
 *   insured child; per child, the school certificate now, « déposer ultérieurement », or « cet enfant
 *   n'est pas scolarisé »; deadline 15 November of the campaign year.
 * - The first-connection tutorial: the tenant's steps (entityTutorialDtos).
 * - The exit survey before the old insured space (showOldInsuredSpaceLink).
 * The whole family is gated by the tenant's DIGITAL_CAMPAIGNS toggle (entityHasDigitalCampaigns),
 * except the tutorial (a first connection is not a campaign).
 *
 * Popup order (one at a time, the session layer shows the first that applies): forced password renewal,
 * first-connection tutorial, schooling campaign, France Travail portability (portability.ts),
 * password-validity reminder. The gates (personal
 * information, legal pages) come before all of them.
 */

/** The notification upload type of the schooling campaign (« upload type 1 »). */
export const SCHOOLING_UPLOAD_TYPE = 1;

/** A notification of the member (insured.notifications): the insurer waits for an upload of a type. */
export const ZMemberNotification = z.object({
  id: z.string(),
  uploadType: z.number().int(),
  campaignYear: z.number().int(),
  /** ISO timestamp. */
  createdAt: z.string(),
});
export type TMemberNotification = z.infer<typeof ZMemberNotification>;

export const SCHOOLING_CHOICES = ['UPLOAD', 'LATER', 'NOT_SCHOOLED'] as const;
export type SchoolingChoice = (typeof SCHOOLING_CHOICES)[number];
export const SCHOOLING_CHOICE_LABELS: Record<SchoolingChoice, string> = {
  UPLOAD: 'Déposer le certificat de scolarité maintenant',
  LATER: 'Déposer ultérieurement',
  NOT_SCHOOLED: 'Cet enfant n’est pas scolarisé',
};

/** The campaign's guidance, word for word, and its other messages. */
export const SCHOOLING_MESSAGES = {
  noChoice: 'Veuillez télécharger le fichier nécessaire, sélectionner déposer ultérieurement ou sélectionner cet enfant n’est pas scolarisé.',
  fileMissing: 'Veuillez ajouter le certificat de scolarité de cet enfant.',
  filesNotExpected: 'Ne joignez un fichier que pour déposer le certificat maintenant.',
  /** what the certificate must show, valid one year (the document-sharing guidance). */
  legalNotice: SHARED_DOCUMENT_TYPE_INFO.schooling.guidance,
} as const;

/** 15 November of the campaign year, as an ISO date. */
export const schoolingDeadline = (campaignYear: number): string => `${campaignYear}-11-15`;

export const ZSchoolingChild = z.object({
  beneficiaryId: z.string(),
  firstName: z.string(),
  surName: z.string(),
  birthDate: z.string(),
  /** The member's answer so far; null: not answered. */
  answer: z.enum(SCHOOLING_CHOICES).nullable(),
});
export type TSchoolingChild = z.infer<typeof ZSchoolingChild>;

export const ZSchoolingCampaign = z.object({
  notificationId: z.string(),
  campaignYear: z.number().int(),
  /** ISO date: 15 November of the campaign year. */
  deadline: z.string(),
  /** Today is after the deadline: the certificates are still due, as soon as possible. */
  overdue: z.boolean(),
  /** Every insured child, in family order, with the answer given. */
  children: z.array(ZSchoolingChild),
  /** Some child has no answer at all: the popup opens by itself (the session flag « schooling popup »). */
  popup: z.boolean(),
});
export type TSchoolingCampaign = z.infer<typeof ZSchoolingCampaign>;

export type SchoolingRuleInput = {
  /** entityHasDigitalCampaigns. */
  enabled: boolean;
  /** The member's open notifications. */
  notifications: readonly TMemberNotification[];
  /** The insured beneficiaries, in family order. */
  beneficiaries: readonly { id: string; rank: string; firstName: string; surName: string; birthDate: string; insured: boolean }[];
  /** Answers given for the campaign's notification, by beneficiary id. */
  answers: ReadonlyMap<string, SchoolingChoice>;
  /** Today in France (ISO date). */
  today: string;
};

/** The notification the schooling campaign runs on: the open upload-type-1 notification of the latest year. */
export function schoolingNotificationOf(notifications: readonly TMemberNotification[]): TMemberNotification | null {
  const mine = notifications.filter((n) => n.uploadType === SCHOOLING_UPLOAD_TYPE).sort((a, b) => b.campaignYear - a.campaignYear);
  return mine[0] ?? null;
}

/**
 * The schooling campaign a member is shown, or null: none when the tenant runs no digital campaigns,
 * there is no notification of upload type 1, there is no insured child, or every child has a final
 * answer (certificate sent or not schooled). A child answered « déposer ultérieurement » stays due (the
 * home block offers to finish); the popup opens by itself only while some child has no answer.
 * After 15 November the certificates are still due (the insurer keeps the notification open): the
 * campaign says it is late rather than vanishing.
 */
export function schoolingCampaignFor(input: SchoolingRuleInput): TSchoolingCampaign | null {
  if (!input.enabled) return null;
  const notification = schoolingNotificationOf(input.notifications);
  if (!notification) return null;
  const children = input.beneficiaries
    .filter((b) => b.insured && b.rank === 'CHILD')
    .map((b) => ({ beneficiaryId: b.id, firstName: b.firstName, surName: b.surName, birthDate: b.birthDate, answer: input.answers.get(b.id) ?? null }));
  if (children.length === 0) return null;
  if (children.every((c) => c.answer === 'UPLOAD' || c.answer === 'NOT_SCHOOLED')) return null;
  const deadline = schoolingDeadline(notification.campaignYear);
  return {
    notificationId: notification.id,
    campaignYear: notification.campaignYear,
    deadline,
    overdue: input.today > deadline,
    children,
    popup: children.some((c) => c.answer === null),
  };
}

/** POST /api/schooling-campaign/{beneficiary} (multipart): the choice, and the certificate under `attachments` for UPLOAD. */
export const ZSchoolingFields = z.object({
  choice: z.enum(SCHOOLING_CHOICES, { error: SCHOOLING_MESSAGES.noChoice }),
});
export type TSchoolingFields = z.infer<typeof ZSchoolingFields>;

export const ZSchoolingAnswerResult = z.object({
  beneficiaryId: z.string(),
  choice: z.enum(SCHOOLING_CHOICES),
  /** The supporting-document request the certificate became (UPLOAD only). */
  requestId: z.string().nullable(),
});
export type TSchoolingAnswerResult = z.infer<typeof ZSchoolingAnswerResult>;

// ── First-connection tutorial (entityTutorialDtos) ──

export const ZTutorialStep = z.object({ position: z.number().int(), title: z.string(), text: z.string() });
export type TTutorialStep = z.infer<typeof ZTutorialStep>;

// ── Exit survey before the old insured space ──

export const { values: EXIT_SURVEY_REASON_IDS, labels: EXIT_SURVEY_REASONS } = labelledList({
  HABIT: 'Je suis habitué(e) à l’ancien espace',
  MISSING: 'Je ne trouve pas une fonctionnalité',
  SLOW: 'Le nouvel espace est trop lent',
  HARD: 'Le nouvel espace est difficile à utiliser',
  OTHER: 'Autre raison',
});
export type ExitSurveyReason = (typeof EXIT_SURVEY_REASON_IDS)[number];
export const EXIT_SURVEY_COMMENT_MAX = 500;
export const EXIT_SURVEY_MESSAGES = {
  reason: 'Veuillez indiquer pourquoi vous retournez à l’ancien espace.',
  comment: `Votre commentaire ne doit pas dépasser ${EXIT_SURVEY_COMMENT_MAX} caractères.`,
  unavailable: 'L’ancien espace adhérent n’est plus proposé.',
} as const;

export const ZExitSurvey = z.object({
  reason: z.enum(EXIT_SURVEY_REASON_IDS, { error: EXIT_SURVEY_MESSAGES.reason }),
  comment: z.string({ error: EXIT_SURVEY_MESSAGES.comment }).trim().max(EXIT_SURVEY_COMMENT_MAX, EXIT_SURVEY_MESSAGES.comment).default(''),
});
export type TExitSurvey = z.infer<typeof ZExitSurvey>;
/** The answer: where to go now (the old space's address). */
export const ZExitSurveyResult = z.object({ url: z.string() });
