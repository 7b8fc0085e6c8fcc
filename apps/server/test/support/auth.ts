import { randomInt } from 'node:crypto';
import { maskEmail } from '@mutua/contracts/auth';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { DEMO_ACCOUNTS, DEMO_MEMBER_WITHOUT_ACCOUNT, DEMO_PASSWORD } from '../../src/modules/auth/seed';
import { accounts, members } from '../../src/db/schema';
import { insertAccount, insertMember } from '../../src/db/seed/member-factory';
import { TestClient, type TestApp } from './test-app';

export { DEMO_ACCOUNTS, DEMO_MEMBER_WITHOUT_ACCOUNT, DEMO_PASSWORD };

const randomIp = () => `10.${randomInt(0, 256)}.${randomInt(0, 256)}.${randomInt(1, 255)}`;

/**
 * A TestClient (one browser) with its own client IP address, so that failure counters per IP of one
 * test never block another. `ip` can be shared on purpose (IP blocking tests).
 */
export class AuthClient extends TestClient {
  constructor(
    app: FastifyInstance,
    host = 'localhost',
    readonly ip: string = randomIp(),
  ) {
    super(app, host);
  }

  static async open(app: FastifyInstance, opts: { host?: string; ip?: string } = {}): Promise<AuthClient> {
    const client = new AuthClient(app, opts.host, opts.ip);
    const init = await client.get('/api/init');
    if (init.statusCode !== 200) throw new Error(`init answered ${init.statusCode}: ${init.body}`);
    return client;
  }

  override request(
    method: Parameters<TestClient['request']>[0],
    url: string,
    body?: unknown,
    opts: Partial<InjectOptions> = {},
  ): Promise<LightMyRequestResponse> {
    return super.request(method, url, body, { remoteAddress: this.ip, ...opts });
  }

  /** POST /api/auth/login with the spec's body. */
  login(login: string, password = DEMO_PASSWORD, spamCleared?: boolean) {
    return this.post('/api/auth/login', { grant_type: 'PASSWORD', login, password, ...(spamCleared === undefined ? {} : { spam_cleared: spamCleared }) });
  }
}

type OutboxEntry = { id: string; kind: string; to: string; subject: string; text: string; html: string; createdAt: string };

const appOf = (target: TestApp | FastifyInstance) => ('app' in target ? target.app : target) as FastifyInstance;

/** The development outbox, newest first (GET /api/debug/outbox). */
export async function outbox(target: TestApp | FastifyInstance, filter: { to?: string; kind?: string; limit?: number } = {}): Promise<OutboxEntry[]> {
  const query = new URLSearchParams({
    limit: String(filter.limit ?? 50),
    ...(filter.to ? { to: filter.to } : {}),
    ...(filter.kind ? { kind: filter.kind } : {}),
  });
  const res = await appOf(target).inject({ url: `/api/debug/outbox?${query}` });
  if (res.statusCode !== 200) throw new Error(`outbox answered ${res.statusCode}`);
  return (res.json() as { data: OutboxEntry[] }).data;
}

/** The code of the latest code mail sent to this address (full or as masked by the MFA state). */
export async function latestCode(target: TestApp | FastifyInstance, address: string): Promise<string> {
  const mails = await outbox(target, { kind: 'MFA_CODE' });
  const mail = mails.find((m) => m.to.toLowerCase() === address.toLowerCase() || maskEmail(m.to) === address);
  const code = mail?.text.match(/^\s+(\d{6})$/m)?.[1];
  if (!code) throw new Error(`no code mail for ${address}`);
  return code;
}

/** Waits for a mail sent after the answer (forgot-login, forgot-password, notices). */
export async function waitForMail(target: TestApp | FastifyInstance, filter: { to?: string; kind?: string }, timeoutMs = 3_000): Promise<OutboxEntry> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const [mail] = await outbox(target, { ...filter, limit: 1 });
    if (mail) return mail;
    if (Date.now() > end) throw new Error(`no mail for ${JSON.stringify(filter)}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** The link of a mail (create-account, password reset), and its last path segment (the token). */
export function linkIn(mail: { text: string }): { url: string; token: string } {
  const url = mail.text.match(/https?:\/\/\S+/)?.[0];
  if (!url) throw new Error('no link in mail');
  return { url, token: url.split('/').pop()! };
}

/**
 * Signs in through the real two-step flow: password, then the code read from the development outbox
 * (choosing `email`, or the first address, when the member has two). Returns the signed-in client.
 */
export async function signIn(
  target: TestApp | FastifyInstance,
  login: string,
  opts: { password?: string; host?: string; ip?: string; email?: string } = {},
): Promise<AuthClient> {
  const app = appOf(target);
  const client = await AuthClient.open(app, { host: opts.host, ip: opts.ip });
  const res = await client.login(login, opts.password ?? DEMO_PASSWORD);
  expect(res.statusCode, res.body).toBe(200);
  let data = res.json().data as { mfa?: { email: string; sessionId: string }; sessionId?: string; emails?: string[] };
  if (!data.mfa) {
    const email = opts.email ? maskEmail(opts.email) : data.emails![0]!;
    const chosen = await client.post('/api/auth/select-email', { sessionId: data.sessionId, email });
    expect(chosen.statusCode, chosen.body).toBe(200);
    data = chosen.json().data;
  }
  const code = await latestCode(app, data.mfa!.email);
  const validated = await client.post('/api/auth/validate-mfa', { sessionId: data.mfa!.sessionId, code });
  expect(validated.statusCode, validated.body).toBe(200);
  return client;
}

let counter = 0;
/**
 * A fresh member of the first tenant with an active account (password DEMO_PASSWORD, hash copied from
 * camille's, so no hashing cost), for tests that block or change an account.
 */
export async function createTestMember(
  t: TestApp,
  overrides: { tenantId?: string; emails?: string[]; loginEmail?: string | null; status?: 'ACTIVE' | 'NOT_ACTIVATED' | 'BLOCKED'; account?: boolean } = {},
) {
  const db = t.database.db;
  counter++;
  const membershipNumber = String(90_000_000 + randomInt(0, 9_999_999)).padStart(8, '0');
  const emails = overrides.emails ?? [`test.member${counter}.${membershipNumber}@example.net`];
  const tenantId = overrides.tenantId ?? 'mutua';
  const surName = `MEMBRE${counter}`;
  const { memberId } = await insertMember(db, {
    tenantId,
    membershipNumber,
    people: [{ rank: 'MAIN', firstName: 'TEST', surName, birthDate: '1980-01-01', sex: 'F', nir: '2800175056999', nirKey: '11' }],
    contact: { email: emails[0] ?? null, secondaryEmail: emails[1] ?? null, mobileNumber: '0600000000' },
    address: { line1: '1 rue du Test', zipCode: '75001', city: 'Paris' },
    contract: { kind: 'INDIVIDUAL', label: 'Test', insurerContract: 'T-1', productNumber: 'P-1' },
  });
  let accountId: string | null = null;
  if (overrides.account !== false) {
    const [camille] = await db
      .select({ hash: accounts.passwordHash })
      .from(accounts)
      .innerJoin(members, eq(members.id, accounts.memberId))
      .where(eq(members.membershipNumber, DEMO_ACCOUNTS.camille.membershipNumber));
    const loginEmail = overrides.loginEmail === undefined ? emails[0]!.toLowerCase() : overrides.loginEmail;
    ({ accountId } = await insertAccount(db, {
      memberId,
      tenantId,
      loginType: loginEmail ? 'EMAIL' : 'MEMBERSHIP_NUMBER',
      loginEmail,
      passwordHash: camille!.hash,
      status: overrides.status ?? 'ACTIVE',
      passwordChangedAt: new Date(),
      finishedTutorial: true,
    }));
  }
  return { memberId, accountId, membershipNumber, emails, login: emails[0]!, nir: '2800175056999', birthDate: '1980-01-01', surName };
}

/** Header the helper's clients send: handy to build raw requests. */
export const cookieHeader = (client: TestClient) => [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
