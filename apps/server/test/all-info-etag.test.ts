import { brotliDecompressSync } from 'node:zlib';
import { ZGlobalDetailsPartResponse } from '@mutua/contracts/global-details';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { beneficiaries, members } from '../src/db/schema';
import { trustedJson } from '../src/http/trusted-json';
import { createTestApp, type ClockedTestApp } from './support/test-app';
import { DEMO_ACCOUNTS, signIn } from './support/auth';

let t: ClockedTestApp;
beforeAll(async () => {
  t = await createTestApp({ clock: 'manual' });
});
afterAll(() => t.close());

const { camille } = DEMO_ACCOUNTS;

describe('GET /api/all-info ETag', () => {
  it('answers a weak ETag, 304 without a body to a matching If-None-Match, and a new ETag once the data changes', async () => {
    const client = await signIn(t, camille.membershipNumber);
    const first = await client.get('/api/all-info');
    expect(first.statusCode).toBe(200);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^W\/"[\w-]{27}"$/);
    expect(first.headers['content-type']).toMatch(/^application\/json/);
    expect(first.headers['cache-control']).toBe('no-store');

    const again = await client.get('/api/all-info', { headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(etag);
    expect(again.headers['cache-control']).toBe('no-store');

    // Compressed on the way out, the ETag is still the one of the JSON.
    const br = await client.get('/api/all-info', { headers: { 'accept-encoding': 'br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.etag).toBe(etag);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(first.json());

    const other = await client.get('/api/all-info', { headers: { 'if-none-match': 'W/"something-else"' } });
    expect(other.statusCode).toBe(200);

    const [member] = await t.database.db
      .select({ id: members.id })
      .from(members)
      .where(and(eq(members.tenantId, camille.tenantId), eq(members.membershipNumber, camille.membershipNumber)));
    const [child] = await t.database.db
      .select()
      .from(beneficiaries)
      .where(and(eq(beneficiaries.memberId, member!.id), eq(beneficiaries.firstName, 'NOAH')));
    await t.database.db.update(beneficiaries).set({ firstName: 'NOÉ' }).where(eq(beneficiaries.id, child!.id));
    try {
      const changed = await client.get('/api/all-info', { headers: { 'if-none-match': etag } });
      expect(changed.statusCode).toBe(200);
      expect(changed.headers.etag).not.toBe(etag);
      expect(changed.body).toContain('NOÉ');
    } finally {
      await t.database.db.update(beneficiaries).set({ firstName: 'NOAH' }).where(eq(beneficiaries.id, child!.id));
    }
  });

  it('answers the same JSON as the zod encoding of the contract for the demo family (every field, every action)', async () => {
    const client = await signIn(t, camille.membershipNumber);
    for (const url of ['/api/all-info', '/api/all-info?actionKey=requests', '/api/all-info?actionKey=timeline_recent']) {
      const res = await client.get(url);
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json();
      // zod strips what the contract does not declare: an extra or a mistyped field would differ.
      expect(z.encode(ZGlobalDetailsPartResponse, ZGlobalDetailsPartResponse.parse(body))).toEqual(body);
    }
  });
});

describe('trustedJson', () => {
  const route = { schema: z.object({ a: z.number(), at: z.string() }), method: 'GET', url: '/x', httpStatus: '200' };
  it('is plain JSON.stringify in production', () => {
    expect(trustedJson(false)(route)({ a: 1, at: '2026-01-01', extra: true })).toBe('{"a":1,"at":"2026-01-01","extra":true}');
  });
  it('elsewhere refuses an answer the response schema would encode differently', () => {
    const serialize = trustedJson(true)(route);
    expect(serialize({ at: 'x', a: 1 })).toBe('{"at":"x","a":1}');
    expect(() => serialize({ a: 1, at: 'x', extra: true })).toThrow(/not what its response schema encodes/);
    expect(() => serialize({ a: '1', at: 'x' })).toThrow();
  });
});
