import { z } from 'zod';
import { dataEnvelope } from './api';

/*
 * The tenant's FAQ (public): categories, their themes, the questions and answers of a theme
 * (GET /api/faq, /api/faq/{category}, /api/faq/{category}/{theme}), a search over questions and
 * answers (GET /api/faq/search?q=), and the global details' faqCategories.
 */

/** Ids of categories and themes are short slugs (« remboursements », « optique »). */
export const FAQ_ID_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const ZFaqId = z.string().max(60, 'Cette page est introuvable.').regex(FAQ_ID_PATTERN, 'Cette page est introuvable.');

export const ZFaqThemeSummary = z.object({ id: z.string(), title: z.string(), questionCount: z.number().int() });
export type TFaqThemeSummary = z.infer<typeof ZFaqThemeSummary>;

export const ZFaqCategory = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  themes: z.array(ZFaqThemeSummary),
});
export type TFaqCategory = z.infer<typeof ZFaqCategory>;

export const ZFaqEntry = z.object({
  id: z.string(),
  question: z.string(),
  /** Plain text; paragraphs separated by a blank line. */
  answer: z.string(),
});
export type TFaqEntry = z.infer<typeof ZFaqEntry>;

export const ZFaqThemeContent = z.object({
  category: z.object({ id: z.string(), title: z.string() }),
  theme: z.object({ id: z.string(), title: z.string() }),
  entries: z.array(ZFaqEntry),
});
export type TFaqThemeContent = z.infer<typeof ZFaqThemeContent>;

export const ZFaqSearchResult = ZFaqEntry.extend({
  category: z.object({ id: z.string(), title: z.string() }),
  theme: z.object({ id: z.string(), title: z.string() }),
});
export type TFaqSearchResult = z.infer<typeof ZFaqSearchResult>;

/** At most this many answers to a search, best first. */
export const FAQ_SEARCH_LIMIT = 20;

export const ZFaqSearchQuery = z.object({
  q: z.string().trim().min(2, 'Saisissez au moins 2 caractères pour rechercher dans la FAQ.').max(100, 'Votre recherche ne peut pas dépasser 100 caractères.'),
});

export const ZFaqCategoryParams = z.object({ category: ZFaqId });
export const ZFaqThemeParams = z.object({ category: ZFaqId, theme: ZFaqId });

export const ZFaqCategoriesResponse = dataEnvelope(z.array(ZFaqCategory));
export const ZFaqCategoryResponse = dataEnvelope(ZFaqCategory);
export const ZFaqThemeResponse = dataEnvelope(ZFaqThemeContent);
export const ZFaqSearchResponse = dataEnvelope(z.array(ZFaqSearchResult));

/** Lower case without accents: the copy of the text the French full-text search reads beside the original. */
export function withoutAccents(text: string): string {
  return text.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
}
