// Long because it covers every requests route (list, detail, messages, files, read marks) with its bad inputs and access control.
import { randomBytes } from 'node:crypto';
import { defaultRequestTypes } from '@mutua/contracts/request-kinds';
import { MESSAGE_KIND_CODES, ZRequestsInfo, ZTimelineRecentInfo, type TRequest, type TRequestGroup } from '@mutua/contracts/requests';
import { UPLOAD_MAX_FILE_BYTES } from '@mutua/contracts/uploads';
import { count, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, auditEvents, requestMessages, requests, storedFiles } from '../src/db/schema';
import { DEMO_MEMBERS } from '../src/modules/members/seed';
import { SessionStore } from '../src/core/session-store';
import { makePng } from '../src/modules/documents/sample-files';
import { ACCESS_DENIED_AUDIT_KIND } from '../src/http/deny-access';
import { systemClock } from '../src/lib/clock';
import { DEMO_ACCOUNTS, signIn, type AuthClient } from './support/auth';
import { encryptedPdf, fakePdf, multipart, type Part, postMultipart, samplePdf, samplePng } from './support/documents-fixtures';
import { memberIdOf } from './support/database';
import { TestClient, createTestApp, type TestApp } from './support/test-app';

let t: TestApp;
let camille: AuthClient;
let julien: AuthClient;
let lea: AuthClient;
let camilleId: string;
let julienId: string;

beforeAll(async () => {
  t = await createTestApp();
  camille = await signIn(t, DEMO_ACCOUNTS.camille.loginEmail);
  julien = await signIn(t, DEMO_ACCOUNTS.julien.loginEmail);
  lea = await signIn(t, DEMO_ACCOUNTS.lea.loginEmail, { host: 'azur.localhost' });
  camilleId = await memberIdOf(t.database.db, 'mutua', DEMO_MEMBERS.camille);
  julienId = await memberIdOf(t.database.db, 'mutua', DEMO_MEMBERS.julien);
});
afterAll(() => t.close());

async function requestsOf(client: TestClient): Promise<{ groups: TRequestGroup[]; all: TRequest[] }> {
  const res = await client.get('/api/all-info?actionKey=requests');
  expect(res.statusCode, res.body).toBe(200);
  const info = ZRequestsInfo.parse(res.json().data);
  return { groups: info.allRequests, all: info.allRequests.flatMap((g) => g.requests) };
}

async function latestDenial() {
  const [row] = await t.database.db.select().from(auditEvents).where(eq(auditEvents.kind, ACCESS_DENIED_AUDIT_KIND)).orderBy(desc(auditEvents.at)).limit(1);
  return row;
}

async function counts() {
  const db = t.database.db;
  const [r] = await db.select({ n: count() }).from(requests);
  const [m] = await db.select({ n: count() }).from(requestMessages);
  const [f] = await db.select({ n: count() }).from(storedFiles);
  return { requests: r!.n, messages: m!.n, files: f!.n };
}

describe('GET /api/all-info?actionKey=requests', () => {
  it('answers the request groups with every field the spec names, the first 3 as last requests, and the delays', async () => {
    const res = await camille.get('/api/all-info?actionKey=requests');
    expect(res.statusCode).toBe(200);
    const info = ZRequestsInfo.parse(res.json().data);
    expect(Object.keys(res.json().data).sort()).toEqual(['allRequests', 'averageRequestResponseDelay', 'lastRequests']);
    expect(info.lastRequests.map((g) => g.id)).toEqual(info.allRequests.slice(0, 3).map((g) => g.id));
    const all = info.allRequests.flatMap((g) => g.requests);
    expect(new Set(all.map((r) => r.typeCode)).size).toBe(defaultRequestTypes().length);
    const withDoc = all.find((r) => r.statusList.some((s) => s.documents.length))!;
    expect(withDoc.statusList[0]).toEqual(
      expect.objectContaining({
        label: expect.any(String),
        labelCaption: null,
        infoMessage: expect.toBeOneOf([null, expect.any(String)]),
        linkInfoMessage: expect.any(String),
        documents: expect.any(Array),
      }),
    );
    expect(info.averageRequestResponseDelay.prestationFuturDate > info.averageRequestResponseDelay.prestationPastDate).toBe(true);
  });

  it('answers the recent timeline with actionKey=timeline_recent', async () => {
    const res = await camille.get('/api/all-info?actionKey=timeline_recent');
    expect(res.statusCode).toBe(200);
    expect(ZTimelineRecentInfo.parse(res.json().data).timelineRecent.length).toBeGreaterThan(0);
  });

  it('shows each member only their own requests', async () => {
    const mine = (await requestsOf(camille)).all.map((r) => r.id);
    expect((await requestsOf(julien)).all).toEqual([]);
    const hers = (await requestsOf(lea)).all.map((r) => r.id);
    expect(hers.length).toBeGreaterThan(0);
    expect(hers.some((id) => mine.includes(id))).toBe(false);
  });

  it('needs a session', async () => {
    const anonymous = await TestClient.start(t.app);
    expect((await anonymous.get('/api/all-info?actionKey=requests')).statusCode).toBe(401);
  });
});

describe('POST /api/requests/message?idMessage=', () => {
  it('marks a request read on the server, so it is read after a reload', async () => {
    const unread = (await requestsOf(camille)).all.find((r) => r.statusKey === 'unread')!;
    expect(unread.isNew).toBe(true);
    const res = await camille.post(`/api/requests/message?idMessage=${unread.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ id: unread.id, statusKey: 'read', read: true, isNew: false });
    const reloaded = (await requestsOf(camille)).all.find((r) => r.id === unread.id)!;
    expect(reloaded).toMatchObject({ statusKey: 'read', read: true, isNew: false });
    expect(reloaded.messages.filter((m) => m.direction === 'insurer').every((m) => m.readAt)).toBe(true);
  });

  it('answers 404 and writes an audit row for another member’s request, changing nothing', async () => {
    const target = (await requestsOf(camille)).all.find((r) => r.statusKey === 'unread')!;
    const res = await julien.post(`/api/requests/message?idMessage=${target.id}`);
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('NOT_FOUND');
    expect(await latestDenial()).toMatchObject({
      memberId: julienId,
      tenantId: 'mutua',
      details: { resource: 'request', id: target.id, ownedByAnotherMember: true },
    });
    expect((await requestsOf(camille)).all.find((r) => r.id === target.id)!.statusKey).toBe('unread');
    // From the other tenant too.
    expect((await lea.post(`/api/requests/message?idMessage=${target.id}`)).statusCode).toBe(404);
  });

  it('refuses a malformed id, a missing anti-forgery token and no session', async () => {
    const bad = await camille.post('/api/requests/message?idMessage=42');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toEqual({ code: 'VALIDATION_FAILED', message: 'UUID invalide' });
    const target = (await requestsOf(camille)).all[0]!;
    expect((await camille.post(`/api/requests/message?idMessage=${target.id}`, undefined, { headers: { 'x-xsrf-token': 'nope' } })).statusCode).toBe(403);
    const anonymous = await TestClient.start(t.app);
    expect((await anonymous.post(`/api/requests/message?idMessage=${target.id}`)).statusCode).toBe(401);
  });
});

describe('GET /api/requests/messages/file?documentId=', () => {
  it('streams the real file as an attachment with its content type', async () => {
    const all = (await requestsOf(camille)).all;
    const pdfDoc = all.flatMap((r) => r.statusList.flatMap((s) => s.documents)).find((d) => d.nameFile.endsWith('.pdf'))!;
    const res = await camille.get(`/api/requests/messages/file?documentId=${pdfDoc.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="${pdfDoc.nameFile}"; filename*=UTF-8''${encodeURIComponent(pdfDoc.nameFile)}`);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    const pngDoc = all.flatMap((r) => r.statusList.flatMap((s) => s.documents)).find((d) => d.nameFile.endsWith('.png'))!;
    const png = await camille.get(`/api/requests/messages/file?documentId=${pngDoc.id}`);
    expect(png.headers['content-type']).toBe('image/png');
    expect(png.rawPayload.subarray(1, 4).toString()).toBe('PNG');

    const attachment = all.flatMap((r) => r.messages.flatMap((m) => m.attachments))[0]!;
    expect((await camille.get(`/api/requests/messages/file?documentId=${attachment.id}`)).statusCode).toBe(200);
  });

  it('answers 404 with an audit row for another member’s document, and for an unknown one', async () => {
    const doc = (await requestsOf(camille)).all.flatMap((r) => r.statusList.flatMap((s) => s.documents))[0]!;
    const res = await julien.get(`/api/requests/messages/file?documentId=${doc.id}`);
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-disposition']).toBeUndefined();
    expect(await latestDenial()).toMatchObject({ memberId: julienId, details: { resource: 'document', id: doc.id, ownedByAnotherMember: true } });
    expect((await lea.get(`/api/requests/messages/file?documentId=${doc.id}`)).statusCode).toBe(404);
    const unknown = '00000000-0000-4000-8000-000000000001';
    expect((await camille.get(`/api/requests/messages/file?documentId=${unknown}`)).statusCode).toBe(404);
    expect(await latestDenial()).toMatchObject({ memberId: camilleId, details: { resource: 'document', id: unknown, ownedByAnotherMember: false } });
    expect((await camille.get('/api/requests/messages/file?documentId=../../etc/passwd')).statusCode).toBe(400);
  });
});

describe('POST /api/requests/messages (new message)', () => {
  it('stores the message and its attachments and shows it first in the requests', async () => {
    const pdf = await samplePdf('Facture', ['Consultation du 3 janvier']);
    const res = await postMultipart(camille, '/api/requests/messages', [
      { name: 'object', value: 'Question sur un remboursement' },
      { name: 'category', value: 'refunds_other' },
      { name: 'message', value: 'Bonjour, pouvez-vous vérifier ce remboursement\u00a0? Merci.' },
      { name: 'request', value: 'DEMANDE' },
      { name: 'attachments', filename: 'facture janvier.pdf', content: pdf, contentType: 'application/pdf' },
      { name: 'attachments', filename: 'photo.PNG', content: samplePng(), contentType: 'image/png' },
    ]);
    expect(res.statusCode, res.body).toBe(201);
    const sent = res.json().data;
    expect(sent).toMatchObject({ statusKey: 'request_sent' });
    const { groups } = await requestsOf(camille);
    const request = groups[0]!.requests[0]!;
    expect(request).toMatchObject({
      id: sent.requestId,
      typeCode: MESSAGE_KIND_CODES.refunds_other,
      title: 'Question sur un remboursement',
      statusLabel: 'Envoyé',
      canReply: true,
    });
    expect(request.messages[0]!.attachments.map((a) => a.nameFile)).toEqual(['facture janvier.pdf', 'photo.png']);
    const back = await camille.get(`/api/requests/messages/file?documentId=${request.messages[0]!.attachments[0]!.id}`);
    expect(Buffer.compare(back.rawPayload, pdf)).toBe(0);
  });

  it('accepts attachments far above the 1 MB JSON body limit, within the upload limits', async () => {
    const rnd = randomBytes(1100 * 1000 * 3);
    const noise = makePng(1100, 1000, (x, y) => {
      const i = (y * 1100 + x) * 3;
      return [rnd[i]!, rnd[i + 1]!, rnd[i + 2]!];
    });
    expect(noise.length).toBeGreaterThan(3 * 1024 * 1024);
    const res = await postMultipart(camille, '/api/requests/messages', [
      { name: 'object', value: 'Photo de la facture' },
      { name: 'category', value: 'refunds_other' },
      { name: 'message', value: 'Voici la photo.' },
      { name: 'attachments', filename: 'photo.png', content: noise },
      { name: 'attachments', filename: 'photo2.png', content: noise },
    ]);
    expect(res.statusCode, res.body).toBe(201);
  });

  it('accepts a message without attachment', async () => {
    const res = await postMultipart(camille, '/api/requests/messages', [
      { name: 'object', value: 'Simple question' },
      { name: 'category', value: 'other' },
      { name: 'message', value: 'Bonjour' },
      { name: 'attachments', filename: '', content: Buffer.alloc(0) },
    ]);
    expect(res.statusCode, res.body).toBe(201);
  });

  const fields: Part[] = [
    { name: 'object', value: 'Objet' },
    { name: 'category', value: 'other' },
    { name: 'message', value: 'Bonjour' },
  ];

  it.each<[string, () => Promise<Part[]>, number, string, string | null]>([
    [
      'an empty object',
      async () => [{ name: 'object', value: '  ' }, fields[1]!, fields[2]!],
      400,
      'VALIDATION_FAILED',
      "Le champ 'Objet' ne peut pas être vide",
    ],
    [
      'markup in the message',
      async () => [fields[0]!, fields[1]!, { name: 'message', value: '<img src=x>' }],
      400,
      'VALIDATION_FAILED',
      'Les caractères spéciaux ne sont pas autorisés',
    ],
    [
      'a category members cannot pick',
      async () => [fields[0]!, { name: 'category', value: 'info_message' }, fields[2]!],
      400,
      'VALIDATION_FAILED',
      'Veuillez choisir une catégorie',
    ],
    [
      'a text file named .pdf',
      async () => [...fields, { name: 'attachments', filename: 'facture.pdf', content: fakePdf(), contentType: 'application/pdf' }],
      415,
      'UPLOAD_INVALID_FORMAT',
      null,
    ],
    ['an empty file', async () => [...fields, { name: 'attachments', filename: 'vide.pdf', content: Buffer.alloc(0) }], 400, 'UPLOAD_EMPTY_FILE', null],
    [
      'six files',
      async () => [...fields, ...Array.from({ length: 6 }, (_, i) => ({ name: 'attachments', filename: `p${i}.png`, content: samplePng() }))],
      400,
      'UPLOAD_TOO_MANY_FILES',
      null,
    ],
    [
      'a file above 10 MB',
      async () => [
        ...fields,
        { name: 'attachments', filename: 'gros.pdf', content: Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(UPLOAD_MAX_FILE_BYTES)]) },
      ],
      413,
      'UPLOAD_FILE_TOO_LARGE',
      null,
    ],
    [
      'three files of 7 MB',
      async () => [
        ...fields,
        ...Array.from({ length: 3 }, (_, i) => ({
          name: 'attachments',
          filename: `scan${i}.pdf`,
          content: Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(7 * 1024 * 1024)]),
        })),
      ],
      413,
      'UPLOAD_TOTAL_TOO_LARGE',
      null,
    ],
  ])('refuses %s with a French message and stores nothing', async (_, parts, status, code, message) => {
    const before = await counts();
    const res = await postMultipart(camille, '/api/requests/messages', await parts());
    expect(res.statusCode, res.body).toBe(status);
    expect(res.json().error.code).toBe(code);
    expect(res.json().error.message).toMatch(message ?? /\S/);
    expect(await counts()).toEqual(before);
  });

  it('sent twice with one Idempotency-Key (double click, retry), creates one request and answers the first again', async () => {
    const parts = async (): Promise<Part[]> => [...fields, { name: 'attachments', filename: 'facture.pdf', content: await samplePdf() }];
    const before = await counts();
    const first = await postMultipart(camille, '/api/requests/messages', await parts(), { 'idempotency-key': 'form-7f3a9c21-retry' });
    const again = await postMultipart(camille, '/api/requests/messages', await parts(), { 'idempotency-key': 'form-7f3a9c21-retry' });
    expect(first.statusCode, first.body).toBe(201);
    expect(again.statusCode, again.body).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json().data).toEqual(first.json().data);
    expect(await counts()).toEqual({ requests: before.requests + 1, messages: before.messages + 1, files: before.files + 1 });
    // The key is the member's own: another member sending the same key gets a request of their own.
    const other = await postMultipart(julien, '/api/requests/messages', await parts(), { 'idempotency-key': 'form-7f3a9c21-retry' });
    expect(other.statusCode, other.body).toBe(201);
    expect(other.json().data.requestId).not.toBe(first.json().data.requestId);
  });

  it('refuses a malformed Idempotency-Key with a French message, storing nothing', async () => {
    const before = await counts();
    const res = await postMultipart(camille, '/api/requests/messages', fields, { 'idempotency-key': 'court' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'IDEMPOTENCY_KEY_INVALID', message: expect.stringMatching(/recharger la page/) });
    expect(await counts()).toEqual(before);
  });

  it('refuses an encrypted PDF', async () => {
    const locked = await encryptedPdf();
    if (!locked) return;
    const before = await counts();
    const res = await postMultipart(camille, '/api/requests/messages', [...fields, { name: 'attachments', filename: 'protégé.pdf', content: locked }]);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toEqual({
      code: 'UPLOAD_ENCRYPTED',
      message: 'Le fichier est protégé par un mot de passe. Veuillez envoyer un document non protégé.',
    });
    expect(await counts()).toEqual(before);
  });

  it('refuses a JSON body, a missing anti-forgery token and no session', async () => {
    const json = await camille.post('/api/requests/messages', { object: 'a', category: 'other', message: 'b' });
    expect(json.statusCode).toBe(400);
    expect(json.json().error.code).toBe('VALIDATION_FAILED');
    const body = multipart(fields);
    expect((await camille.post('/api/requests/messages', body.payload, { headers: { ...body.headers, 'x-xsrf-token': 'forged' } })).statusCode).toBe(403);
    const anonymous = await TestClient.start(t.app);
    expect((await anonymous.post('/api/requests/messages', body.payload, { headers: body.headers })).statusCode).toBe(401);
  });
});

describe('POST /api/requests/:requestId/messages (reply)', () => {
  it('adds the reply to the thread of a done 10023 request and puts it under study', async () => {
    const rib = (await requestsOf(camille)).all.find((r) => r.typeCode === MESSAGE_KIND_CODES.rib)!;
    expect(rib).toMatchObject({ statusKey: 'done', canReply: true });
    const res = await postMultipart(camille, `/api/requests/${rib.id}/messages`, [
      { name: 'message', value: 'Merci. Voici le RIB signé.' },
      { name: 'attachments', filename: 'rib.pdf', content: await samplePdf('RIB') },
    ]);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({ requestId: rib.id, statusKey: 'study' });
    const after = (await requestsOf(camille)).groups[0]!.requests.find((r) => r.id === rib.id)!;
    expect(after.statusKey).toBe('study');
    expect(after.messages.at(-1)).toMatchObject({ direction: 'member', body: 'Merci. Voici le RIB signé.' });
    expect(after.messages.at(-1)!.attachments).toHaveLength(1);
  });

  it('refuses, server-side, a reply where the rule forbids it, and changes nothing', async () => {
    const all = (await requestsOf(camille)).all;
    const targets = [
      all.find((r) => r.title.includes('[FDC]'))!,
      all.find((r) => r.type === 'bill')!,
      all.find((r) => r.type === 'message' && r.statusKey === 'done' && r.typeCode === MESSAGE_KIND_CODES.add_beneficiary)!,
    ];
    for (const target of targets) {
      expect(target.canReply).toBe(false);
      const before = await counts();
      const res = await postMultipart(camille, `/api/requests/${target.id}/messages`, [{ name: 'message', value: 'Bonjour' }]);
      expect(res.statusCode).toBe(409);
      expect(res.json().error).toEqual({ code: 'REQUEST_REPLY_NOT_ALLOWED', message: 'Cette demande ne peut pas recevoir de réponse.' });
      expect(await counts()).toEqual(before);
    }
  });

  it('answers 404 with an audit row for another member’s request', async () => {
    const target = (await requestsOf(camille)).all.find((r) => r.canReply)!;
    const before = await counts();
    const res = await postMultipart(julien, `/api/requests/${target.id}/messages`, [{ name: 'message', value: 'Bonjour' }]);
    expect(res.statusCode).toBe(404);
    expect(await latestDenial()).toMatchObject({ memberId: julienId, details: { resource: 'request', id: target.id, ownedByAnotherMember: true } });
    expect(await counts()).toEqual(before);
  });

  it('refuses an empty reply with a French message', async () => {
    const target = (await requestsOf(camille)).all.find((r) => r.canReply)!;
    const res = await postMultipart(camille, `/api/requests/${target.id}/messages`, [{ name: 'message', value: '' }]);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe("Le champ 'Message' ne peut pas être vide");
  });
});

describe('write limit', () => {
  it('answers 429 RATE_LIMITED past 30 messages a minute from one address', async () => {
    const client = await signIn(t, DEMO_ACCOUNTS.camille.loginEmail, { ip: '10.250.0.1' });
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) statuses.push((await postMultipart(client, '/api/requests/messages', [{ name: 'object', value: '' }])).statusCode);
    expect(statuses.slice(0, 30).every((s) => s === 400)).toBe(true);
    expect(statuses[30]).toBe(429);
  });
});

describe('GET /api/requests/types', () => {
  it('answers the server’s request-types list', async () => {
    const res = await camille.get('/api/requests/types');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual(defaultRequestTypes());
  });
});

describe('read-only back-office session', () => {
  it('may read but neither marks read nor writes', async () => {
    const [account] = await t.database.db.select().from(accounts).where(eq(accounts.memberId, camilleId));
    const { cookieValue } = await new SessionStore(t.database.db, systemClock).open({
      accountId: account!.id,
      memberId: camilleId,
      tenantId: 'mutua',
      isBoAuthentication: true,
    });
    const manager = new TestClient(t.app);
    manager.cookies.set('mutua_sid', cookieValue);
    await manager.get('/api/init');
    const unread = (await requestsOf(manager)).all.find((r) => r.statusKey === 'unread')!;
    const res = await manager.post(`/api/requests/message?idMessage=${unread.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ statusKey: 'unread', read: false });
    const write = await postMultipart(manager, '/api/requests/messages', [
      { name: 'object', value: 'x' },
      { name: 'category', value: 'other' },
      { name: 'message', value: 'x' },
    ]);
    expect(write.statusCode).toBe(403);
  });
});
