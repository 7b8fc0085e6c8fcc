import { CONTROL_CHARACTERS_MESSAGE } from '@mutua/contracts/text';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { MODULES } from '../src/modules';
import { defineModule } from '../src/core/module';
import { AuthClient, DEMO_ACCOUNTS, signIn } from './support/auth';
import { captureLog, createTestApp, type TestApp } from './support/test-app';

/** Personal data a failing query carries as a parameter: it must never reach the log. */
const SECRET = 'camille.durand-2860475056123';

/** A module plugged in beside the real ones, the way a new area would be. */
const probeModule = defineModule({
  name: 'probe',
  routes: {
    prefix: '/probe',
    plugin: async (app, { db }) => {
      app.post('/query', { config: { access: 'public' } }, async () => {
        await db.execute(sql`select ${SECRET}::int`);
        return { data: null };
      });
      app.post(
        '/echo',
        { config: { access: 'public' }, schema: { body: z.object({ name: z.string().min(2, 'Le nom est trop court'), age: z.number().optional() }) } },
        async (request) => ({ data: request.body }),
      );
    },
  },
});

let t: TestApp;
const log = captureLog();
beforeAll(async () => {
  t = await createTestApp({ logStream: log.stream, modules: [...MODULES, probeModule] });
});
afterAll(() => t.close());

describe('validation', () => {
  it('answers the contract message first, zod’s French one otherwise', async () => {
    const client = await AuthClient.open(t.app);
    expect((await client.post('/api/probe/echo', { name: 'a' })).json().error).toEqual({ code: 'VALIDATION_FAILED', message: 'Le nom est trop court' });
    expect((await client.post('/api/probe/echo', { name: 'ab', age: 'x' })).json().error).toEqual({
      code: 'VALIDATION_FAILED',
      message: 'Entrée invalide\u00a0: nombre attendu, chaîne de caractères reçu',
    });
  });

  it('refuses control characters with a clear 400 in body, query, params and multipart fields, never a 500', async () => {
    const client = await AuthClient.open(t.app);
    const refused = { code: 'VALIDATION_FAILED', message: CONTROL_CHARACTERS_MESSAGE };
    for (const login of ['camille\u0000', 'a\u001bb']) {
      const res = await client.login(login);
      expect(res.statusCode, JSON.stringify(login)).toBe(400);
      expect(res.json().error).toEqual(refused);
    }
    expect((await client.post('/api/auth/login/forgot-login', { email: 'a\u0000@example.com' })).json().error).toEqual(refused);
    expect((await client.get('/api/legal-pages/cgu%00')).json().error).toEqual(refused);
    const camille = await signIn(t, DEMO_ACCOUNTS.camille.membershipNumber);
    expect((await camille.get('/api/refunds?startDate=2026-01-01%00')).json().error).toEqual(refused);
    const boundary = 'kit';
    const form = (message: string) =>
      [
        ['object', 'Objet'],
        ['category', 'other'],
        ['message', message],
        ['request', 'DEMANDE'],
      ]
        .map(([name, value]) => `--${boundary}\r\ncontent-disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`)
        .join('') + `--${boundary}--\r\n`;
    const nul = await camille.post('/api/requests/messages', form('Bonjour\u0000'), {
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    expect(nul.statusCode).toBe(400);
    expect(nul.json().error).toEqual(refused);
    // Free text keeps its line breaks and tabs.
    const lines = await camille.post('/api/requests/messages', form('Bonjour,\r\n\tma demande.'), {
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    expect(lines.statusCode, lines.body).toBe(201);
  });
});

describe('the error log', () => {
  it('names the failure (type, SQL state, where) without the query, its parameters or the message', async () => {
    log.lines.length = 0;
    const client = await AuthClient.open(t.app);
    const res = await client.post('/api/probe/query', {});
    expect(res.statusCode).toBe(500);
    expect(res.json().error.code).toBe('INTERNAL');
    const all = log.lines.join('');
    expect(all).not.toContain(SECRET);
    expect(all).not.toMatch(/select|params/i);
    const entry = log.lines.map((l) => JSON.parse(l)).find((l) => l.msg === 'unhandled error');
    expect(entry.err).toMatchObject({ cause: { sqlState: '22P02' } });
    expect(entry.err.stack).toMatch(/^\s+at /);
  });
});
