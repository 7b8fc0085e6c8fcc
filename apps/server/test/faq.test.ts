import { FAQ_SEARCH_LIMIT, ZFaqCategoriesResponse, ZFaqCategoryResponse, ZFaqSearchResponse, ZFaqThemeResponse } from '@mutua/contracts/faq';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { faqCategories, faqThemes } from '../src/db/schema';
import { insertFaq } from '../src/modules/faq/seed';
import { AuthClient, DEMO_ACCOUNTS, signIn } from './support/auth';
import { createTestApp, type TestApp, type TestClient } from './support/test-app';

let t: TestApp;
let anonymous: TestClient;
let camille: TestClient;
beforeAll(async () => {
  t = await createTestApp();
  anonymous = await AuthClient.open(t.app);
  camille = await signIn(t, DEMO_ACCOUNTS.camille.membershipNumber);
});
afterAll(() => t.close());

const search = async (client: TestClient, q: string, host?: string) => {
  const res = await client.get(`/api/faq/search?q=${encodeURIComponent(q)}`, host ? { headers: { host } } : {});
  expect(res.statusCode, res.body).toBe(200);
  return ZFaqSearchResponse.parse(res.json()).data;
};

describe('GET /api/faq', () => {
  it('answers the tenant’s categories and themes in order, signed out and signed in alike', async () => {
    const out = await anonymous.get('/api/faq');
    expect(out.statusCode, out.body).toBe(200);
    const categories = ZFaqCategoriesResponse.parse(out.json()).data;
    expect(categories.length).toBeGreaterThanOrEqual(5);
    expect(categories.map((c) => c.id).slice(0, 5)).toEqual(['remboursements', 'optique', 'dentaire', 'hospitalisation', 'carte-tiers-payant']);
    for (const c of categories) {
      expect(c.themes.length).toBeGreaterThanOrEqual(2);
      for (const theme of c.themes) expect(theme.questionCount).toBeGreaterThanOrEqual(2);
    }
    expect((await camille.get('/api/faq')).json()).toEqual(out.json());
  });

  it('is the faqCategories of the global details', async () => {
    const details = (await camille.get('/api/all-info')).json().data;
    expect(details.faqCategories).toEqual(ZFaqCategoriesResponse.parse((await camille.get('/api/faq')).json()).data);
  });

  it('names the tenant in its answers', async () => {
    const azur = await AuthClient.open(t.app, { host: 'azur.localhost' });
    const [mutuaHit] = await search(anonymous, 'carte tiers payant sert');
    const [azurHit] = await search(azur, 'carte tiers payant sert');
    expect(mutuaHit!.answer).toContain('Mutua Santé');
    expect(azurHit!.answer).toContain('Azur Prévoyance');
  });
});

describe('GET /api/faq/{category} and /api/faq/{category}/{theme}', () => {
  it('answers a category with its themes, and a theme with its questions', async () => {
    const category = ZFaqCategoryResponse.parse((await anonymous.get('/api/faq/optique')).json()).data;
    expect(category.title).toBe('Lunettes et optique');
    expect(category.themes.map((th) => th.id)).toEqual(['lunettes', 'lentilles']);
    const theme = ZFaqThemeResponse.parse((await anonymous.get('/api/faq/optique/lunettes')).json()).data;
    expect(theme.category).toEqual({ id: 'optique', title: 'Lunettes et optique' });
    expect(theme.theme.title).toBe('Lunettes');
    expect(theme.entries[0]!.question).toBe('Comment sont remboursées mes lunettes\u00a0?');
    expect((await camille.get('/api/faq/optique/lunettes')).json().data).toEqual(theme);
  });

  it('answers the spec’s messages for an unknown or disabled category or theme', async () => {
    const unknownCategory = await anonymous.get('/api/faq/inconnue');
    expect(unknownCategory.statusCode).toBe(404);
    expect(unknownCategory.json().error).toEqual({ code: 'FAQ_CATEGORY_UNAVAILABLE', message: 'Cette catégorie est indisponible' });
    expect((await anonymous.get('/api/faq/inconnue/lunettes')).json().error.code).toBe('FAQ_CATEGORY_UNAVAILABLE');
    const unknownTheme = await anonymous.get('/api/faq/optique/inconnu');
    expect(unknownTheme.statusCode).toBe(404);
    expect(unknownTheme.json().error).toEqual({ code: 'FAQ_THEME_UNAVAILABLE', message: 'Ce thème est indisponible' });

    const db = t.database.db;
    await db
      .update(faqThemes)
      .set({ enabled: false })
      .where(and(eq(faqThemes.tenantId, 'mutua'), eq(faqThemes.categoryId, 'optique'), eq(faqThemes.id, 'lentilles')));
    await db
      .update(faqCategories)
      .set({ enabled: false })
      .where(and(eq(faqCategories.tenantId, 'mutua'), eq(faqCategories.id, 'cotisations')));
    try {
      expect((await anonymous.get('/api/faq/optique/lentilles')).json().error.code).toBe('FAQ_THEME_UNAVAILABLE');
      expect((await anonymous.get('/api/faq/cotisations')).json().error.code).toBe('FAQ_CATEGORY_UNAVAILABLE');
      expect((await anonymous.get('/api/faq/cotisations/paiement')).statusCode).toBe(404);
      const list = ZFaqCategoriesResponse.parse((await anonymous.get('/api/faq')).json()).data;
      expect(list.map((c) => c.id)).not.toContain('cotisations');
      expect(list.find((c) => c.id === 'optique')!.themes.map((th) => th.id)).toEqual(['lunettes']);
      // Nor does the search answer from them.
      expect((await search(anonymous, 'lentilles de contact')).map((r) => r.theme.id)).not.toContain('lentilles');
      expect((await search(anonymous, 'prélèvement cotisations')).map((r) => r.category.id)).not.toContain('cotisations');
      // Another tenant's categories are unaffected.
      expect((await anonymous.get('/api/faq/cotisations', { headers: { host: 'azur.localhost' } })).statusCode).toBe(200);
    } finally {
      await db.update(faqThemes).set({ enabled: true });
      await db.update(faqCategories).set({ enabled: true });
    }
  });

  it('refuses ids that are not slugs (French 400)', async () => {
    const res = await anonymous.get('/api/faq/Optique%20!');
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('VALIDATION_FAILED');
    expect(res.json().error.message).toMatch(/introuvable/);
    expect((await anonymous.get(`/api/faq/optique/${'a'.repeat(61)}`)).statusCode).toBe(400);
  });
});

describe('GET /api/faq/search?q=', () => {
  it('finds « Comment sont remboursées mes lunettes\u00a0? » from « remboursement lunettes » (French stems), first', async () => {
    const results = await search(anonymous, 'remboursement lunettes');
    expect(results[0]!.question).toBe('Comment sont remboursées mes lunettes\u00a0?');
    expect(results[0]!.category).toEqual({ id: 'optique', title: 'Lunettes et optique' });
    expect(results[0]!.theme).toEqual({ id: 'lunettes', title: 'Lunettes' });
  });

  it('ignores accents and case both ways', async () => {
    const first = async (q: string) => (await search(anonymous, q))[0]?.question;
    expect(await first('REMBOURSEES LUNETTES')).toBe('Comment sont remboursées mes lunettes\u00a0?');
    expect(await first('prothèses dentaires implants')).toBe('Les implants dentaires sont-ils remboursés\u00a0?');
    expect(await first('protheses dentaires implants')).toBe('Les implants dentaires sont-ils remboursés\u00a0?');
    expect(await first('chambre particuliere')).toBe('La chambre particulière est-elle remboursée\u00a0?');
  });

  it('ranks a match in the question above one in the answer only, and answers nothing for unknown words', async () => {
    const results = await search(anonymous, 'ordonnance');
    expect(results.length).toBeGreaterThan(0);
    expect(results[0]!.question).toBe('Faut-il une ordonnance pour être remboursé\u00a0?');
    expect(await search(anonymous, 'zzzqqq xylophone')).toEqual([]);
    // Only stop words: nothing to look for.
    expect(await search(anonymous, 'de la du')).toEqual([]);
  });

  it('falls back to any word when no answer has them all', async () => {
    const results = await search(anonymous, 'lunettes xylophone');
    expect(results.map((r) => r.question)).toContain('Comment sont remboursées mes lunettes\u00a0?');
  });

  it('answers at most the limit, from the tenant’s own FAQ', async () => {
    await insertFaq(t.database.db, 'azur', 'Azur', [
      {
        id: 'volume',
        title: 'Volume',
        description: '',
        themes: [
          { id: 'un', title: 'Un', entries: Array.from({ length: 30 }, (_, i) => [`Question ${i} sur le remboursement`, 'Réponse.'] as [string, string]) },
        ],
      },
    ]);
    const azur = await AuthClient.open(t.app, { host: 'azur.localhost' });
    expect((await search(azur, 'remboursement')).length).toBe(FAQ_SEARCH_LIMIT);
    expect((await search(anonymous, 'remboursement')).map((r) => r.category.id)).not.toContain('volume');
  });

  it('refuses a query too short or too long (French 400), signed out or in', async () => {
    for (const client of [anonymous, camille]) {
      const short = await client.get('/api/faq/search?q=a');
      expect(short.statusCode).toBe(400);
      expect(short.json().error).toEqual({ code: 'VALIDATION_FAILED', message: 'Saisissez au moins 2 caractères pour rechercher dans la FAQ.' });
      expect((await client.get(`/api/faq/search?q=${'a'.repeat(101)}`)).json().error.message).toBe('Votre recherche ne peut pas dépasser 100 caractères.');
      expect((await client.get('/api/faq/search')).statusCode).toBe(400);
    }
  });

  it('uses the GIN index on PostgreSQL', async () => {
    if (t.database.kind !== 'postgres') return;
    // Checked with a small table, so the planner is told to prefer the index.
    const rows = await t.database.exclusive(async (conn) => {
      await conn.exec('set enable_seqscan = off');
      const plan = await conn.query<{ 'QUERY PLAN': string }>(
        `explain select id from faq_entries where (setweight(to_tsvector('french'::regconfig, search_question), 'A') || setweight(to_tsvector('french'::regconfig, search_answer), 'B')) @@ plainto_tsquery('french', 'lunettes')`,
      );
      await conn.exec('reset enable_seqscan');
      return plan;
    });
    expect(rows.map((r) => r['QUERY PLAN']).join('\n')).toContain('faq_entries_search_idx');
  });
});
