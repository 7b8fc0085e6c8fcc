import { IDEMPOTENCY_HEADER } from '@mutua/contracts/platform';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents } from '../src/db/schema';
import { accessibilityReports } from '../src/modules/accessibility/schema';
import { DEMO_STAFF } from '../src/modules/backoffice/seed';
import { waitForMail } from './support/auth';
import { TestClient, createTestApp, type TestApp } from './support/test-app';
import { STAFF_HOST, signInStaff } from './support/staff';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let ip = 0;
/** A visitor (or a staff member) from an address of its own: the rate limit counts per address. */
class Visitor extends TestClient {
  readonly ip = `10.79.0.${++ip}`;
  override request(...[method, url, body, opts = {}]: Parameters<TestClient['request']>) {
    return super.request(method, url, body, { remoteAddress: this.ip, ...opts });
  }
}
const visitor = async (host = 'localhost') => {
  const v = new Visitor(t.app, host);
  expect((await v.get('/api/init')).statusCode).toBe(200);
  return v;
};
const staffMember = (who: keyof typeof DEMO_STAFF) => signInStaff(t, DEMO_STAFF[who], new Visitor(t.app, STAFF_HOST));
const report = {
  name: 'Jeanne Lecteur',
  email: 'jeanne.lecteur@example.org',
  page: 'Mes remboursements',
  description: 'Le tableau des remboursements n’est pas lu par mon lecteur d’écran.',
};
const reportsOf = async (tenantId: string) =>
  (await t.database.db.select({ n: count() }).from(accessibilityReports).where(eq(accessibilityReports.tenantId, tenantId)))[0]!.n;

describe('reporting an accessibility problem without signing in', () => {
  it('reaches the back office of its own tenant only; sent twice with the same key, it is one report', async () => {
    const v = await visitor('azur.localhost');
    const key = crypto.randomUUID();
    const sent = await v.post('/api/accessibility/reports', report, { headers: { [IDEMPOTENCY_HEADER]: key } });
    expect(sent.statusCode, sent.body).toBe(201);
    const again = await v.post('/api/accessibility/reports', report, { headers: { [IDEMPOTENCY_HEADER]: key } });
    expect(again.json().data.id).toBe(sent.json().data.id);
    const [row] = await t.database.db.select().from(accessibilityReports).where(eq(accessibilityReports.id, sent.json().data.id));
    expect(row).toMatchObject({ tenantId: 'azur', email: report.email, page: report.page });
    expect(await reportsOf('azur')).toBe(1);
    const [audit] = await t.database.db.select().from(auditEvents).where(eq(auditEvents.kind, 'ACCESSIBILITY_REPORT_RECEIVED'));
    expect(audit!.details).toEqual({ reportId: row!.id });

    // An agent of mutua only never sees azur's report; one of azur does.
    const derogator = await staffMember('derogator');
    const mutuaList = (await derogator.get('/api/bo/accessibility-reports')).json().data as { id: string }[];
    expect(mutuaList.map((r) => r.id)).not.toContain(row!.id);
    expect((await derogator.post(`/api/bo/accessibility-reports/${row!.id}/close`)).statusCode).toBe(404);
    const azurAgent = await staffMember('azurAgent');
    const azurList = (await azurAgent.get('/api/bo/accessibility-reports?status=OPEN')).json().data;
    expect(azurList).toEqual([
      expect.objectContaining({ id: row!.id, tenantId: 'azur', status: 'OPEN', name: 'Jeanne Lecteur', description: report.description }),
    ]);
  });

  it('refuses bad input in French, field by field, and stores nothing', async () => {
    const v = await visitor();
    const before = await reportsOf('mutua');
    const bad = await v.post('/api/accessibility/reports', { email: 'pas-une-adresse', page: '', description: 'court' });
    expect(bad.statusCode).toBe(400);
    const fields = bad.json().fields as Record<string, string>;
    expect(fields.email).toBe('Adresse e-mail invalide.');
    expect(fields.page).toBe('Indiquez la page ou le service concerné.');
    expect(fields.description).toBe('Décrivez le problème en 10\u00a0caractères au moins.');
    expect((await v.post('/api/accessibility/reports', { ...report, description: 'x'.repeat(4001) })).statusCode).toBe(400);
    expect(await reportsOf('mutua')).toBe(before);
  });

  it('refuses a forged call (no anti-forgery token) with 403 whatever its body, and limits a sender to 10 reports an hour', async () => {
    const before = await reportsOf('mutua');
    const forged = await t.app.inject({ method: 'POST', url: '/api/accessibility/reports', headers: { host: 'localhost' }, payload: { bad: true } });
    expect(forged.statusCode).toBe(403);
    const v = await visitor();
    for (let i = 0; i < 10; i++) expect((await v.post('/api/accessibility/reports', { ...report, name: '' })).statusCode).toBe(201);
    const limited = await v.post('/api/accessibility/reports', report);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.code).toBe('RATE_LIMITED');
    expect(await reportsOf('mutua')).toBe(before + 10);
  });
});

describe('the back office answers and closes a report', () => {
  it('mails the answer to the reporter once, audited; closes once; an administrator reads but never writes', async () => {
    const v = await visitor();
    const id = (await v.post('/api/accessibility/reports', { ...report, email: 'lecteur.repondu@example.org' })).json().data.id as string;
    const admin = await staffMember('administrator');
    expect(((await admin.get('/api/bo/accessibility-reports')).json().data as { id: string }[]).map((r) => r.id)).toContain(id);
    expect((await admin.post(`/api/bo/accessibility-reports/${id}/answer`, { answer: 'Nous corrigeons le tableau.' })).statusCode).toBe(403);
    expect((await admin.post(`/api/bo/accessibility-reports/${id}/close`)).statusCode).toBe(403);

    const agent = await staffMember('agent');
    const short = await agent.post(`/api/bo/accessibility-reports/${id}/answer`, { answer: 'ok' });
    expect(short.statusCode).toBe(400);
    expect(short.json().fields.answer).toBe('La réponse doit compter 10\u00a0caractères au moins.');
    const answered = await agent.post(`/api/bo/accessibility-reports/${id}/answer`, {
      answer: 'Merci. Le tableau est corrigé.\n\nVos remboursements sont aussi dans le détail de chacun.',
    });
    expect(answered.statusCode, answered.body).toBe(200);
    expect(answered.json().data).toMatchObject({ status: 'ANSWERED', answeredBy: DEMO_STAFF.agent.displayName });
    const mail = await waitForMail(t, { to: 'lecteur.repondu@example.org', kind: 'ACCESSIBILITY_REPORT_ANSWER' });
    expect(mail.subject).toBe('Réponse à votre signalement d’accessibilité Mutua Santé');
    expect(mail.text).toContain('Vos remboursements sont aussi dans le détail de chacun.');
    expect(mail.text).toContain('Défenseur des droits');
    expect(mail.text).toContain('/accessibilite');

    const twice = await agent.post(`/api/bo/accessibility-reports/${id}/answer`, { answer: 'Une deuxième réponse.' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.message).toBe('Ce signalement a déjà reçu une réponse ou a été clos.');
    expect((await agent.post(`/api/bo/accessibility-reports/${id}/close`)).json().data.status).toBe('CLOSED');
    expect((await agent.post(`/api/bo/accessibility-reports/${id}/close`)).statusCode).toBe(409);
    const kinds = (
      await t.database.db
        .select({ kind: auditEvents.kind, details: auditEvents.details })
        .from(auditEvents)
        .where(and(eq(auditEvents.tenantId, 'mutua')))
    ).filter((a) => (a.details as { reportId?: string }).reportId === id);
    expect(kinds.map((k) => k.kind).sort()).toEqual(['ACCESSIBILITY_REPORT_ANSWERED', 'ACCESSIBILITY_REPORT_CLOSED', 'ACCESSIBILITY_REPORT_RECEIVED']);
    // A member's host has no back office.
    expect((await v.get('/api/bo/accessibility-reports')).statusCode).toBe(404);
  });
});
