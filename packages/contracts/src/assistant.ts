import { z } from 'zod';
import { dataEnvelope } from './api';

/*
 * The 24/7 assistant: a member's question answered by retrieval from the tenant's FAQ, the portal's
 * screens and, signed in, the member's own data. It never writes an answer of its own: each answer
 * cites where it comes from and links to the screen that acts on it; without a good one it says so
 * and offers a person (the phone line, its relay service, « Parler à un conseiller »).
 */

export const ASSISTANT_QUESTION_MAX = 300;

export const ZAssistantQuestion = z.object({
  question: z
    .string()
    .trim()
    .min(2, 'Posez votre question en quelques mots.')
    .max(ASSISTANT_QUESTION_MAX, `Votre question ne peut pas dépasser ${ASSISTANT_QUESTION_MAX} caractères.`),
});
export type TAssistantQuestion = z.infer<typeof ZAssistantQuestion>;

export const ASSISTANT_SOURCE_KINDS = ['faq', 'screen', 'member'] as const;

export const ZAssistantAnswer = z.object({
  title: z.string(),
  text: z.string(),
  /** Where the answer comes from: a FAQ entry, a screen of the portal, the member's own data. */
  source: z.object({ kind: z.enum(ASSISTANT_SOURCE_KINDS), id: z.string(), url: z.string() }),
  /** The screen that acts on it (« Me faire rembourser », « Ma carte de tiers payant »…). */
  action: z.object({ label: z.string(), url: z.string() }).optional(),
});
export type TAssistantAnswer = z.infer<typeof ZAssistantAnswer>;

/** A person: the tenant's phone line and hours, its relay service for deaf and hard-of-hearing members, the adviser page. */
export const ZAssistantHuman = z.object({
  phone: z.string(),
  hours: z.string(),
  relayService: z.object({ provider: z.string(), url: z.string(), phone: z.string(), modes: z.array(z.string()) }).nullable(),
  url: z.string(),
  label: z.string(),
});
export type TAssistantHuman = z.infer<typeof ZAssistantHuman>;

export const ZAssistantReply = z.object({
  /** Best first. */
  answers: z.array(ZAssistantAnswer),
  /** false: no answer is good enough, the person is what to offer. */
  confident: z.boolean(),
  human: ZAssistantHuman,
});
export type TAssistantReply = z.infer<typeof ZAssistantReply>;
export const ZAssistantReplyResponse = dataEnvelope(ZAssistantReply);

/** « Parler à un conseiller »: the page that leads to a person (the conversation goes along). */
export const ADVISER_PATH = '/conseiller';

// ───────────────────────────── synonyms (back office) ─────────────────────────────

const ZWord = z
  .string()
  .trim()
  .min(2, 'Saisissez au moins 2 caractères.')
  .max(60, 'Saisissez au plus 60 caractères.')
  .regex(/^[\p{L}\p{N}' -]+$/u, 'Utilisez des lettres, des chiffres, des espaces, des apostrophes ou des tirets.');

/** « lunete » → « lunettes, optique »: what a member types, then the words the portal writes. */
export const ZAssistantSynonymInput = z.object({
  term: ZWord,
  synonyms: z.array(ZWord).min(1, 'Ajoutez au moins un synonyme.').max(10, 'Ajoutez au plus 10 synonymes.'),
});
export type TAssistantSynonymInput = z.infer<typeof ZAssistantSynonymInput>;

export const ZAssistantSynonym = ZAssistantSynonymInput.extend({ id: z.string() });
export type TAssistantSynonym = z.infer<typeof ZAssistantSynonym>;
export const ZAssistantSynonymsResponse = dataEnvelope(z.array(ZAssistantSynonym));
export const ZAssistantSynonymResponse = dataEnvelope(ZAssistantSynonym);

/** « lunete, lunettes » → the words, trimmed, without empty ones (the back office's one-field input). */
export function splitSynonyms(text: string): string[] {
  return text
    .split(',')
    .map((w) => w.trim())
    .filter(Boolean);
}
