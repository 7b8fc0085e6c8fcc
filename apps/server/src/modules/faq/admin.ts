import type { TAdminFaqCategory, TFaqCategoryUpdate, TFaqEntryInput, TFaqThemeUpdate } from '@mutua/contracts/backoffice-admin';
import { and, asc, eq, max } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { faqCategories, faqEntries, faqThemes } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { faqSearchColumns } from './queries';

/** Every category, theme and question of the tenant, disabled ones included (back-office administration). */
export async function adminFaq(db: Db, tenantId: string): Promise<TAdminFaqCategory[]> {
  const categories = await db
    .select()
    .from(faqCategories)
    .where(eq(faqCategories.tenantId, tenantId))
    .orderBy(asc(faqCategories.position), asc(faqCategories.id));
  const themes = await db.select().from(faqThemes).where(eq(faqThemes.tenantId, tenantId)).orderBy(asc(faqThemes.position), asc(faqThemes.id));
  const entries = await db
    .select({ id: faqEntries.id, categoryId: faqEntries.categoryId, themeId: faqEntries.themeId, question: faqEntries.question, answer: faqEntries.answer })
    .from(faqEntries)
    .where(eq(faqEntries.tenantId, tenantId))
    .orderBy(asc(faqEntries.position), asc(faqEntries.id));
  return categories.map((c) => ({
    id: c.id,
    title: c.title,
    description: c.description,
    enabled: c.enabled,
    themes: themes
      .filter((t) => t.categoryId === c.id)
      .map((t) => ({
        id: t.id,
        title: t.title,
        enabled: t.enabled,
        entries: entries.filter((e) => e.categoryId === c.id && e.themeId === t.id).map(({ id, question, answer }) => ({ id, question, answer })),
      })),
  }));
}

export async function createFaqCategory(db: Db, tenantId: string, input: { id: string; title: string; description: string }) {
  const [last] = await db
    .select({ p: max(faqCategories.position) })
    .from(faqCategories)
    .where(eq(faqCategories.tenantId, tenantId));
  const created = await db
    .insert(faqCategories)
    .values({ tenantId, ...input, position: (last?.p ?? 0) + 1 })
    .onConflictDoNothing()
    .returning({ id: faqCategories.id });
  if (created.length === 0) throw new AppError('FAQ_ID_TAKEN');
}

export async function createFaqTheme(db: Db, tenantId: string, categoryId: string, input: { id: string; title: string }) {
  const [category] = await db
    .select({ id: faqCategories.id })
    .from(faqCategories)
    .where(and(eq(faqCategories.tenantId, tenantId), eq(faqCategories.id, categoryId)));
  if (!category) throw new AppError('NOT_FOUND');
  const [last] = await db
    .select({ p: max(faqThemes.position) })
    .from(faqThemes)
    .where(and(eq(faqThemes.tenantId, tenantId), eq(faqThemes.categoryId, categoryId)));
  const created = await db
    .insert(faqThemes)
    .values({ tenantId, categoryId, ...input, position: (last?.p ?? 0) + 1 })
    .onConflictDoNothing()
    .returning({ id: faqThemes.id });
  if (created.length === 0) throw new AppError('FAQ_ID_TAKEN');
}

/** The new order of `ids` once `id` moved one place up or down (unchanged at either end). */
export function moved(ids: string[], id: string, move: 'up' | 'down'): string[] {
  const from = ids.indexOf(id);
  const to = move === 'up' ? from - 1 : from + 1;
  if (from < 0 || to < 0 || to >= ids.length) return ids;
  const next = [...ids];
  [next[from], next[to]] = [next[to]!, next[from]!];
  return next;
}

/**
 * Shows or hides, renames or moves a category of the tenant (404 when it is not the tenant's). A move
 * numbers the tenant's categories again 1…n in their new order, in the same transaction.
 */
export async function updateFaqCategory(db: Db, tenantId: string, categoryId: string, input: TFaqCategoryUpdate) {
  await db.transaction(async (tx) => {
    const { move, ...fields } = input;
    const where = and(eq(faqCategories.tenantId, tenantId), eq(faqCategories.id, categoryId));
    const [found] = await tx.select({ id: faqCategories.id }).from(faqCategories).where(where).for('update');
    if (!found) throw new AppError('NOT_FOUND');
    if (Object.values(fields).some((v) => v !== undefined)) await tx.update(faqCategories).set(fields).where(where);
    if (move) {
      const siblings = await tx
        .select({ id: faqCategories.id })
        .from(faqCategories)
        .where(eq(faqCategories.tenantId, tenantId))
        .orderBy(asc(faqCategories.position), asc(faqCategories.id));
      const order = moved(
        siblings.map((c) => c.id),
        categoryId,
        move,
      );
      for (const [i, id] of order.entries())
        await tx
          .update(faqCategories)
          .set({ position: i + 1 })
          .where(and(eq(faqCategories.tenantId, tenantId), eq(faqCategories.id, id)));
    }
  });
}

/** Shows or hides, renames or moves a theme within its category (404 when it is not the tenant's). */
export async function updateFaqTheme(db: Db, tenantId: string, categoryId: string, themeId: string, input: TFaqThemeUpdate) {
  await db.transaction(async (tx) => {
    const { move, ...fields } = input;
    const inCategory = and(eq(faqThemes.tenantId, tenantId), eq(faqThemes.categoryId, categoryId));
    const [found] = await tx
      .select({ id: faqThemes.id })
      .from(faqThemes)
      .where(and(inCategory, eq(faqThemes.id, themeId)))
      .for('update');
    if (!found) throw new AppError('NOT_FOUND');
    if (Object.values(fields).some((v) => v !== undefined))
      await tx
        .update(faqThemes)
        .set(fields)
        .where(and(inCategory, eq(faqThemes.id, themeId)));
    if (move) {
      const siblings = await tx.select({ id: faqThemes.id }).from(faqThemes).where(inCategory).orderBy(asc(faqThemes.position), asc(faqThemes.id));
      const order = moved(
        siblings.map((th) => th.id),
        themeId,
        move,
      );
      for (const [i, id] of order.entries())
        await tx
          .update(faqThemes)
          .set({ position: i + 1 })
          .where(and(inCategory, eq(faqThemes.id, id)));
    }
  });
}

/** A new question at the end of its theme; the search columns written with it (the index follows). */
export async function createFaqEntry(db: Db, tenantId: string, categoryId: string, themeId: string, input: TFaqEntryInput): Promise<string> {
  const [theme] = await db
    .select({ id: faqThemes.id })
    .from(faqThemes)
    .where(and(eq(faqThemes.tenantId, tenantId), eq(faqThemes.categoryId, categoryId), eq(faqThemes.id, themeId)));
  if (!theme) throw new AppError('NOT_FOUND');
  const [last] = await db
    .select({ p: max(faqEntries.position) })
    .from(faqEntries)
    .where(and(eq(faqEntries.tenantId, tenantId), eq(faqEntries.categoryId, categoryId), eq(faqEntries.themeId, themeId)));
  const [row] = await db
    .insert(faqEntries)
    .values({ tenantId, categoryId, themeId, ...input, position: (last?.p ?? 0) + 1, ...faqSearchColumns(input) })
    .returning({ id: faqEntries.id });
  return row!.id;
}

/** Edits a question and its answer, and their search columns in the same statement. */
export async function updateFaqEntry(db: Db, tenantId: string, entryId: string, input: TFaqEntryInput) {
  const done = await db
    .update(faqEntries)
    .set({ ...input, ...faqSearchColumns(input) })
    .where(and(eq(faqEntries.tenantId, tenantId), eq(faqEntries.id, entryId)))
    .returning({ id: faqEntries.id });
  if (done.length === 0) throw new AppError('NOT_FOUND');
}
