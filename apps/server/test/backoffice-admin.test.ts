// Long because it covers the administration routes (announcements, SLA, FAQ, legal pages), staff accounts and their sign-in security, with roles, bad input and audit.
import { STAFF_IP_MAX_FAILURES } from '@mutua/contracts/backoffice-admin';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, caseSla, faqEntries, legalPages, staff, tenantAnnouncements } from '../src/db/schema';
import { DEMO_STAFF, DEMO_STAFF_PASSWORD } from '../src/modules/backoffice/seed';
import { currentTotp } from '../src/modules/backoffice/totp';
import { DEMO_ACCOUNTS, createTestMember, signIn } from './support/auth';
import { TestClient, createTestApp, type TestApp } from './support/test-app';
import { staffClients } from './support/staff-clients';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const staffClient = staffClients(() => t, '10.77.0');
const { demoStaff } = staffClient;

/** A staff account created by the administrator, then signed in with enrolment (QR secret → code). */
async function newStaff(admin: TestClient, role: string, tenants: string[]) {
  const email = `s${Date.now()}${staffClient.made()}@gestion.localhost`;
  const password = 'Nouveau-Compte-2026!';
  const created = await admin.post('/api/bo/admin/staff', { email, displayName: `Staff ${role}`, role, tenants, password });
  expect(created.statusCode, created.body).toBe(201);
  const client = staffClient.client();
  await client.get('/api/bo/auth/session');
  expect((await client.post('/api/bo/auth/login', { email, password })).json().data.next).toBe('ENROL');
  const secret = (await client.get('/api/bo/auth/enrolment')).json().data.secret as string;
  const done = await client.post('/api/bo/auth/totp', { code: currentTotp(secret, new Date()) });
  expect(done.statusCode, done.body).toBe(200);
  return { client, id: created.json().data.id as string, email, secret };
}

// In the order they were recorded (PostgreSQL returns rows in no promised order without one).
const auditKinds = async (kind: string) => t.database.db.select().from(auditEvents).where(eq(auditEvents.kind, kind)).orderBy(asc(auditEvents.at));

describe('tenant administration: access', () => {
  it('refuses every other role (403) and reads another tenant as missing (404)', async () => {
    const agent = await demoStaff('agent');
    expect((await agent.get('/api/bo/admin/tenants')).statusCode).toBe(403);
    expect((await agent.put('/api/bo/tenants/mutua/announcement', { message: 'x', displayed: true })).statusCode).toBe(403);
    expect((await agent.get('/api/bo/admin/staff')).statusCode).toBe(403);
    const admin = await demoStaff('administrator');
    const azurAdmin = await newStaff(admin, 'administrator', ['azur']);
    for (const [method, url, body] of [
      ['PUT', '/api/bo/tenants/mutua/announcement', { message: 'x', displayed: true }],
      ['PUT', '/api/bo/tenants/mutua/sla', { entries: [{ family: 'bill', days: 3 }] }],
      ['PUT', '/api/bo/tenants/mutua/maintenance', { on: true, reason: 'x' }],
      ['GET', '/api/bo/tenants/mutua/faq', undefined],
      ['POST', '/api/bo/tenants/mutua/legal-pages', { type: 'cgu', title: 'CGU', content: 'x' }],
    ] as const) {
      expect((await azurAdmin.client.request(method, url, body)).statusCode, url).toBe(404);
    }
    const tenants = (await azurAdmin.client.get('/api/bo/admin/tenants')).json().data as { id: string }[];
    expect(tenants.map((x) => x.id)).toEqual(['azur']);
    // Staff of mutua only (the derogator) are not the azur administrator's to see or change.
    const derogator = (await admin.get('/api/bo/admin/staff')).json().data.find((s: { email: string }) => s.email === DEMO_STAFF.derogator.email);
    expect((await azurAdmin.client.put(`/api/bo/admin/staff/${derogator.id}`, { active: false })).statusCode).toBe(404);
    expect(
      (
        await azurAdmin.client.post('/api/bo/admin/staff', {
          email: 'x@gestion.localhost',
          displayName: 'X',
          role: 'agent',
          tenants: ['mutua'],
          password: 'Un-Mot-De-Passe-2026',
        })
      ).statusCode,
    ).toBe(404);
  });

  it('answers bad input in French, stores nothing', async () => {
    const admin = await demoStaff('administrator');
    const [before] = await t.database.db.select().from(tenantAnnouncements).where(eq(tenantAnnouncements.tenantId, 'azur'));
    const bad = await admin.put('/api/bo/tenants/azur/announcement', { message: '  ', displayed: true });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toContain('Saisissez le message de l’annonce.');
    const window = await admin.put('/api/bo/tenants/azur/announcement', {
      message: 'Bonjour',
      displayed: true,
      startsAt: '2026-12-02T00:00:00Z',
      endsAt: '2026-12-01T00:00:00Z',
    });
    expect(window.json().error.message).toContain('La fin de l’affichage doit suivre son début.');
    const [after] = await t.database.db.select().from(tenantAnnouncements).where(eq(tenantAnnouncements.tenantId, 'azur'));
    expect(after).toEqual(before);
    const sla = await admin.put('/api/bo/tenants/azur/sla', { entries: [{ family: 'bill', days: 0 }] });
    expect(sla.statusCode).toBe(400);
    expect(sla.json().error.message).toContain('Entre 1 et 365 jours.');
    expect(
      (
        await t.database.db
          .select()
          .from(caseSla)
          .where(and(eq(caseSla.tenantId, 'azur'), eq(caseSla.family, 'bill')))
      )[0]!.days,
    ).toBe(10);
    const maintenance = await admin.put('/api/bo/tenants/azur/maintenance', { on: true, reason: '' });
    expect(maintenance.json().error.message).toContain('Indiquez le motif affiché aux adhérents.');
    const entries = await t.database.db.select().from(faqEntries);
    const faq = await admin.post('/api/bo/tenants/azur/faq/categories/x/themes/y/entries', { question: '', answer: 'a' });
    expect(faq.json().error.message).toContain('Saisissez la question.');
    expect(await t.database.db.select().from(faqEntries)).toHaveLength(entries.length);
    const staffBad = await admin.post('/api/bo/admin/staff', { email: 'pas-un-email', displayName: 'X', role: 'agent', tenants: ['azur'], password: 'court' });
    expect(staffBad.statusCode).toBe(400);
    expect(staffBad.json().error.message).toMatch(/adresse e-mail valide|12 caractères/);
    const legal = await admin.post('/api/bo/tenants/azur/legal-pages', { type: 'cgu', title: 'CGU', content: ' ' });
    expect(legal.json().error.message).toContain('Saisissez le contenu de la page.');
    expect(
      await t.database.db
        .select()
        .from(legalPages)
        .where(and(eq(legalPages.tenantId, 'azur'), eq(legalPages.version, 2))),
    ).toHaveLength(0);
  });
});

describe('tenant administration: effects', () => {
  it('an announcement appears on the member’s home within its window; the SLA table changes; all audited', async () => {
    const admin = await demoStaff('administrator');
    const member = await signIn(t, DEMO_ACCOUNTS.camille.loginEmail);
    const put = await admin.put('/api/bo/tenants/mutua/announcement', { message: 'Fermeture le 24 décembre.', displayed: true, startsAt: null, endsAt: null });
    expect(put.statusCode, put.body).toBe(200);
    const info = async () => (await member.get('/api/all-info')).json().data;
    await expect.poll(async () => (await info()).announcement, { timeout: 3000 }).toBe('Fermeture le 24 décembre.');
    expect((await info()).isAnnouncementDisplayed).toBe(true);
    // A window in the future: not displayed yet.
    await admin.put('/api/bo/tenants/mutua/announcement', {
      message: 'Plus tard',
      displayed: true,
      startsAt: new Date(Date.now() + 86_400_000).toISOString(),
      endsAt: null,
    });
    await expect.poll(async () => (await info()).isAnnouncementDisplayed, { timeout: 3000 }).toBe(false);
    expect((await admin.put('/api/bo/tenants/mutua/sla', { entries: [{ family: 'message', days: 3 }] })).statusCode).toBe(200);
    const tenants = (await admin.get('/api/bo/admin/tenants')).json().data as {
      id: string;
      sla: { family: string; days: number }[];
      announcement: { message: string };
    }[];
    const mutua = tenants.find((x) => x.id === 'mutua')!;
    expect(mutua.sla.find((s) => s.family === 'message')!.days).toBe(3);
    expect(mutua.announcement.message).toBe('Plus tard');
    expect((await auditKinds('TENANT_ANNOUNCEMENT_SET')).length).toBeGreaterThanOrEqual(2);
    expect((await auditKinds('TENANT_SLA_SET'))[0]!.details).toMatchObject({ staffId: expect.any(String) });
  });

  it('a FAQ question edited is found by the member search; a theme disabled leaves it', async () => {
    const admin = await demoStaff('administrator');
    const faq = (await admin.get('/api/bo/tenants/mutua/faq')).json().data as { id: string; themes: { id: string; entries: { id: string }[] }[] }[];
    const category = faq[0]!;
    const theme = category.themes[0]!;
    const entry = theme.entries[0]!;
    const edited = await admin.put(`/api/bo/tenants/mutua/faq/entries/${entry.id}`, {
      question: 'Comment déclarer un hippocampe\u00a0?',
      answer: 'Les hippocampes se déclarent dans votre espace.',
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const search = async (q: string) =>
      (await new TestClient(t.app, 'localhost').get(`/api/faq/search?q=${encodeURIComponent(q)}`)).json().data as { id: string }[];
    expect((await search('hippocampes')).map((r) => r.id)).toContain(entry.id);
    // A new question, searchable at once, without accents too.
    const created = await admin.post(`/api/bo/tenants/mutua/faq/categories/${category.id}/themes/${theme.id}/entries`, {
      question: 'Où trouver l’échéancier\u00a0?',
      answer: 'Dans « Mes documents ».',
    });
    expect(created.statusCode, created.body).toBe(201);
    expect((await search('echeancier')).map((r) => r.id)).toContain(created.json().data.id);
    expect((await admin.put(`/api/bo/tenants/mutua/faq/categories/${category.id}/themes/${theme.id}`, { enabled: false })).statusCode).toBe(200);
    expect((await search('hippocampes')).map((r) => r.id)).not.toContain(entry.id);
    expect((await admin.put(`/api/bo/tenants/mutua/faq/categories/${category.id}/themes/${theme.id}`, { enabled: true })).statusCode).toBe(200);
    // Another tenant's entry reads as missing.
    const azurFaq = (await admin.get('/api/bo/tenants/azur/faq')).json().data as { themes: { entries: { id: string }[] }[] }[];
    const azurEntry = azurFaq.flatMap((c) => c.themes.flatMap((th) => th.entries))[0];
    if (azurEntry) expect((await admin.put(`/api/bo/tenants/mutua/faq/entries/${azurEntry.id}`, { question: 'Q', answer: 'R' })).statusCode).toBe(404);
    expect((await admin.post(`/api/bo/tenants/mutua/faq/categories`, { id: category.id, title: 'Doublon' })).json().error.code).toBe('FAQ_ID_TAKEN');
    expect((await auditKinds('FAQ_ENTRY_UPDATED')).length).toBe(1);
  });

  it('categories and themes created, renamed and moved: the member’s FAQ follows; bad input, other tenants and roles refused', async () => {
    const admin = await demoStaff('administrator');
    const publicFaq = async () =>
      (await new TestClient(t.app, 'localhost').get('/api/faq')).json().data as { id: string; title: string; themes: { id: string; title: string }[] }[];
    const created = await admin.post('/api/bo/tenants/mutua/faq/categories', { id: 'prevention', title: 'Prévention', description: 'Dépistages et vaccins.' });
    expect(created.statusCode, created.body).toBe(201);
    const theme = await admin.post('/api/bo/tenants/mutua/faq/categories/prevention/themes', { id: 'vaccins', title: 'Vaccins' });
    expect(theme.statusCode, theme.body).toBe(201);
    expect((await admin.post('/api/bo/tenants/mutua/faq/categories/prevention/themes', { id: 'depistage', title: 'Dépistage' })).statusCode).toBe(201);
    const question = await admin.post('/api/bo/tenants/mutua/faq/categories/prevention/themes/vaccins/entries', {
      question: 'Le vaccin contre la grippe est-il pris en charge\u00a0?',
      answer: 'Oui, sur prescription.',
    });
    expect(question.statusCode, question.body).toBe(201);
    await expect.poll(async () => (await publicFaq()).at(-1), { timeout: 3000 }).toMatchObject({ id: 'prevention', title: 'Prévention' });

    // Renamed (the id in the member's address stays), then moved up one place; a theme renamed and moved.
    expect(
      (await admin.put('/api/bo/tenants/mutua/faq/categories/prevention', { title: 'Prévention santé', description: 'Vaccins et dépistages.' })).statusCode,
    ).toBe(200);
    expect((await admin.put('/api/bo/tenants/mutua/faq/categories/prevention', { move: 'up' })).statusCode).toBe(200);
    expect((await admin.put('/api/bo/tenants/mutua/faq/categories/prevention/themes/depistage', { title: 'Dépistages', move: 'up' })).statusCode).toBe(200);
    await expect.poll(async () => (await publicFaq()).at(-2)?.title, { timeout: 3000 }).toBe('Prévention santé');
    const after = await publicFaq();
    expect(after.at(-2)!.themes.map((th) => [th.id, th.title])).toEqual([
      ['depistage', 'Dépistages'],
      ['vaccins', 'Vaccins'],
    ]);
    const adminView = (await admin.get('/api/bo/tenants/mutua/faq')).json().data as { id: string; description: string }[];
    expect(adminView.find((c) => c.id === 'prevention')!.description).toBe('Vaccins et dépistages.');
    // The first one up, or the last one down, stays where it is.
    expect((await admin.put('/api/bo/tenants/mutua/faq/categories/prevention/themes/depistage', { move: 'up' })).statusCode).toBe(200);
    expect((await publicFaq()).at(-2)!.themes[0]!.id).toBe('depistage');
    expect((await auditKinds('FAQ_CATEGORY_SET')).map((a) => a.details)).toContainEqual(
      expect.objectContaining({ categoryId: 'prevention', title: 'Prévention santé', staffId: expect.any(String) }),
    );
    expect((await auditKinds('FAQ_THEME_CREATED')).map((a) => a.details)).toContainEqual(
      expect.objectContaining({ categoryId: 'prevention', themeId: 'vaccins' }),
    );

    // Bad input: French 400, nothing stored.
    const before = (await admin.get('/api/bo/tenants/mutua/faq')).json();
    for (const [method, url, body, message] of [
      ['POST', '/api/bo/tenants/mutua/faq/categories', { id: 'Avec Espaces', title: 'X' }, 'Identifiant\u00a0: lettres minuscules, chiffres et tirets.'],
      ['POST', '/api/bo/tenants/mutua/faq/categories', { id: 'vide', title: '  ' }, 'Saisissez le titre.'],
      ['POST', '/api/bo/tenants/mutua/faq/categories/prevention/themes', { id: 'x', title: 'x'.repeat(121) }, '120 caractères au maximum.'],
      ['PUT', '/api/bo/tenants/mutua/faq/categories/prevention', { title: ' ' }, 'Saisissez le titre.'],
      ['PUT', '/api/bo/tenants/mutua/faq/categories/prevention', {}, 'Indiquez une modification.'],
      ['PUT', '/api/bo/tenants/mutua/faq/categories/prevention/themes/vaccins', { move: 'left' }, 'Déplacement inconnu\u00a0: vers le haut ou vers le bas.'],
    ] as const) {
      const res = await admin.request(method, url, body);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().error.message, url).toContain(message);
    }
    expect((await admin.post('/api/bo/tenants/mutua/faq/categories/prevention/themes', { id: 'vaccins', title: 'Doublon' })).json().error.code).toBe(
      'FAQ_ID_TAKEN',
    );
    expect((await admin.get('/api/bo/tenants/mutua/faq')).json()).toEqual(before);

    // Another tenant's category or theme reads as missing; an administrator of azur only does not reach mutua; other roles refused.
    expect((await admin.put('/api/bo/tenants/azur/faq/categories/prevention', { title: 'Autre' })).statusCode).toBe(404);
    expect((await admin.put('/api/bo/tenants/azur/faq/categories/prevention/themes/vaccins', { title: 'Autre' })).statusCode).toBe(404);
    expect((await admin.post('/api/bo/tenants/azur/faq/categories/prevention/themes', { id: 'autre', title: 'Autre' })).statusCode).toBe(404);
    const azurAdmin = await newStaff(admin, 'administrator', ['azur']);
    expect((await azurAdmin.client.put('/api/bo/tenants/mutua/faq/categories/prevention', { title: 'Piraté' })).statusCode).toBe(404);
    expect((await azurAdmin.client.post('/api/bo/tenants/mutua/faq/categories', { id: 'piratee', title: 'Piratée' })).statusCode).toBe(404);
    const manager = await demoStaff('manager');
    expect((await manager.put('/api/bo/tenants/mutua/faq/categories/prevention', { title: 'Piraté' })).statusCode).toBe(403);
    expect((await manager.post('/api/bo/tenants/mutua/faq/categories/prevention/themes', { id: 'piratee', title: 'Piratée' })).statusCode).toBe(403);
    expect((await admin.get('/api/bo/tenants/mutua/faq')).json()).toEqual(before);
  });

  it('a new legal page version: a member who accepted the old one is asked again', async () => {
    const m = await createTestMember(t, { tenantId: 'azur' });
    const member = await signIn(t, m.login, { host: 'azur.localhost' });
    const pages = (await member.get('/api/all-info')).json().data.legalPages as { type: string; version: number }[];
    expect((await member.post('/api/auth/legal-pages/accept', { pages: pages.map(({ type, version }) => ({ type, version })) })).statusCode).toBe(200);
    expect((await member.get('/api/all-info')).json().data.insured.validatedLegalPages).toBe(true);
    const admin = await demoStaff('administrator');
    const published = await admin.post('/api/bo/tenants/azur/legal-pages', {
      type: 'cgu',
      title: 'Conditions générales d’utilisation',
      content: 'Nouvelle version.',
      requiresAcceptance: true,
    });
    expect(published.statusCode, published.body).toBe(201);
    const version = published.json().data.version as number;
    expect(version).toBe(pages.find((p) => p.type === 'cgu')!.version + 1);
    const after = (await member.get('/api/all-info')).json().data;
    expect(after.insured.validatedLegalPages).toBe(false);
    expect(after.legalPages.find((p: { type: string }) => p.type === 'cgu')).toMatchObject({ version, accepted: false });
    expect((await auditKinds('LEGAL_PAGE_PUBLISHED'))[0]!.details).toMatchObject({ type: 'cgu', version });
  });
});

describe('staff accounts', () => {
  it('a deactivated staff member’s session and the member space they opened end at once', async () => {
    const admin = await demoStaff('administrator');
    const derogator = await newStaff(admin, 'derogator', ['mutua']);
    expect((await derogator.client.get('/api/bo/cases?view=all')).statusCode).toBe(200);
    const m = await createTestMember(t);
    const handoff = await derogator.client.post(`/api/bo/members/${m.memberId}/handoff`, { mode: 'DEROGATION', reason: 'Adhérent au téléphone' });
    const url = new URL(handoff.json().data.url);
    const browser = new TestClient(t.app, 'localhost');
    await browser.get(url.pathname + url.search);
    expect((await browser.get('/api/auth/profile')).statusCode).toBe(200);
    expect((await admin.put(`/api/bo/admin/staff/${derogator.id}`, { active: false })).statusCode).toBe(200);
    expect((await derogator.client.get('/api/bo/cases?view=all')).statusCode).toBe(401);
    expect((await browser.get('/api/auth/profile')).statusCode).toBe(401);
    // Signing in again is refused.
    const again = staffClient.client();
    await again.get('/api/bo/auth/session');
    expect((await again.post('/api/bo/auth/login', { email: derogator.email, password: 'Nouveau-Compte-2026!' })).json().error.code).toBe(
      'INVALID_CREDENTIALS',
    );
    expect((await auditKinds('STAFF_UPDATED')).at(-1)!.details).toMatchObject({ targetStaffId: derogator.id, active: false, sessionsEnded: 1 });
    // An administrator does not deactivate themself.
    const self = (await admin.get('/api/bo/admin/staff')).json().data.find((s: { email: string }) => s.email === DEMO_STAFF.administrator.email);
    expect((await admin.put(`/api/bo/admin/staff/${self.id}`, { active: false })).json().error.code).toBe('STAFF_SELF_CHANGE');
    expect(
      (
        await admin.post('/api/bo/admin/staff', {
          email: derogator.email,
          displayName: 'X',
          role: 'agent',
          tenants: ['mutua'],
          password: 'Un-Mot-De-Passe-2026',
        })
      ).json().error.code,
    ).toBe('STAFF_EMAIL_TAKEN');
  });

  it('a role change ends the staff member’s sessions and the member space they entered; no administrator demotes themself', async () => {
    const admin = await demoStaff('administrator');
    const manager = await newStaff(admin, 'manager', ['mutua']);
    const m = await createTestMember(t);
    const handoff = await manager.client.post(`/api/bo/members/${m.memberId}/handoff`, { mode: 'READ_ONLY' });
    expect(handoff.statusCode, handoff.body).toBe(201);
    const url = new URL(handoff.json().data.url);
    const browser = new TestClient(t.app, 'localhost');
    await browser.get(url.pathname + url.search);
    expect((await browser.get('/api/auth/profile')).statusCode).toBe(200);

    // Bad input: French 400, nothing changed, the sessions still open.
    for (const [body, message] of [
      [{ role: 'superviseur' }, 'Choisissez un rôle\u00a0: gestionnaire, responsable, dérogataire ou administrateur.'],
      [{ role: 'agent', tenants: [] }, 'Choisissez au moins une mutuelle.'],
    ] as const) {
      const bad = await admin.put(`/api/bo/admin/staff/${manager.id}`, body);
      expect(bad.statusCode).toBe(400);
      expect(bad.json().error.message).toContain(message);
    }
    expect((await t.database.db.select().from(staff).where(eq(staff.id, manager.id)))[0]!.role).toBe('manager');
    expect((await browser.get('/api/auth/profile')).statusCode).toBe(200);

    // Another tenant: an azur administrator neither sees this mutua manager nor gives a mutua access to their own staff; other roles refused.
    const azurAdmin = await newStaff(admin, 'administrator', ['azur']);
    expect((await azurAdmin.client.put(`/api/bo/admin/staff/${manager.id}`, { role: 'agent' })).statusCode).toBe(404);
    expect((await azurAdmin.client.put(`/api/bo/admin/staff/${azurAdmin.id}`, { role: 'agent' })).json().error.code).toBe('STAFF_SELF_CHANGE');
    const azurAgent = (await azurAdmin.client.get('/api/bo/admin/staff')).json().data.find((s: { email: string }) => s.email === DEMO_STAFF.azurAgent.email);
    expect((await azurAdmin.client.put(`/api/bo/admin/staff/${azurAgent.id}`, { tenants: ['azur', 'mutua'] })).statusCode).toBe(404);
    expect((await manager.client.put(`/api/bo/admin/staff/${azurAgent.id}`, { role: 'administrator' })).statusCode).toBe(403);
    expect((await t.database.db.select().from(staff).where(eq(staff.id, azurAgent.id)))[0]!.role).toBe('agent');

    // The role changes: the staff session and the member space opened from it end at once.
    const changed = await admin.put(`/api/bo/admin/staff/${manager.id}`, { role: 'agent', tenants: ['mutua', 'azur'] });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().data).toMatchObject({ role: 'agent', tenants: ['azur', 'mutua'] });
    expect((await manager.client.get('/api/bo/cases?view=all')).statusCode).toBe(401);
    expect((await browser.get('/api/auth/profile')).statusCode).toBe(401);
    expect((await auditKinds('STAFF_UPDATED')).at(-1)!.details).toMatchObject({ targetStaffId: manager.id, role: 'agent', sessionsEnded: 1 });
    // Signing in again gives the new role.
    const again = staffClient.client();
    await again.get('/api/bo/auth/session');
    await t.database.db.update(staff).set({ totpLastStep: null }).where(eq(staff.id, manager.id));
    expect((await again.post('/api/bo/auth/login', { email: manager.email, password: 'Nouveau-Compte-2026!' })).statusCode).toBe(200);
    expect((await again.post('/api/bo/auth/totp', { code: currentTotp(manager.secret, new Date()) })).statusCode).toBe(200);
    expect((await again.get('/api/bo/auth/session')).json().data.staff.role).toBe('agent');
    expect((await again.post(`/api/bo/members/${m.memberId}/handoff`, { mode: 'READ_ONLY' })).statusCode).toBe(403);

    // An administrator never changes their own role (nor leaves administration that way).
    const self = (await admin.get('/api/bo/admin/staff')).json().data.find((s: { email: string }) => s.email === DEMO_STAFF.administrator.email);
    const demote = await admin.put(`/api/bo/admin/staff/${self.id}`, { role: 'agent' });
    expect(demote.statusCode).toBe(409);
    expect(demote.json().error.message).toBe('Vous ne pouvez pas modifier votre propre compte ici.');
    expect((await t.database.db.select().from(staff).where(eq(staff.id, self.id)))[0]!.role).toBe('administrator');
  });

  it('a TOTP reset asks for a new enrolment; unblocking clears the counters', async () => {
    const admin = await demoStaff('administrator');
    const agent = await newStaff(admin, 'agent', ['azur']);
    expect((await admin.post(`/api/bo/admin/staff/${agent.id}/totp-reset`)).statusCode).toBe(200);
    expect((await agent.client.get('/api/bo/cases')).statusCode).toBe(401);
    const client = staffClient.client();
    await client.get('/api/bo/auth/session');
    expect((await client.post('/api/bo/auth/login', { email: agent.email, password: 'Nouveau-Compte-2026!' })).json().data.next).toBe('ENROL');
    // Five wrong passwords block the account; the administrator unblocks it.
    const locked = staffClient.client();
    await locked.get('/api/bo/auth/session');
    for (let i = 0; i < 5; i++) await locked.post('/api/bo/auth/login', { email: agent.email, password: 'faux' });
    expect((await locked.post('/api/bo/auth/login', { email: agent.email, password: 'Nouveau-Compte-2026!' })).json().error.code).toBe('ACCOUNT_BLOCKED');
    const listed = (await admin.get('/api/bo/admin/staff')).json().data.find((s: { id: string }) => s.id === agent.id);
    expect(listed).toMatchObject({ blocked: true, enrolled: false });
    expect((await admin.post(`/api/bo/admin/staff/${agent.id}/unblock`)).statusCode).toBe(200);
    const [row] = await t.database.db.select().from(staff).where(eq(staff.id, agent.id));
    expect(row).toMatchObject({ consecutiveFailures: 0, blockedUntil: null });
    expect((await locked.post('/api/bo/auth/login', { email: agent.email, password: 'Nouveau-Compte-2026!' })).statusCode).toBe(200);
    expect((await auditKinds('STAFF_UNBLOCKED')).length).toBe(1);
    expect((await auditKinds('STAFF_TOTP_RESET')).length).toBe(1);
  });
});

describe('staff sign-in security', () => {
  it('refuses a TOTP code used once already (replay within its window)', async () => {
    const first = staffClient.client();
    await first.get('/api/bo/auth/session');
    await first.post('/api/bo/auth/login', { email: DEMO_STAFF.azurAgent.email, password: DEMO_STAFF_PASSWORD });
    await t.database.db.update(staff).set({ totpLastStep: null }).where(eq(staff.email, DEMO_STAFF.azurAgent.email));
    const code = currentTotp(DEMO_STAFF.azurAgent.totp, new Date());
    expect((await first.post('/api/bo/auth/totp', { code })).statusCode).toBe(200);
    const second = staffClient.client();
    await second.get('/api/bo/auth/session');
    await second.post('/api/bo/auth/login', { email: DEMO_STAFF.azurAgent.email, password: DEMO_STAFF_PASSWORD });
    const replay = await second.post('/api/bo/auth/totp', { code });
    expect(replay.statusCode).toBe(400);
    expect(replay.json().error.code).toBe('STAFF_CODE_INVALID');
    expect((await auditKinds('STAFF_LOGIN_FAILED')).some((a) => a.details.step === 'CODE_REPLAYED')).toBe(true);
  });

  it('counts failures per IP address across accounts, and blocks the address', async () => {
    const client = staffClient.client();
    await client.get('/api/bo/auth/session');
    for (let i = 0; i < STAFF_IP_MAX_FAILURES; i++) {
      const res = await client.post('/api/bo/auth/login', { email: `inconnu${i}@gestion.localhost`, password: 'faux' });
      expect(res.json().error.code).toBe('INVALID_CREDENTIALS');
    }
    // Even the right password is refused from that address; another address signs in.
    const blocked = await client.post('/api/bo/auth/login', { email: DEMO_STAFF.manager.email, password: DEMO_STAFF_PASSWORD });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().error.message).toBe('Trop de tentatives. Veuillez réessayer plus tard.');
    const other = staffClient.client();
    await other.get('/api/bo/auth/session');
    expect((await other.post('/api/bo/auth/login', { email: DEMO_STAFF.manager.email, password: DEMO_STAFF_PASSWORD })).statusCode).toBe(200);
    expect((await auditKinds('STAFF_IP_BLOCKED')).length).toBe(1);
  });
});
