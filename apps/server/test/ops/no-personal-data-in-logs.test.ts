import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuthClient, DEMO_ACCOUNTS, createTestMember } from '../support/auth';
import { captureLog, createTestApp, type TestApp } from '../support/test-app';
import { findPersonalData } from './log-scan';

/**
 * The server's own log (at trace level) through journeys that touch personal data — sign-in by e-mail
 * and by membership number, wrong passwords, a mail server that refuses a recipient by quoting the
 * address, a queued mail retried — scanned for NIRs, IBANs, e-mail addresses, phone numbers, one-time
 * codes, the password and the demo set's names. The e2e run's logs get the same scan (apps/e2e).
 */
const { stream, lines } = captureLog();
let t: TestApp;
let smtp: SMTPServer;
const mails: string[] = [];
/** Recipients the mail server refuses next, quoting them as real servers do (« 550 <x@y>: Recipient address rejected »). */
let refuseNext = 0;

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (refuseNext > 0) {
        refuseNext--;
        return callback(Object.assign(new Error(`<${address.address}>: Recipient address rejected: mailbox full`), { responseCode: 550 }));
      }
      callback();
    },
    onData(data, _session, callback) {
      const chunks: Buffer[] = [];
      data.on('data', (c: Buffer) => chunks.push(c));
      data.on('end', () => {
        mails.push(Buffer.concat(chunks).toString('utf8'));
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const port = (smtp.server.address() as AddressInfo).port;
  t = await createTestApp({ logStream: stream, env: { SMTP_URL: `smtp://127.0.0.1:${port}` } });
});
afterAll(async () => {
  await t.close();
  await new Promise<void>((resolve) => smtp.close(resolve));
});

/** The code of a code mail: the line of six digits alone in its text part. */
const codeIn = (mail: string) => /^\s*(\d{6})\s*$/m.exec(mail.replace(/=\r?\n/g, ''))?.[1];

describe('the server log', () => {
  it('holds no personal data after sign-ins, refused mails and retried jobs', async () => {
    const codes: string[] = [];
    const member = await createTestMember(t);
    const client = await AuthClient.open(t.app, { ip: '198.51.100.23' });

    // Wrong passwords, by e-mail login: failures and a block are logged and audited.
    for (let i = 0; i < 2; i++) expect((await client.login(member.login, 'Wrong-password-123')).statusCode).toBe(401);

    // The code mail refused by the server, quoting the address.
    refuseNext = 1;
    const refused = await client.login(DEMO_ACCOUNTS.camille.membershipNumber);
    expect(refused.statusCode, refused.body).toBeGreaterThanOrEqual(400);

    // A full sign-in: the code travels by mail, never through the log.
    const login = await client.login(DEMO_ACCOUNTS.camille.membershipNumber);
    expect(login.statusCode, login.body).toBe(200);
    const { mfa } = login.json().data as { mfa: { sessionId: string } };
    const code = codeIn(mails.at(-1)!);
    expect(code).toBeDefined();
    codes.push(code!);
    expect((await client.post('/api/auth/validate-mfa', { sessionId: mfa.sessionId, code: '000000' === code ? '111111' : '000000' })).statusCode).toBe(400);
    expect((await client.post('/api/auth/validate-mfa', { sessionId: mfa.sessionId, code })).statusCode).toBe(200);
    expect((await client.get('/api/all-info')).statusCode).toBe(200);
    expect((await client.get('/api/postal-codes/75011')).statusCode).toBe(200);

    // A queued mail refused once, then retried: the job's failure is logged.
    refuseNext = 1;
    const before = mails.length;
    expect(
      (await AuthClient.open(t.app, { ip: '198.51.100.24' }).then((c) => c.post('/api/auth/login/forgot-login', { email: member.login }))).statusCode,
    ).toBe(200);
    for (let i = 0; i < 200 && !lines.some((l) => l.includes('job failed')); i++) await new Promise((r) => setTimeout(r, 100));
    expect(lines.some((l) => l.includes('job failed'))).toBe(true);
    expect(mails.length).toBe(before);

    const log = lines.join('');
    expect(log).toContain('code mail not sent');
    expect(findPersonalData(log, 'server log', { codes, emails: [member.login] })).toEqual([]);
  }, 60_000);

  it('is scanned by a check that finds each kind of personal data', () => {
    const leaks = [
      '{"msg":"x","to":"camille.durand@example.com"}',
      'IBAN FR76 3000 4000 0312 3456 7890 143',
      'nir 2 86 04 75 056 123 70 here',
      'call 06 12 34 56 78',
      'Bonjour Camille DURAND',
      'password Mutua-Demo-2026!',
      'code 482913 sent',
    ].join('\n');
    const kinds = findPersonalData(leaks, 'sample', { codes: ['482913'] }).map((f) => f.kind);
    for (const kind of ['e-mail address', 'IBAN', 'NIR', 'phone number', 'member name', 'password', 'one-time code']) expect(kinds).toContain(kind);
    // Pino's numbers (epoch milliseconds) and the insurer's own sender are not personal data.
    expect(findPersonalData('{"level":30,"time":1764193478123,"pid":4242,"msg":"from no-reply@mutua.localhost"}', 'sample')).toEqual([]);
  });
});
