import { execFile } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tenants } from '../src/db/schema';
import { authMails } from '../src/modules/auth/mails';
import { mailBrandOf } from '../src/modules/mail/templates';
import { AuthClient, DEMO_ACCOUNTS, createTestMember, linkIn, outbox, waitForMail } from './support/auth';
import { createTestApp, type ClockedTestApp } from './support/test-app';
import { startSmtpReceiver } from './support/smtp-receiver';

/** The text and HTML parts of a raw MIME message (quoted-printable or base64). */
function parseMime(raw: string) {
  const decode = (body: string, encoding: string) =>
    encoding === 'base64'
      ? Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')
      : encoding === 'quoted-printable'
        ? Buffer.from(
            body
              .replace(/=\r?\n/g, '')
              .replace(/=([0-9A-F]{2})/gi, (_, h: string) => `%${h}`)
              .split(/(%[0-9A-F]{2})/gi)
              .flatMap((p) => (p.startsWith('%') && p.length === 3 ? [Number.parseInt(p.slice(1), 16)] : [...Buffer.from(p, 'utf8')])),
          ).toString('utf8')
        : body;
  const [head] = raw.split(/\r?\n\r?\n/);
  const boundary = head!.match(/boundary="?([^";\r\n]+)"?/)?.[1];
  const parts: Record<string, string> = {};
  for (const part of boundary ? raw.split(`--${boundary}`) : [raw]) {
    const [partHead, ...rest] = part.split(/\r?\n\r?\n/);
    const type = partHead?.match(/Content-Type:\s*([\w/]+)/i)?.[1]?.toLowerCase();
    const encoding = partHead?.match(/Content-Transfer-Encoding:\s*([\w-]+)/i)?.[1]?.toLowerCase() ?? '7bit';
    if (type === 'text/plain' || type === 'text/html') parts[type] = decode(rest.join('\n\n').trim(), encoding);
  }
  const words = (value: string) =>
    value.replace(/=\?UTF-8\?([QB])\?([^?]*)\?=\s*/gi, (_, kind: string, text: string) =>
      kind.toUpperCase() === 'B' ? decode(text, 'base64') : decode(text.replace(/_/g, ' '), 'quoted-printable'),
    );
  const header = (name: string) => {
    const value = head!.match(new RegExp(`^${name}:\\s*(.+(?:\\r?\\n\\s+.+)*)`, 'im'))?.[1]?.replace(/\r?\n\s+/g, ' ');
    return value === undefined ? undefined : words(value);
  };
  return { text: parts['text/plain'] ?? '', html: parts['text/html'] ?? '', from: header('From'), to: header('To'), subject: header('Subject') };
}

describe('mail through SMTP (SMTP_URL set)', () => {
  let receiver: Awaited<ReturnType<typeof startSmtpReceiver>>;
  let t: ClockedTestApp;
  beforeAll(async () => {
    receiver = await startSmtpReceiver();
    t = await createTestApp({ clock: 'manual', env: { SMTP_URL: `smtp://127.0.0.1:${receiver.port}` } });
  });
  afterAll(async () => {
    await t.close();
    await receiver.close();
  });

  it('delivers the branded French code mail to the receiver, and nothing to the outbox; the code signs in', async () => {
    const client = await AuthClient.open(t.app);
    const { mfa } = (await client.login(DEMO_ACCOUNTS.camille.loginEmail)).json().data;
    const message = receiver.received.find((m) => m.to.includes(DEMO_ACCOUNTS.camille.loginEmail));
    expect(message).toBeDefined();
    const mail = parseMime(message!.raw);
    expect(mail.subject).toBe('Votre code de vérification en deux étapes Mutua Santé');
    expect(mail.from).toContain('no-reply@mutua.localhost');
    const code = mail.text.match(/^\s+(\d{6})$/m)?.[1];
    expect(code).toMatch(/^\d{6}$/);
    expect(mail.text).toContain('Bonjour Camille,');
    expect(mail.text).toContain('valable 10 minutes');
    expect(mail.html).toContain('<html lang="fr">');
    expect(mail.html).toContain('#1c4fd8');
    expect(mail.html).toContain('alt="Mutua Santé"');
    expect(mail.html).toMatch(/src="http:\/\/localhost\/api\/brand\/logo\.svg\?v=[0-9a-f]+"/);
    expect(mail.html).toContain(code);
    expect(await outbox(t)).toHaveLength(0);
    expect((await client.post('/api/auth/validate-mfa', { sessionId: mfa.sessionId, code })).statusCode).toBe(200);
  });

  it('answers MAIL_SEND_FAILED when the server refuses the mail, keeps the attempt, and lets the member resend at once', async () => {
    const m = await createTestMember(t);
    const client = await AuthClient.open(t.app);
    receiver.state.rejectNext = 1;
    const failed = await client.login(m.login);
    expect(failed.statusCode).toBe(502);
    expect(failed.json()).toMatchObject({
      error: { code: 'MAIL_SEND_FAILED', message: 'L’envoi du mail contenant votre code a échoué. Veuillez demander un nouveau code.' },
      sessionId: expect.any(String),
    });
    const { sessionId } = failed.json();
    const resent = await client.post('/api/auth/regenerate-mfa', { sessionId });
    expect(resent.statusCode).toBe(200);
    const message = receiver.received.findLast((r) => r.to.includes(m.login));
    const code = parseMime(message!.raw).text.match(/^\s+(\d{6})$/m)![1]!;
    expect((await client.post('/api/auth/validate-mfa', { sessionId, code })).statusCode).toBe(200);
  });

  it('answers MAIL_SEND_FAILED when no SMTP server answers at all', async () => {
    const down = await createTestApp({ clock: 'manual', env: { SMTP_URL: 'smtp://127.0.0.1:1' } });
    try {
      const client = await AuthClient.open(down.app);
      const res = await client.login(DEMO_ACCOUNTS.camille.membershipNumber);
      expect(res.json().error.code).toBe('MAIL_SEND_FAILED');
    } finally {
      await down.close();
    }
  });
});

describe('development outbox (SMTP_URL unset)', () => {
  let t: ClockedTestApp;
  beforeAll(async () => {
    t = await createTestApp({ clock: 'manual', env: { PUBLIC_URL: 'https://portail.mutua.example' } });
  });
  afterAll(() => t.close());

  it('keeps the mails, readable newest first and filtered at GET /api/debug/outbox', async () => {
    const client = await AuthClient.open(t.app);
    await client.login(DEMO_ACCOUNTS.camille.membershipNumber);
    const res = await t.app.inject({ url: `/api/debug/outbox?to=${encodeURIComponent('CAMILLE.durand@example.com')}&limit=5` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      mode: 'outbox',
      data: [{ kind: 'MFA_CODE', to: 'camille.durand@example.com', from: '"Mutua Santé" <no-reply@mutua.localhost>' }],
    });
  });

  it('builds links on PUBLIC_URL when it is set', async () => {
    const m = await createTestMember(t);
    const client = await AuthClient.open(t.app);
    await client.post('/api/auth/login/forgot-password', { login: m.login, socialSecurityNumber: m.nir });
    const mail = await waitForMail(t, { to: m.login, kind: 'PASSWORD_RESET_LINK' });
    expect(linkIn(mail).url).toMatch(/^https:\/\/portail\.mutua\.example\/login\/forgot-password\/[\w-]+$/);
    expect(mail.html).toContain('src="https://portail.mutua.example/api/brand/logo.svg?v=');
  });

  it('is read by `npm run outbox` through the running server', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const port = (t.app.server.address() as AddressInfo).port;
    const root = path.resolve(import.meta.dirname, '..');
    const { stdout } = await promisify(execFile)(
      path.join(root, '../../node_modules/.bin/tsx'),
      ['src/modules/mail/outbox-cli.ts', '--to', 'camille.durand@example.com', '--limit', '1'],
      {
        cwd: root,
        env: { ...process.env, PORT: String(port), NODE_ENV: 'development', DATA_DIR: '/tmp/mutua-test-data', SMTP_URL: '' },
        timeout: 20_000,
      },
    );
    expect(stdout).toContain('To: camille.durand@example.com');
    expect(stdout).toMatch(/^\s+\d{6}$/m);
  }, 30_000);
});

describe('production', () => {
  it('has no outbox: the debug route does not exist and, without SMTP_URL, the code cannot be sent', async () => {
    const prod = await createTestApp({ env: { NODE_ENV: 'production' } });
    try {
      expect((await prod.app.inject({ url: '/api/debug/outbox' })).statusCode).toBe(404);
      const client = await AuthClient.open(prod.app);
      const res = await client.login(DEMO_ACCOUNTS.camille.membershipNumber);
      expect(res.json().error.code).toBe('MAIL_SEND_FAILED');
      expect(await prod.database.db.$count((await import('../src/db/schema')).devOutbox)).toBe(0);
    } finally {
      await prod.close();
    }
  });
});

describe('templates', () => {
  it('render the five mails in French with the brand name, colours and logo, in HTML and text, escaping what they insert', async () => {
    const t = await createTestApp();
    try {
      const [azur] = await t.database.db
        .select()
        .from(tenants)
        .where((await import('drizzle-orm')).eq(tenants.id, 'azur'));
      const brand = mailBrandOf({ ...azur!, name: 'Azur <Prévoyance>' }, 'https://azur.example');
      const mails = [
        authMails.mfaCode(brand, { firstName: 'LÉA', code: '123456', minutes: 10 }),
        authMails.createAccountLink(brand, { firstName: 'LÉA', link: 'https://azur.example/login/create-account-final-step/abc', hours: 24 }),
        authMails.forgottenLogin(brand, { firstName: 'LÉA', logins: ['78901234', 'lea.moreau@example.com'], loginUrl: 'https://azur.example/login' }),
        authMails.passwordResetLink(brand, { firstName: 'LÉA', link: 'https://azur.example/login/forgot-password/abc', minutes: 60 }),
        authMails.passwordChanged(brand, {
          firstName: 'LÉA',
          at: new Date('2026-03-01T10:00:00Z'),
          forgotPasswordUrl: 'https://azur.example/login/forgot-password',
        }),
      ];
      expect(mails.map((m) => m.kind)).toEqual(['MFA_CODE', 'CREATE_ACCOUNT_LINK', 'FORGOTTEN_LOGIN', 'PASSWORD_RESET_LINK', 'PASSWORD_CHANGED']);
      for (const mail of mails) {
        expect(mail.text).toContain('Bonjour Léa,');
        expect(mail.text).toContain('Azur <Prévoyance>');
        expect(mail.html).toContain('Azur &lt;Prévoyance&gt;');
        expect(mail.html).not.toContain('Azur <Prévoyance>');
        expect(mail.html).toContain('#8a1538');
        expect(mail.html).toContain('https://azur.example/api/brand/logo.svg?v=');
      }
      expect(mails[4]!.text).toContain('1er mars 2026 à 11 h 00');
      expect(mails[1]!.html).toContain('href="https://azur.example/login/create-account-final-step/abc"');
    } finally {
      await t.close();
    }
  });
});
