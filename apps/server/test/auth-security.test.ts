import { SESSION_COOKIE } from '@mutua/contracts/auth';
import { XSRF_COOKIE, XSRF_HEADER } from '@mutua/contracts/platform';
import { eq, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../src/app';
import { accounts, auditEvents, members, rateLimitCounters } from '../src/db/schema';
import { AuthClient, DEMO_ACCOUNTS, DEMO_PASSWORD, createTestMember, latestCode, signIn, waitForMail } from './support/auth';
import { captureLog, createTestApp, type ClockedTestApp } from './support/test-app';

// Counts argon2 verifications (the real function still runs). The suite's files share their modules
// (isolate: false): this file loads the app afresh so that its password module gets the counting argon2,
// and leaves the next file a fresh one without it.
const argon = vi.hoisted(() => {
  vi.resetModules();
  return { verifications: 0 };
});
vi.mock('@node-rs/argon2', async (importOriginal) => {
  const real = await importOriginal<typeof import('@node-rs/argon2')>();
  return { ...real, verify: (...args: Parameters<typeof real.verify>) => (argon.verifications++, real.verify(...args)) };
});

let t: ClockedTestApp;
const { stream: logStream, lines: logLines } = captureLog();
beforeAll(async () => {
  t = await createTestApp({ clock: 'manual', logStream });
});
afterAll(async () => {
  await t.close();
  vi.doUnmock('@node-rs/argon2');
  vi.resetModules();
});

const HOUR = 3_600_000;
const { camille } = DEMO_ACCOUNTS;

describe('password storage', () => {
  it('is argon2id with m=19456, t=2, p=1', async () => {
    const rows = await t.database.db.select({ hash: accounts.passwordHash }).from(accounts);
    expect(rows.length).toBeGreaterThanOrEqual(7);
    for (const r of rows) expect(r.hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });
});

describe('consecutive password failures', () => {
  it('block the account for 3 hours at the fifth; the right password then answers the same; it opens again after', async () => {
    const m = await createTestMember(t);
    const client = await AuthClient.open(t.app);
    for (let i = 0; i < 4; i++) expect((await client.login(m.login, 'Wrong-Password-1')).json().error.code).toBe('INVALID_CREDENTIALS');
    const fifth = await client.login(m.login, 'Wrong-Password-1');
    expect(fifth.statusCode).toBe(403);
    expect(fifth.json().error).toEqual({
      code: 'ACCOUNT_BLOCKED',
      message: 'Votre compte a été bloqué suite à un trop grand nombre d’erreurs. Veuillez réessayer dans quelques heures.',
    });
    const right = await client.login(m.login);
    expect(right.statusCode).toBe(fifth.statusCode);
    expect(right.json()).toEqual(fifth.json());
    // Also through the other identifier of the account.
    expect((await client.login(m.membershipNumber)).json().error.code).toBe('ACCOUNT_BLOCKED');
    t.clock.advance(3 * HOUR - 60_000);
    expect((await client.login(m.login)).json().error.code).toBe('ACCOUNT_BLOCKED');
    t.clock.advance(61_000);
    expect((await client.login(m.login)).statusCode).toBe(200);
    const kinds = (await t.database.db.select().from(auditEvents).where(eq(auditEvents.memberId, m.memberId))).map((e) => e.kind);
    expect(kinds.filter((k) => k === 'LOGIN_FAILED')).toHaveLength(5);
    expect(kinds).toContain('ACCOUNT_BLOCKED');
    expect(kinds).toContain('LOGIN_REFUSED');
  });

  it('start again from zero after a success', async () => {
    const m = await createTestMember(t);
    const client = await AuthClient.open(t.app);
    for (let i = 0; i < 4; i++) await client.login(m.login, 'Wrong-Password-1');
    expect((await client.login(m.login)).statusCode).toBe(200);
    for (let i = 0; i < 4; i++) expect((await client.login(m.login, 'Wrong-Password-1')).json().error.code).toBe('INVALID_CREDENTIALS');
  });

  it('block an unknown identifier the same way, so blocking reveals nothing', async () => {
    const client = await AuthClient.open(t.app);
    const answers = [];
    for (let i = 0; i < 6; i++) answers.push((await client.login('ghost@example.com', 'Wrong-Password-1')).json().error.code);
    expect(answers).toEqual(['INVALID_CREDENTIALS', 'INVALID_CREDENTIALS', 'INVALID_CREDENTIALS', 'INVALID_CREDENTIALS', 'ACCOUNT_BLOCKED', 'ACCOUNT_BLOCKED']);
    const [row] = await t.database.db.select().from(auditEvents).where(eq(auditEvents.kind, 'LOGIN_FAILED')).limit(1);
    expect(JSON.stringify(row!.details)).not.toContain('ghost');
  });
});

describe('failures from one IP address across accounts', () => {
  it('block the IP for a while (20 in 15 minutes), counted in the database so every instance sees it', async () => {
    const ip = '203.0.113.77';
    const client = await AuthClient.open(t.app, { ip });
    for (let i = 0; i < 20; i++) {
      const res = await client.login(`victim${i}@example.com`, 'Wrong-Password-1');
      expect(res.json().error.code).toBe('INVALID_CREDENTIALS');
    }
    const blocked = await client.login(camille.membershipNumber);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().error.code).toBe('IP_BLOCKED');
    expect(blocked.json().error.message).toContain('adresse IP');
    const [counter] = await t.database.db
      .select()
      .from(rateLimitCounters)
      .where(eq(rateLimitCounters.key, `ip-fail:${ip}`));
    expect(counter!.hits).toBe(20);

    // A second instance on the same database refuses the IP too.
    const other = await buildApp({ config: { ...t.config, LOG_LEVEL: 'silent' }, database: t.database, operatorToken: t.operatorToken, clock: t.clock });
    try {
      const elsewhere = await AuthClient.open(other, { ip });
      expect((await elsewhere.login(camille.membershipNumber)).json().error.code).toBe('IP_BLOCKED');
    } finally {
      await other.close();
    }
    // Other addresses are not affected; the block lifts after 15 minutes.
    expect((await (await AuthClient.open(t.app)).login(camille.membershipNumber)).statusCode).toBe(200);
    t.clock.advance(15 * 60_000 + 1000);
    expect((await client.login(camille.membershipNumber)).statusCode).toBe(200);
    const kinds = (await t.database.db.select({ kind: auditEvents.kind, ip: auditEvents.ip }).from(auditEvents).where(eq(auditEvents.ip, ip))).map(
      (e) => e.kind,
    );
    expect(kinds).toContain('IP_BLOCKED');
  });
});

describe('unknown identifiers', () => {
  /** Waits (bounded) until the job queue holds no job waiting or running. */
  async function queueDrained(app: ClockedTestApp) {
    const pending = async () => {
      const result = await app.database.db.execute(sql`SELECT count(*)::int AS n FROM pgboss.job WHERE state IN ('created', 'retry', 'active')`);
      return (result as unknown as { rows: { n: number }[] }).rows[0]!.n;
    };
    await expect.poll(pending, { timeout: 10_000, interval: 20 }).toBe(0);
  }
  // Timing is not measured here (a busy machine makes it flaky): an unknown identifier must cost the
  // same work as a known one — the same argon2 verification, the same deferred task — which is what
  // keeps its timing alike.
  async function answer(fn: () => Promise<{ statusCode: number; body: string }>) {
    const res = await fn();
    return { status: res.statusCode, body: res.body };
  }

  it('get the same answer and the same work (one argon2 verification) as known ones on login', async () => {
    const bodies = new Set<string>();
    const targets = await Promise.all(Array.from({ length: 3 }, () => createTestMember(t)));
    for (let i = 0; i < 12; i++) {
      const client = await AuthClient.open(t.app);
      const before = argon.verifications;
      const k = await answer(() => client.login(targets[i % 3]!.login, 'Wrong-Password-1'));
      expect(argon.verifications - before).toBe(1);
      const u = await answer(() => client.login(`nobody${i}@example.com`, 'Wrong-Password-1'));
      expect(argon.verifications - before).toBe(2);
      bodies.add(`${k.status}${k.body}`).add(`${u.status}${u.body}`);
    }
    expect(bodies.size).toBe(1);
  });

  it('get the same answer, the same work as known ones on forgot-login and forgot-password (the mail leaves later)', async () => {
    // The answer only enqueues one deferred task, whatever the identifier: the lookup and the mail
    // happen in the task, so neither the answer nor its cost can tell an account exists.
    const tasks = async () => {
      const result = await t.database.db.execute(sql`SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'tasks'`);
      return (result as unknown as { rows: { n: number }[] }).rows[0]!.n;
    };
    const targets = await Promise.all(Array.from({ length: 7 }, () => createTestMember(t)));
    for (const [path, bodyOf] of [
      ['/api/auth/login/forgot-login', (email: string) => ({ email })],
      ['/api/auth/login/forgot-password', (login: string, nir = '2800175056999') => ({ login, socialSecurityNumber: nir })],
    ] as const) {
      const bodies = new Set<string>();
      for (let i = 0; i < 7; i++) {
        const client = await AuthClient.open(t.app);
        // The deferred work of the previous answer must not slow the next measure.
        await queueDrained(t);
        const before = await tasks();
        const k = await answer(() => client.post(path, bodyOf(targets[i]!.login)));
        expect(await tasks(), `${path}: one task for a known identifier`).toBe(before + 1);
        await queueDrained(t);
        const u = await answer(() => client.post(path, bodyOf(`nobody.${path.length}.${i}@example.com`)));
        expect(await tasks(), `${path}: one task for an unknown identifier`).toBe(before + 2);
        bodies.add(`${k.status}${k.body}`).add(`${u.status}${u.body}`);
      }
      expect([...bodies]).toEqual(['200{"data":{"sent":true}}']);
    }
    await waitForMail(t, { to: targets[6]!.login, kind: 'PASSWORD_RESET_LINK' });
  });
});

describe('anti-forgery token', () => {
  it('refuses a POST without the header, with a header that differs from the cookie, or with a token of another session', async () => {
    const a = await signIn(t, camille.membershipNumber);
    const b = await signIn(t, DEMO_ACCOUNTS.lucas.membershipNumber);
    const url = '/api/auth/tutorial/finished';
    // TestClient adds the header: build raw requests instead.
    const cookie = [...a.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const raw = (headers: Record<string, string>) =>
      t.app.inject({ method: 'POST', url, remoteAddress: a.ip, headers: { host: 'localhost', cookie, ...headers } });
    const noHeader = await raw({});
    expect(noHeader.statusCode).toBe(403);
    expect(noHeader.json().error.code).toBe('CSRF_INVALID');
    expect((await raw({ [XSRF_HEADER]: 'abc.def' })).statusCode).toBe(403);
    // B's token, in both cookie and header, on A's session.
    const bToken = b.xsrfToken!;
    const cookieWithB = cookie.replace(`${XSRF_COOKIE}=${a.xsrfToken}`, `${XSRF_COOKIE}=${bToken}`);
    const foreign = await t.app.inject({
      method: 'POST',
      url,
      remoteAddress: a.ip,
      headers: { host: 'localhost', cookie: cookieWithB, [XSRF_HEADER]: bToken },
    });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().error.code).toBe('CSRF_INVALID');
    // A's own token works.
    expect((await raw({ [XSRF_HEADER]: a.xsrfToken! })).statusCode).toBe(200);
  });

  it('refuses the token of before login once signed in (it is renewed at login)', async () => {
    const client = await AuthClient.open(t.app);
    const anonymousToken = client.xsrfToken!;
    const { mfa } = (await client.login(camille.membershipNumber)).json().data;
    await client.post('/api/auth/validate-mfa', { sessionId: mfa.sessionId, code: await latestCode(t, mfa.email) });
    expect(client.xsrfToken).not.toBe(anonymousToken);
    const cookie = [...client.cookies].map(([k, v]) => (k === XSRF_COOKIE ? `${k}=${anonymousToken}` : `${k}=${v}`)).join('; ');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/tutorial/finished',
      headers: { host: 'localhost', cookie, [XSRF_HEADER]: anonymousToken },
    });
    expect(res.statusCode).toBe(403);
  });

  it('is required on the anonymous login POST too', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { host: 'localhost' },
      payload: { grant_type: 'PASSWORD', login: camille.membershipNumber, password: DEMO_PASSWORD },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('CSRF_INVALID');
  });

  it('is checked before the body: a forged call with a bad or unreadable body gets 403, never the route’s validation messages', async () => {
    const anonymous = await t.app.inject({ method: 'POST', url: '/api/auth/login', headers: { host: 'localhost' }, payload: { grant_type: 'NOPE' } });
    expect(anonymous.statusCode).toBe(403);
    expect(anonymous.json().error.code).toBe('CSRF_INVALID');
    const unreadable = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { host: 'localhost', 'content-type': 'application/json' },
      payload: '{"login":',
    });
    expect(unreadable.statusCode).toBe(403);
    expect(unreadable.json().error.code).toBe('CSRF_INVALID');
    // Signed in, with the session cookie but no anti-forgery header: the e-mail's format is not checked.
    const a = await signIn(t, camille.loginEmail);
    const cookie = [...a.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const forged = await t.app.inject({
      method: 'POST',
      url: '/api/tp-card/email',
      remoteAddress: a.ip,
      headers: { host: 'localhost', cookie },
      payload: { email: 'pas-une-adresse' },
    });
    expect(forged.statusCode).toBe(403);
    expect(forged.json().error.code).toBe('CSRF_INVALID');
  });
});

describe('request limits per route', () => {
  it('answer 429 RATE_LIMITED above 60 calls a minute from one address, counted in the database', async () => {
    const client = await AuthClient.open(t.app);
    const statuses: number[] = [];
    for (let i = 0; i < 60; i++) statuses.push((await client.post('/api/auth/login/forgot-login', { email: `flood${i}@example.com` })).statusCode);
    expect(statuses.every((s) => s === 200)).toBe(true);
    const last = await client.post('/api/auth/login/forgot-login', { email: 'flood-last@example.com' });
    expect(last.statusCode).toBe(429);
    expect(last.json().error.code).toBe('RATE_LIMITED');
    const rows = await t.database.db.select().from(rateLimitCounters).where(like(rateLimitCounters.key, `rl:POST:/api/auth/login/forgot-login:%`));
    expect(rows.find((r) => r.key.endsWith(`:${client.ip}`))?.hits).toBe(61);
    // Another route keeps its own count.
    expect((await client.login('someone@example.com', 'Wrong-Password-1')).json().error.code).toBe('INVALID_CREDENTIALS');
  });
});

describe('logs', () => {
  it('never carry a code, a password, a session id, a login attempt id, a link token or an anti-forgery token', async () => {
    logLines.length = 0;
    const m = await createTestMember(t);
    const client = await AuthClient.open(t.app);
    await client.login(m.login, 'Wrong-Password-9');
    const { mfa } = (await client.login(m.login)).json().data;
    const code = await latestCode(t, m.login);
    await client.post('/api/auth/validate-mfa', { sessionId: mfa.sessionId, code: code === '111111' ? '222222' : '111111' });
    await client.post('/api/auth/validate-mfa', { sessionId: mfa.sessionId, code });
    await client.get('/api/auth/profile');
    await client.post('/api/auth/login/forgot-password', { login: m.login, socialSecurityNumber: m.nir });
    const mail = await waitForMail(t, { to: m.login, kind: 'PASSWORD_RESET_LINK' });
    const token = mail.text.match(/forgot-password\/(\S+)/)![1]!;
    await client.get(`/api/auth/login/forgot-password/reset-validation?token=${token}`);
    await client.post('/api/auth/login/forgot-password/reset-validation', { token, password: 'Nouveau-Secret-42' });
    // The SPA page of the e-mailed link (served by the same server) carries the token in its path.
    await t.app.inject({ url: `/login/forgot-password/${token}`, headers: { host: 'localhost' } });
    const log = logLines.join('');
    expect(log).toContain('/login/forgot-password/[token]');
    expect(log).toContain('"url":"/api/auth/validate-mfa"'); // the log is really captured
    for (const secret of [
      DEMO_PASSWORD,
      'Wrong-Password-9',
      'Nouveau-Secret-42',
      code,
      mfa.sessionId,
      client.cookies.get(SESSION_COOKIE)!,
      client.xsrfToken!,
      token,
    ]) {
      expect(log, secret).not.toContain(secret);
    }
    const audit = JSON.stringify(
      await t.database.db.select().from(auditEvents).innerJoin(members, eq(members.id, auditEvents.memberId)).where(eq(members.id, m.memberId)),
    );
    for (const secret of [DEMO_PASSWORD, code, mfa.sessionId, token]) expect(audit).not.toContain(secret);
  });
});
