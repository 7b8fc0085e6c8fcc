import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { MFA_MAX_ATTEMPTS } from '@mutua/contracts/auth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { HttpSmsSender, createSmsSender, toE164 } from '../src/modules/notifications/sms';
import { createTestApp, type ClockedTestApp } from './support/test-app';
import { AuthClient, createTestMember, latestCode, linkIn, outbox, waitForMail } from './support/auth';

type Hit = { method: string; url: string; headers: IncomingHttpHeaders; body: string };

/** A local HTTP SMS provider: records each request; `failNext` answers 503 that many times. */
async function startSmsReceiver() {
  const hits: Hit[] = [];
  const state = { failNext: 0 };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      hits.push({ method: req.method!, url: req.url!, headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      if (state.failNext > 0) {
        state.failNext--;
        res.writeHead(503).end('{"error":"busy"}');
        return;
      }
      res.writeHead(202, { 'content-type': 'application/json' }).end('{"id":"msg-1"}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return { hits, state, url: `http://sms-token-123@127.0.0.1:${port}/v1/messages`, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

const wrongOf = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe('SMS through the HTTP provider (SMS_URL)', () => {
  let receiver: Awaited<ReturnType<typeof startSmsReceiver>>;
  beforeAll(async () => {
    receiver = await startSmsReceiver();
  });
  afterAll(() => receiver.close());

  it('POSTs JSON with the bearer token taken from the URL, the number in E.164 and the sender name', async () => {
    await new HttpSmsSender(receiver.url, 'Mutua').send({
      tenantId: 'mutua',
      kind: 'TEST',
      to: '06 12 34 56 78',
      text: 'Votre code\u00a0: 123456',
      reference: 'ref-1',
    });
    const hit = receiver.hits.at(-1)!;
    expect(hit.method).toBe('POST');
    expect(hit.url).toBe('/v1/messages');
    expect(hit.headers.authorization).toBe('Bearer sms-token-123');
    expect(hit.headers['content-type']).toBe('application/json');
    expect(JSON.parse(hit.body)).toEqual({ from: 'Mutua', to: '+33612345678', text: 'Votre code\u00a0: 123456', reference: 'ref-1' });
  });

  it('throws on a non-2xx answer (the queue retries), and refuses what is not a mobile number', async () => {
    receiver.state.failNext = 1;
    await expect(new HttpSmsSender(receiver.url, 'Mutua').send({ tenantId: null, kind: 'TEST', to: '0612345678', text: 'x' })).rejects.toThrow('HTTP 503');
    expect(() => toE164('0142424242')).toThrow();
    expect(toE164('+33 7 12 34 56 78')).toBe('+33712345678');
  });

  it('is validated in the configuration: a token is required, plain http only on loopback', () => {
    const base = { NODE_ENV: 'test', SESSION_SECRET: 'x'.repeat(40), DATA_DIR: '/tmp/mutua-test-data' };
    expect(loadConfig({ ...base, SMS_URL: 'https://tok@sms.example/v1/messages' }).SMS_URL).toBe('https://tok@sms.example/v1/messages');
    expect(() => loadConfig({ ...base, SMS_URL: 'https://sms.example/v1/messages' })).toThrow(/SMS_URL/);
    expect(() => loadConfig({ ...base, SMS_URL: 'http://tok@sms.example/v1/messages' })).toThrow(/SMS_URL/);
    expect(() => loadConfig({ ...base, SMS_SENDER: 'Mutua Santé' })).toThrow(/SMS_SENDER/);
  });
});

describe('SMS without SMS_URL', () => {
  let t: ClockedTestApp;
  beforeAll(async () => {
    t = await createTestApp({ clock: 'manual' });
  });
  afterAll(() => t.close());

  it('land in the development outbox beside the mails (channel SMS)', async () => {
    const sms = createSmsSender({ smsUrl: undefined, sender: 'Mutua', debugTools: true, db: t.database.db, clock: t.clock });
    expect(sms.mode).toBe('outbox');
    await sms.send({ tenantId: 'mutua', kind: 'TEST_SMS', to: '0611223344', text: 'Bonjour' });
    const [entry] = await outbox(t, { kind: 'TEST_SMS' });
    expect(entry).toMatchObject({ channel: 'SMS', to: '+33611223344', text: 'Bonjour', subject: '' });
    const res = await t.app.inject({ url: '/api/debug/outbox?channel=EMAIL&kind=TEST_SMS' });
    expect(res.json()).toMatchObject({ data: [], mode: 'outbox', smsMode: 'outbox' });
  });

  it('are disabled in production', () => {
    const sms = createSmsSender({ smsUrl: undefined, sender: 'Mutua', debugTools: false, db: t.database.db, clock: t.clock });
    expect(sms.mode).toBe('disabled');
    return expect(sms.send({ tenantId: null, kind: 'X', to: '0611223344', text: 'x' })).rejects.toThrow(/disabled/);
  });
});

describe('wrong sign-in codes count per account across code steps', () => {
  let t: ClockedTestApp;
  beforeAll(async () => {
    t = await createTestApp({ clock: 'manual' });
  });
  afterAll(() => t.close());

  async function codeStep(login: string) {
    const client = await AuthClient.open(t.app);
    const res = await client.login(login);
    expect(res.statusCode, res.body).toBe(200);
    return { client, sessionId: res.json().data.mfa.sessionId as string, code: await latestCode(t, login) };
  }

  it('5 wrong codes in a row block the code step for 2 hours, whatever the password steps between them', async () => {
    const m = await createTestMember(t);
    for (let i = 1; i < MFA_MAX_ATTEMPTS; i++) {
      // A new password step before each wrong code: it gives no new tries.
      const { client, sessionId, code } = await codeStep(m.login);
      const res = await client.post('/api/auth/validate-mfa', { sessionId, code: wrongOf(code) });
      expect(res.json()).toMatchObject({ error: { code: 'MFA_CODE_WRONG' }, remainingAttempts: MFA_MAX_ATTEMPTS - i });
    }
    const last = await codeStep(m.login);
    const fifth = await last.client.post('/api/auth/validate-mfa', { sessionId: last.sessionId, code: wrongOf(last.code) });
    expect(fifth.json().error.code).toBe('MFA_BLOCKED');
    expect((await last.client.post('/api/auth/validate-mfa', { sessionId: last.sessionId, code: last.code })).json().error.code).toBe('MFA_BLOCKED');
    expect((await last.client.login(m.login)).json().error.code).toBe('MFA_BLOCKED');
    t.clock.advance(2 * 3_600_000 + 1_000);
    const after = await codeStep(m.login);
    expect((await after.client.post('/api/auth/validate-mfa', { sessionId: after.sessionId, code: after.code })).statusCode).toBe(200);
  });

  it('a right code resets the count', async () => {
    const m = await createTestMember(t);
    const a = await codeStep(m.login);
    for (let i = 0; i < MFA_MAX_ATTEMPTS - 1; i++) await a.client.post('/api/auth/validate-mfa', { sessionId: a.sessionId, code: wrongOf(a.code) });
    const b = await codeStep(m.login);
    expect((await b.client.post('/api/auth/validate-mfa', { sessionId: b.sessionId, code: b.code })).statusCode).toBe(200);
    const c = await codeStep(m.login);
    const res = await c.client.post('/api/auth/validate-mfa', { sessionId: c.sessionId, code: wrongOf(c.code) });
    expect(res.json().remainingAttempts).toBe(MFA_MAX_ATTEMPTS - 1);
  });

  it('10 concurrent wrong codes over two login attempts cannot exceed the count', async () => {
    const m = await createTestMember(t);
    const a = await codeStep(m.login);
    const b = await codeStep(m.login);
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) => {
        const s = i % 2 ? a : b;
        return s.client.post('/api/auth/validate-mfa', {
          sessionId: s.sessionId,
          code: wrongOf(s.code) === a.code || wrongOf(s.code) === b.code ? '999999' : wrongOf(s.code),
        });
      }),
    );
    const codes = results.map((r) => r.json().error?.code);
    expect(codes.filter((c) => c === 'MFA_CODE_WRONG')).toHaveLength(MFA_MAX_ATTEMPTS - 1);
    expect(codes.filter((c) => c === 'MFA_BLOCKED')).toHaveLength(10 - (MFA_MAX_ATTEMPTS - 1));
  });
});

describe('Host header and mailed links', () => {
  let t: ClockedTestApp;
  beforeAll(async () => {
    t = await createTestApp({ clock: 'manual' });
  });
  afterAll(() => t.close());

  it('a Host with user-info, a path, spaces or odd characters gets 400', async () => {
    for (const host of [
      'localhost@evil.example',
      'evil.example/localhost',
      'local host',
      'localhost\t',
      'loc_alhost',
      'localhost:80:80',
      '[::1',
      'évil.example',
    ]) {
      const res = await t.app.inject({ url: '/api/init', headers: { host } });
      expect(res.statusCode, host).toBe(400);
      expect(res.json().error.code, host).toBe('INVALID_HOST');
    }
    expect((await t.app.inject({ url: '/api/init', headers: { host: 'localhost:8085' } })).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/init', headers: { host: 'AZUR.localhost' } })).statusCode).toBe(200);
  });

  it('a duplicated Host header gets 400', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const net = await import('node:net');
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = net.connect(port, '127.0.0.1', () => {
        socket.end('GET /api/init HTTP/1.1\r\nHost: localhost\r\nHost: evil.example\r\nConnection: close\r\n\r\n');
      });
      let data = '';
      socket.on('data', (c) => (data += c.toString()));
      socket.on('end', () => resolve(data));
      socket.on('error', reject);
    });
    expect(answer).toMatch(/^HTTP\/1\.1 400/);
  });

  it('links are built on the tenant’s first host, not on the Host header the client sent', async () => {
    const m = await createTestMember(t);
    const client = await AuthClient.open(t.app, { host: 'mutua.localhost:9999' });
    await client.post('/api/auth/login/forgot-password', { login: m.login, socialSecurityNumber: m.nir });
    const mail = await waitForMail(t, { to: m.login, kind: 'PASSWORD_RESET_LINK' });
    // inject has no listening socket: the canonical origin is the first host without a port.
    expect(linkIn(mail).url).toMatch(/^http:\/\/localhost\/login\/forgot-password\/[\w-]+$/);
    expect(mail.html).not.toContain('9999');
  });
});
