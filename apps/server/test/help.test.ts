import { ADVISER_CODE_ALPHABET, ZAdviserCodeResponse } from '@mutua/contracts/help';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adviserCodes, auditEvents, members } from '../src/db/schema';
import { findMemberByAdviserCode } from '../src/modules/help/public';
import { createTestApp, type ClockedTestApp } from './support/test-app';
import { AuthClient, DEMO_ACCOUNTS, signIn } from './support/auth';

let t: ClockedTestApp;
let camilleId: string;
beforeAll(async () => {
  t = await createTestApp({ clock: 'manual' });
  const [row] = await t.database.db.select({ id: members.id }).from(members).where(eq(members.membershipNumber, DEMO_ACCOUNTS.camille.membershipNumber));
  camilleId = row!.id;
});
afterAll(() => t.close());

const secret = () => t.config.SESSION_SECRET;
const find = (code: string, tenantId = 'mutua') => findMemberByAdviserCode(t.database.db, secret(), { tenantId, code, now: t.clock.now() });
const ask = async (identifier?: string, host?: string) => {
  const client = await AuthClient.open(t.app, host ? { host } : {});
  return client.post('/api/help/adviser-code', identifier === undefined ? {} : { identifier });
};
const codeOf = (res: { statusCode: number; body: string; json(): unknown }) => {
  expect(res.statusCode, res.body).toBe(200);
  return ZAdviserCodeResponse.parse(res.json()).data;
};

describe('POST /api/help/adviser-code', () => {
  it('signed in: a 6-character code valid 30 minutes that finds the member, stored hashed and audited', async () => {
    const camille = await signIn(t, DEMO_ACCOUNTS.camille.membershipNumber);
    const { code, expiresAt } = codeOf(await camille.post('/api/help/adviser-code', {}));
    expect(code).toMatch(new RegExp(`^[${ADVISER_CODE_ALPHABET}]{6}$`));
    expect(new Date(expiresAt).getTime() - t.clock.now().getTime()).toBe(30 * 60_000);
    expect(await find(code)).toMatchObject({ memberId: camilleId, membershipNumber: DEMO_ACCOUNTS.camille.membershipNumber });
    // Typed by an adviser: lower case and spaces.
    expect((await find(`${code.slice(0, 3).toLowerCase()} ${code.slice(3)}`))?.memberId).toBe(camilleId);
    const stored = await t.database.db.select().from(adviserCodes).where(eq(adviserCodes.memberId, camilleId));
    expect(stored.some((row) => row.codeHash.includes(code))).toBe(false);
    const [audit] = await t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.kind, 'ADVISER_CODE_ISSUED'), eq(auditEvents.memberId, camilleId)))
      .orderBy(desc(auditEvents.at))
      .limit(1);
    expect(audit?.details).toEqual({ via: 'SESSION' });
  });

  it('signed out: a membership number or a NIR (with or without key, spaces allowed) finds the member', async () => {
    for (const identifier of [DEMO_ACCOUNTS.camille.membershipNumber, '2 86 04 75 056 123', '286047505612347']) {
      const { code } = codeOf(await ask(identifier));
      expect((await find(code))?.memberId, identifier).toBe(camilleId);
    }
  });

  it('does not reveal whether the identifier exists: same status, shape and headers; only a real member’s code finds someone', async () => {
    const known = await ask(DEMO_ACCOUNTS.camille.membershipNumber);
    const unknown = await ask('99999999');
    const unknownNir = await ask('1 99 01 75 000 000');
    for (const res of [known, unknown, unknownNir]) expect(res.statusCode).toBe(200);
    const shape = (res: typeof known) => Object.keys(res.json().data).sort();
    expect(shape(unknown)).toEqual(shape(known));
    expect(shape(unknownNir)).toEqual(shape(known));
    expect(Object.keys(unknown.headers).sort()).toEqual(Object.keys(known.headers).sort());
    expect(unknown.body.length).toBe(known.body.length);
    expect(await find(codeOf(unknown).code)).toBeNull();
    expect(await find(codeOf(unknownNir).code)).toBeNull();
    const unmatched = await t.database.db.select().from(auditEvents).where(eq(auditEvents.kind, 'ADVISER_CODE_UNMATCHED'));
    expect(unmatched.length).toBeGreaterThanOrEqual(2);
    expect(JSON.stringify(unmatched)).not.toContain('99999999');
  });

  it('a code expires after 30 minutes and belongs to its tenant', async () => {
    const { code } = codeOf(await ask(DEMO_ACCOUNTS.camille.membershipNumber));
    expect(await find(code, 'azur')).toBeNull();
    // Camille's number on Azur's host designates no one there.
    const azurCode = codeOf(await ask(DEMO_ACCOUNTS.camille.membershipNumber, 'azur.localhost')).code;
    expect(await find(azurCode, 'azur')).toBeNull();
    t.clock.advance(29 * 60_000);
    expect((await find(code))?.memberId).toBe(camilleId);
    t.clock.advance(2 * 60_000);
    expect(await find(code)).toBeNull();
    expect(await find('ZZ')).toBeNull();
    expect(await find('OOOOOO')).toBeNull();
  });

  it('refuses a missing or malformed identifier signed out (French 400)', async () => {
    const missing = await ask();
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error).toEqual({ code: 'VALIDATION_FAILED', message: 'Saisissez votre numéro d’adhérent ou votre numéro de sécurité sociale.' });
    for (const identifier of ['camille', '1234', '3 86 04 75 056 123']) {
      const res = await ask(identifier);
      expect(res.statusCode, identifier).toBe(400);
      expect(res.json().error.message).toMatch(/^Saisissez votre numéro d’adhérent \(8 chiffres\)/);
    }
  });

  it('is rate limited per client', async () => {
    const client = await AuthClient.open(t.app);
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) statuses.push((await client.post('/api/help/adviser-code', { identifier: '99999999' })).statusCode);
    expect(statuses.slice(0, 10).every((s) => s === 200)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });
});
