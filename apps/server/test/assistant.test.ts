import { ZAssistantReplyResponse, type TAssistantReply } from '@mutua/contracts/assistant';
import { formatDate, formatEuros } from '@mutua/contracts/french-format';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assistantSynonyms, auditEvents, members, refunds } from '../src/db/schema';
import { insertFaq } from '../src/modules/faq/seed';
import { DEMO_STAFF } from '../src/modules/backoffice/seed';
import { AuthClient, DEMO_ACCOUNTS, createTestMember, signIn } from './support/auth';
import { TestClient, createTestApp, type TestApp } from './support/test-app';
import { STAFF_HOST, signInStaff } from './support/staff';

let t: TestApp;
let anonymous: TestClient;
let camille: AuthClient;
beforeAll(async () => {
  t = await createTestApp();
  anonymous = await AuthClient.open(t.app);
  camille = await signIn(t, DEMO_ACCOUNTS.camille.membershipNumber);
});
afterAll(() => t.close());

let ip = 0;
class StaffClient extends TestClient {
  readonly ip = `10.82.0.${++ip}`;
  constructor() {
    super(t.app, STAFF_HOST);
  }
  override request(...[method, url, body, opts = {}]: Parameters<TestClient['request']>) {
    return super.request(method, url, body, { remoteAddress: this.ip, ...opts });
  }
}
const staffOf = (who: keyof typeof DEMO_STAFF) => signInStaff(t, DEMO_STAFF[who], new StaffClient());

async function ask(client: TestClient, question: string, host?: string): Promise<TAssistantReply> {
  const res = await client.post('/api/assistant/ask', { question }, host ? { headers: { host } } : {});
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['cache-control']).toContain('no-store');
  return ZAssistantReplyResponse.parse(res.json()).data;
}

describe('POST /api/assistant/ask, signed out', () => {
  it('answers how to get the card from the tenant’s FAQ, citing the entry and linking to the card, with a person to reach', async () => {
    const reply = await ask(anonymous, 'Comment obtenir la carte de tiers payant\u00a0?');
    expect(reply.confident).toBe(true);
    const faq = reply.answers.find((a) => a.source.kind === 'faq')!;
    expect(faq.title).toMatch(/carte de tiers payant/);
    expect(faq.source.url).toMatch(/^\/faq\/carte-tiers-payant\/[a-z-]+$/);
    expect(reply.answers.some((a) => a.action?.url === '/tp-card')).toBe(true);
    expect(reply.human).toMatchObject({ hours: 'Du lundi au vendredi de 8\u00a0h\u00a030 à 18\u00a0h', url: '/conseiller', label: 'Parler à un conseiller' });
    expect(reply.human.phone).not.toBe('');
    expect(reply.human.relayService?.modes).toContain('Langue des signes française (LSF)');
  });

  it('says so when it has no good answer, and still offers a person', async () => {
    const reply = await ask(anonymous, 'recette de la tarte aux pommes');
    expect(reply.confident).toBe(false);
    expect(reply.human.url).toBe('/conseiller');
  });

  it('never answers from anyone’s data signed out', async () => {
    const reply = await ask(anonymous, 'où en est mon dernier remboursement\u00a0?');
    expect(reply.answers.every((a) => a.source.kind !== 'member')).toBe(true);
  });

  it('refuses an empty or too long question with a French message, and a call without the anti-forgery token', async () => {
    const empty = await anonymous.post('/api/assistant/ask', { question: ' ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().fields.question).toBe('Posez votre question en quelques mots.');
    const long = await anonymous.post('/api/assistant/ask', { question: 'a'.repeat(301) });
    expect(long.statusCode).toBe(400);
    expect(long.json().fields.question).toBe('Votre question ne peut pas dépasser 300 caractères.');
    const forged = await new TestClient(t.app).post('/api/assistant/ask', { question: 'carte tiers payant' });
    expect(forged.statusCode).toBe(403);
    expect(forged.json().error.code).toBe('CSRF_INVALID');
  });
});

describe('POST /api/assistant/ask, signed in', () => {
  it('tells Camille where her refund of a given day is: its amount, its care and payment dates', async () => {
    const [camilleRow] = await t.database.db
      .select({ id: members.id })
      .from(members)
      .where(and(eq(members.tenantId, 'mutua'), eq(members.membershipNumber, DEMO_ACCOUNTS.camille.membershipNumber)));
    const [last] = await t.database.db
      .select()
      .from(refunds)
      .where(eq(refunds.memberId, camilleRow!.id))
      .orderBy(desc(refunds.paymentDate), desc(refunds.careDate))
      .limit(1);
    const day = formatDate(last!.careDate, 'long').replace(/ \d{4}$/, '');
    const reply = await ask(camille, `où en est mon remboursement du ${day}\u00a0?`);
    const [first] = reply.answers;
    expect(first!.source).toEqual({ kind: 'member', id: 'last-refunds', url: '/refunds' });
    expect(first!.action).toEqual({ label: 'Voir mes remboursements', url: '/refunds' });
    expect(first!.text).toContain(formatEuros(last!.productCents));
    expect(first!.text).toContain(formatDate(last!.careDate, 'long'));
    expect(first!.text).toContain(formatDate(last!.paymentDate, 'long'));
  });

  it('answers « quand serai-je payé\u00a0? » and « ma carte tiers payant » from her own rows', async () => {
    const paid = await ask(camille, 'quand serai-je payé\u00a0?');
    expect(paid.answers[0]!.source.id).toBe('payment-dates');
    expect(paid.answers[0]!.text).toMatch(/Dernier versement\u00a0: .+ le \d{1,2}(er)? [a-zéû]+ \d{4}/);
    const card = await ask(camille, 'ma carte tiers payant');
    expect(card.answers[0]!.source).toMatchObject({ kind: 'member', id: 'card' });
    expect(card.answers[0]!.action?.url).toBe('/tp-card');
  });

  it('never shows another member’s refunds: a member without any is told so', async () => {
    const other = await createTestMember(t);
    const client = await signIn(t, other.login);
    const reply = await ask(client, 'mon dernier remboursement');
    const mine = reply.answers.find((a) => a.source.kind === 'member')!;
    expect(mine.text).toBe('Vous n’avez encore aucun remboursement enregistré.');
  });
});

describe('each tenant’s own FAQ', () => {
  it('never cites another tenant’s entry', async () => {
    await insertFaq(t.database.db, 'azur', 'Azur Prévoyance', [
      {
        id: 'thalasso',
        title: 'Thalassothérapie',
        description: '',
        themes: [{ id: 'cures', title: 'Cures marines', entries: [['La thalassothérapie est-elle remboursée\u00a0?', 'Non, sauf cure thermale prescrite.']] }],
      },
    ]);
    await t.app.readCache.sync();
    const azur = await ask(anonymous, 'thalassothérapie remboursée', 'azur.localhost');
    expect(azur.answers[0]!.title).toBe('La thalassothérapie est-elle remboursée\u00a0?');
    const mutua = await ask(anonymous, 'thalassothérapie remboursée');
    expect(mutua.answers.map((a) => a.title)).not.toContain('La thalassothérapie est-elle remboursée\u00a0?');
  });
});

describe('the synonym list in the back office', () => {
  const path = '/api/bo/tenants/mutua/assistant-synonyms';

  it('an administrator adds a word: audited, stored folded, and the assistant understands it at once', async () => {
    const before = await ask(anonymous, 'zieuter');
    expect(before.answers.some((a) => a.title.startsWith('Comment sont remboursées mes lunettes'))).toBe(false);
    const admin = await staffOf('administrator');
    const created = await admin.post(path, { term: 'Zieuter', synonyms: ['lunettes', 'Optique'] });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().data).toMatchObject({ term: 'zieuter', synonyms: ['lunettes', 'optique'] });
    await t.app.readCache.sync();
    const after = await ask(anonymous, 'zieuter');
    expect(after.answers.some((a) => a.title.startsWith('Comment sont remboursées mes lunettes'))).toBe(true);
    const [audit] = await t.database.db.select().from(auditEvents).where(eq(auditEvents.kind, 'ASSISTANT_SYNONYM_CREATED'));
    expect(audit).toMatchObject({ tenantId: 'mutua', details: expect.objectContaining({ term: 'zieuter' }) });

    const again = await admin.post(path, { term: 'zieuter', synonyms: ['yeux'] });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe('Ce mot a déjà ses synonymes\u00a0: modifiez-les.');

    const id = created.json().data.id as string;
    const changed = await admin.put(`${path}/${id}`, { term: 'zieuter', synonyms: ['lentilles'] });
    expect(changed.statusCode, changed.body).toBe(200);
    const removed = await admin.request('DELETE', `${path}/${id}`);
    expect(removed.statusCode, removed.body).toBe(200);
    const kinds = (await t.database.db.select({ kind: auditEvents.kind }).from(auditEvents)).map((r) => r.kind);
    expect(kinds).toEqual(expect.arrayContaining(['ASSISTANT_SYNONYM_UPDATED', 'ASSISTANT_SYNONYM_DELETED']));
  });

  it('refuses a bad word with a French message, changing nothing', async () => {
    const admin = await staffOf('administrator');
    const count = (await t.database.db.select().from(assistantSynonyms).where(eq(assistantSynonyms.tenantId, 'mutua'))).length;
    const bad = await admin.post(path, { term: 'a', synonyms: [] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toMatchObject({ term: 'Saisissez au moins 2 caractères.', synonyms: 'Ajoutez au moins un synonyme.' });
    expect((await t.database.db.select().from(assistantSynonyms).where(eq(assistantSynonyms.tenantId, 'mutua'))).length).toBe(count);
  });

  it('lets an agent read the list but not change it; another tenant’s staff never sees it', async () => {
    const agent = await staffOf('agent');
    const list = await agent.get(path);
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().data.map((s: { term: string }) => s.term)).toContain('lunete');
    const refused = await agent.post(path, { term: 'gamelle', synonyms: ['chute'] });
    expect(refused.statusCode).toBe(403);
    expect((await t.database.db.select().from(assistantSynonyms).where(eq(assistantSynonyms.term, 'gamelle'))).length).toBe(0);
    const azurAgent = await staffOf('azurAgent');
    expect((await azurAgent.get(path)).statusCode).toBe(404);
  });
});
