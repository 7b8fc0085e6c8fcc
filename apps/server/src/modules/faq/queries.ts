import { FAQ_SEARCH_LIMIT, withoutAccents, type TFaqCategory, type TFaqSearchResult, type TFaqThemeContent } from '@mutua/contracts/faq';
import { and, asc, count, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { faqCategories, faqEntries, faqThemes } from '../../db/schema';
import { AppError } from '../../lib/app-error';

/** The columns the search index reads: the text, then its copy without accents (see migration 0050). */
export function faqSearchColumns(entry: { question: string; answer: string }) {
  const both = (text: string) => (withoutAccents(text) === text ? text : `${text}\n${withoutAccents(text)}`);
  return { searchQuestion: both(entry.question), searchAnswer: both(entry.answer) };
}

/** The enabled categories of the tenant with their enabled themes, in order (GET /api/faq, faqCategories). */
export async function listFaqCategories(db: Db, tenantId: string, onlyCategory?: string): Promise<TFaqCategory[]> {
  const categories = await db
    .select({ id: faqCategories.id, title: faqCategories.title, description: faqCategories.description })
    .from(faqCategories)
    .where(
      and(eq(faqCategories.tenantId, tenantId), eq(faqCategories.enabled, true), onlyCategory === undefined ? undefined : eq(faqCategories.id, onlyCategory)),
    )
    .orderBy(asc(faqCategories.position), asc(faqCategories.id));
  if (!categories.length) return [];
  const themes = await db
    .select({ categoryId: faqThemes.categoryId, id: faqThemes.id, title: faqThemes.title, questionCount: count(faqEntries.id) })
    .from(faqThemes)
    .leftJoin(
      faqEntries,
      and(eq(faqEntries.tenantId, faqThemes.tenantId), eq(faqEntries.categoryId, faqThemes.categoryId), eq(faqEntries.themeId, faqThemes.id)),
    )
    .where(and(eq(faqThemes.tenantId, tenantId), eq(faqThemes.enabled, true), onlyCategory === undefined ? undefined : eq(faqThemes.categoryId, onlyCategory)))
    .groupBy(faqThemes.categoryId, faqThemes.id, faqThemes.title, faqThemes.position)
    .orderBy(asc(faqThemes.position), asc(faqThemes.id));
  return categories.map((c) => ({
    ...c,
    themes: themes.filter((t) => t.categoryId === c.id).map(({ id, title, questionCount }) => ({ id, title, questionCount: Number(questionCount) })),
  }));
}

/** One enabled category, or 404 « Cette catégorie est indisponible ». */
export async function getFaqCategory(db: Db, tenantId: string, categoryId: string): Promise<TFaqCategory> {
  const [category] = await listFaqCategories(db, tenantId, categoryId);
  if (!category) throw new AppError('FAQ_CATEGORY_UNAVAILABLE');
  return category;
}

/** The questions of an enabled theme of an enabled category, or the spec's 404. */
export async function getFaqTheme(db: Db, tenantId: string, categoryId: string, themeId: string): Promise<TFaqThemeContent> {
  const category = await getFaqCategory(db, tenantId, categoryId);
  const theme = category.themes.find((t) => t.id === themeId);
  if (!theme) throw new AppError('FAQ_THEME_UNAVAILABLE');
  const entries = await db
    .select({ id: faqEntries.id, question: faqEntries.question, answer: faqEntries.answer })
    .from(faqEntries)
    .where(and(eq(faqEntries.tenantId, tenantId), eq(faqEntries.categoryId, categoryId), eq(faqEntries.themeId, themeId)))
    .orderBy(asc(faqEntries.position), asc(faqEntries.id));
  return { category: { id: category.id, title: category.title }, theme: { id: theme.id, title: theme.title }, entries };
}

/** The indexed document: the same expression as faq_entries_search_idx, so the GIN index answers. */
const document = sql`(setweight(to_tsvector('french'::regconfig, ${faqEntries.searchQuestion}), 'A') || setweight(to_tsvector('french'::regconfig, ${faqEntries.searchAnswer}), 'B'))`;

/** Words of the query (at most 8), each read as typed or without accents: « remboursées » or « remboursees ». */
function wordQueries(q: string): SQL[] {
  const words = [
    ...new Set(
      q
        .toLowerCase()
        .split(/[^\p{L}\p{N}]+/u)
        .filter((w) => w.length > 1),
    ),
  ].slice(0, 8);
  return words.map((w) => sql`(plainto_tsquery('french'::regconfig, ${w}) || plainto_tsquery('french'::regconfig, ${withoutAccents(w)}))`);
}

/**
 * French full-text search over questions and answers of the enabled themes: every word (stemmed,
 * accents ignored) must match; when nothing does, any word may. Best first, at most FAQ_SEARCH_LIMIT.
 */
export async function searchFaq(db: Db, tenantId: string, q: string): Promise<TFaqSearchResult[]> {
  const parts = wordQueries(q);
  if (!parts.length) return [];
  const all = await searchWith(db, tenantId, sql`(${sql.join(parts, sql` && `)})`);
  if (all.length || parts.length === 1) return all;
  return searchWith(db, tenantId, sql`(${sql.join(parts, sql` || `)})`);
}

async function searchWith(db: Db, tenantId: string, tsquery: SQL): Promise<TFaqSearchResult[]> {
  const rank = sql<number>`ts_rank(${document}, ${tsquery})`;
  const rows = await db
    .select({
      id: faqEntries.id,
      question: faqEntries.question,
      answer: faqEntries.answer,
      categoryId: faqCategories.id,
      categoryTitle: faqCategories.title,
      themeId: faqThemes.id,
      themeTitle: faqThemes.title,
    })
    .from(faqEntries)
    .innerJoin(
      faqThemes,
      and(eq(faqThemes.tenantId, faqEntries.tenantId), eq(faqThemes.categoryId, faqEntries.categoryId), eq(faqThemes.id, faqEntries.themeId)),
    )
    .innerJoin(faqCategories, and(eq(faqCategories.tenantId, faqEntries.tenantId), eq(faqCategories.id, faqEntries.categoryId)))
    .where(and(eq(faqEntries.tenantId, tenantId), eq(faqThemes.enabled, true), eq(faqCategories.enabled, true), sql`${document} @@ ${tsquery}`))
    .orderBy(sql`${rank} desc`, asc(faqCategories.position), asc(faqThemes.position), asc(faqEntries.position))
    .limit(FAQ_SEARCH_LIMIT);
  return rows.map((r) => ({
    id: r.id,
    question: r.question,
    answer: r.answer,
    category: { id: r.categoryId, title: r.categoryTitle },
    theme: { id: r.themeId, title: r.themeTitle },
  }));
}
