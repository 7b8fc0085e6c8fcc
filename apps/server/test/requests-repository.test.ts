import { defaultRequestTypes } from '@mutua/contracts/request-kinds';
import { MESSAGE_KIND_CODES, STATUS_KEYS, SUCCESS_BADGES, WARNING_BADGES, ZRequestGroup, ZTimelineEvent, type TRequest } from '@mutua/contracts/requests';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client';
import { requestMessages, requestSubmissions, requestTypes, requests } from '../src/db/schema';
import { findMemberFile } from '../src/modules/documents/file-store';
import { inspectUpload } from '../src/http/upload-check';
import { submitMemberRequest } from '../src/modules/requests/public';
import { addReply, findRequestForReply, lastRequestGroups, listRequestGroups, listTimelineRecent, markRequestRead } from '../src/modules/requests/repository';
import { demoDatabase } from './support/database';
import { samplePdf, samplePng } from './support/documents-fixtures';

let database: Database;
let drop: () => Promise<void>;
let camille: string;
let lea: string;

const flat = (groups: { requests: TRequest[] }[]) => groups.flatMap((g) => g.requests);

beforeAll(async () => {
  ({ database, drop, camille, lea } = await demoDatabase());
});
afterAll(() => drop());

describe('request types', () => {
  it('the migrated list is exactly the contracts list', async () => {
    const rows = await database.db.select().from(requestTypes).orderBy(requestTypes.typeCode);
    expect(rows).toEqual(defaultRequestTypes());
  });
});

describe('demo requests', () => {
  it('cover every request kind, every status key and every badge, each valid against the contract', async () => {
    const groups = await listRequestGroups(database.db, camille);
    for (const g of groups) ZRequestGroup.parse(g);
    const all = flat(groups);
    expect(new Set(all.map((r) => r.typeCode))).toEqual(new Set(defaultRequestTypes().map((t) => t.typeCode)));
    expect(new Set(all.map((r) => r.statusKey))).toEqual(new Set(STATUS_KEYS));
    const badges = new Set(all.map((r) => r.statusLabel));
    const unseen = [...SUCCESS_BADGES, ...WARNING_BADGES].filter((b) => !badges.has(b));
    // Every badge the demo can show is one of the spec's; most of them appear.
    for (const b of badges) expect([...SUCCESS_BADGES, ...WARNING_BADGES]).toContain(b);
    expect(unseen.length).toBeLessThanOrEqual(4);
    expect(all.some((r) => r.isNew)).toBe(true);
    expect(all.some((r) => r.messages.some((m) => m.readAt === null && m.direction === 'insurer'))).toBe(true);
    expect(all.some((r) => r.statusList.some((s) => s.documents.length > 0))).toBe(true);
  });

  it('order groups by latest activity; the dashboard shows the first three', async () => {
    const groups = await listRequestGroups(database.db, camille);
    const times = groups.map((g) => g.updatedAt);
    expect(times).toEqual([...times].sort().reverse());
    const last = lastRequestGroups(groups);
    expect(last.map((g) => g.id)).toEqual(groups.slice(0, 3).map((g) => g.id));
    expect(last[0]!.requests[0]!.statusKey).toBe('unread');
  });

  it('apply the reply rule: [FDC] never, 10023 done yes, bills never', async () => {
    const all = flat(await listRequestGroups(database.db, camille));
    expect(all.find((r) => r.title.includes('[FDC]'))!.canReply).toBe(false);
    expect(all.find((r) => r.typeCode === MESSAGE_KIND_CODES.rib)).toMatchObject({ statusKey: 'done', canReply: true });
    expect(all.filter((r) => r.type === 'bill').every((r) => !r.canReply)).toBe(true);
    const doneOther = all.find((r) => r.type === 'message' && r.statusKey === 'done' && ![10022, 10023, 10030, 10031, 10032].includes(r.typeCode));
    expect(doneOther?.canReply).toBe(false);
  });

  it('give timeline steps their wording, link and documents, the last one current', async () => {
    const all = flat(await listRequestGroups(database.db, camille));
    const hospital = all.find((r) => r.type === 'bill' && r.kind === 'hospital_care')!;
    expect(hospital.statusList.map((s) => s.label)).toEqual(['Reçu par nos équipes', 'Vérification en cours', 'Vérifications effectuées', 'Prise en charge']);
    expect(hospital.statusList.map((s) => s.linkInfoMessage)).toEqual(['Voir', 'Voir', 'Voir', 'Contact']);
    expect(hospital.statusList.at(-1)).toMatchObject({
      current: true,
      documents: [{ name: 'Décompte hospitalisation', nameFile: 'decompte-hospitalisation.pdf' }],
    });
    const doc = hospital.statusList.at(-1)!.documents[0]!;
    const file = await findMemberFile(database.db, camille, doc.id);
    expect(file!.content.subarray(0, 5).toString()).toBe('%PDF-');
    const card = all.find((r) => r.kind === 'resend_tp_card')!;
    expect(card.statusLabel).toBe('Impression en cours');
    const png = await findMemberFile(database.db, camille, card.statusList.at(-1)!.documents[0]!.id);
    expect(png!.contentType).toBe('image/png');
  });

  it('keep members apart', async () => {
    const mine = flat(await listRequestGroups(database.db, camille)).map((r) => r.id);
    const hers = flat(await listRequestGroups(database.db, lea)).map((r) => r.id);
    expect(hers.length).toBeGreaterThan(0);
    expect(hers.some((id) => mine.includes(id))).toBe(false);
    expect(await findRequestForReply(database.db, lea, mine[0]!)).toBeNull();
    expect(await markRequestRead(database.db, lea, mine[0]!)).toBeNull();
  });
});

describe('timeline_recent', () => {
  it('answers the latest steps and insurer messages, newest first, own only', async () => {
    const events = await listTimelineRecent(database.db, camille);
    expect(events).toHaveLength(10);
    for (const e of events) ZTimelineEvent.parse(e);
    const dates = events.map((e) => e.date);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(events[0]).toMatchObject({ title: 'Pièces complémentaires pour votre facture dentaire' });
    const mine = new Set(flat(await listRequestGroups(database.db, camille)).map((r) => r.id));
    expect((await listTimelineRecent(database.db, lea)).some((e) => mine.has(e.requestId))).toBe(false);
  });
});

describe('marking read', () => {
  it('turns unread into read, stamps the insurer messages, and is idempotent', async () => {
    const unread = flat(await listRequestGroups(database.db, camille)).find((r) => r.statusKey === 'unread' && r.messages.length > 0)!;
    const first = await markRequestRead(database.db, camille, unread.id);
    expect(first).toMatchObject({ id: unread.id, statusKey: 'read', read: true, isNew: false, statusLabel: 'Message lu', statusTone: 'success' });
    const again = await markRequestRead(database.db, camille, unread.id);
    expect(again).toEqual(first);
    const msgs = await database.db.select().from(requestMessages).where(eq(requestMessages.requestId, unread.id));
    expect(msgs.filter((m) => m.direction === 'insurer').every((m) => m.readAt !== null)).toBe(true);
  });

  it('keeps the status of a request that is not unread', async () => {
    const opened = flat(await listRequestGroups(database.db, camille)).find((r) => r.statusKey === 'in_progress')!;
    expect(await markRequestRead(database.db, camille, opened.id)).toMatchObject({ statusKey: 'in_progress', read: true });
  });
});

describe('writing', () => {
  it('creates a new group with a message request, its first step and its attachments', async () => {
    const files = [await inspectUpload(await samplePdf(), 'facture.pdf'), await inspectUpload(samplePng(), 'photo.png')];
    const { data: sent } = await submitMemberRequest(database.db, {
      memberId: camille,
      typeCode: MESSAGE_KIND_CODES.refunds_other,
      title: 'Question',
      message: 'Bonjour',
      files,
    });
    const groups = await listRequestGroups(database.db, camille);
    expect(groups[0]!.id).toBe(sent.groupId);
    const request = groups[0]!.requests[0]!;
    expect(request).toMatchObject({ id: sent.requestId, statusKey: 'request_sent', statusLabel: 'Envoyé', kind: 'refunds_other', canReply: true, read: true });
    expect(request.statusList.map((s) => s.step)).toEqual(['received']);
    expect(request.messages).toHaveLength(1);
    expect(request.messages[0]!.attachments.map((a) => a.nameFile)).toEqual(['facture.pdf', 'photo.png']);
  });

  it('adds a reply to the thread, moves the request under study and its group to the top', async () => {
    const rib = flat(await listRequestGroups(database.db, camille)).find((r) => r.typeCode === MESSAGE_KIND_CODES.rib)!;
    const target = (await findRequestForReply(database.db, camille, rib.id))!;
    await addReply(database.db, camille, target, 'Merci, pouvez-vous confirmer la date\u00a0?', [await inspectUpload(await samplePdf(), 'rib.pdf')]);
    const groups = await listRequestGroups(database.db, camille);
    expect(groups[0]!.id).toBe(rib.groupId);
    const after = groups[0]!.requests.find((r) => r.id === rib.id)!;
    expect(after.statusKey).toBe('study');
    expect(after.statusLabel).toBe('Analyse en cours');
    expect(after.statusList.at(-1)).toMatchObject({ step: 'study', label: 'Étude de votre réponse', current: true });
    expect(after.messages.at(-1)).toMatchObject({ direction: 'member', body: 'Merci, pouvez-vous confirmer la date\u00a0?' });
    expect(after.messages.at(-1)!.attachments).toHaveLength(1);
    const [row] = await database.db.select({ n: requests.statusKey }).from(requests).where(eq(requests.id, rib.id));
    expect(row!.n).toBe('study');
  });
});

describe('idempotent submission', () => {
  const countRequests = async (title: string) => (await database.db.select({ id: requests.id }).from(requests).where(eq(requests.title, title))).length;
  const draft = (title: string) => ({ memberId: camille, typeCode: MESSAGE_KIND_CODES.refunds_other, title, message: 'Bonjour' });

  it('the same key sent twice creates one request and answers the first result again', async () => {
    const first = await submitMemberRequest(database.db, draft('Doublon séquentiel'), { idempotencyKey: 'key-sequential-1' });
    const again = await submitMemberRequest(database.db, draft('Doublon séquentiel'), { idempotencyKey: 'key-sequential-1' });
    expect(first.replayed).toBe(false);
    expect(again).toEqual({ data: first.data, replayed: true });
    expect(await countRequests('Doublon séquentiel')).toBe(1);
  });

  it('two concurrent sends with one key (a double click) create one request', async () => {
    const [a, b] = await Promise.all([
      submitMemberRequest(database.db, draft('Double clic'), { idempotencyKey: 'key-concurrent-1' }),
      submitMemberRequest(database.db, draft('Double clic'), { idempotencyKey: 'key-concurrent-1' }),
    ]);
    expect([a.replayed, b.replayed].sort()).toEqual([false, true]);
    expect(a.data).toEqual(b.data);
    expect(await countRequests('Double clic')).toBe(1);
  });

  it('a failure inside the transaction stores nothing, and the same key can then be sent again', async () => {
    const failing = submitMemberRequest(database.db, draft('Coupure'), {
      idempotencyKey: 'key-rollback-1',
      details: async () => {
        throw new Error('connection dropped');
      },
    });
    await expect(failing).rejects.toThrow('connection dropped');
    expect(await countRequests('Coupure')).toBe(0);
    expect(await database.db.select().from(requestSubmissions).where(eq(requestSubmissions.idempotencyKey, 'key-rollback-1'))).toEqual([]);
    const retried = await submitMemberRequest(database.db, draft('Coupure'), {
      idempotencyKey: 'key-rollback-1',
      details: async (_tx, created) => ({ id: created.requestId }),
    });
    expect(retried.replayed).toBe(false);
    expect(await countRequests('Coupure')).toBe(1);
  });

  it('the same key for another kind of request is refused', async () => {
    await submitMemberRequest(database.db, draft('Premier genre'), { idempotencyKey: 'key-kind-1' });
    const other = submitMemberRequest(database.db, { ...draft('Autre genre'), typeCode: MESSAGE_KIND_CODES.rib }, { idempotencyKey: 'key-kind-1' });
    await expect(other).rejects.toMatchObject({ code: 'IDEMPOTENCY_KEY_REUSED' });
    expect(await countRequests('Autre genre')).toBe(0);
  });
});
