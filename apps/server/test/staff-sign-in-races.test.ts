import { PASSWORD_MAX_FAILURES } from '@mutua/contracts/auth';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staff } from '../src/db/schema';
import { DEMO_STAFF_PASSWORD } from '../src/modules/backoffice/seed';
import { recoveryHash } from '../src/modules/backoffice/totp';
import { STAFF_HOST } from './support/staff';
import { TestClient, createTestApp, type TestApp } from './support/test-app';

/**
 * Parallel sign-ins of one staff member. On PGlite (one connection) the requests are serialised; the
 * suite's second run on PostgreSQL (DATABASE_URL, a pool) sends them at the same time.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let n = 0;
/** A staff member enrolled with a known TOTP secret and recovery code. */
async function enrolledStaff(recoveryCode: string) {
  const [template] = await t.database.db.select({ passwordHash: staff.passwordHash }).from(staff).limit(1);
  const [row] = await t.database.db
    .insert(staff)
    .values({
      email: `race${++n}@gestion.localhost`,
      displayName: 'Race',
      role: 'agent',
      passwordHash: template!.passwordHash,
      totpSecret: 'JBSWY3DPEHPK3PXPRACEAAAAAAAAAAAA',
      totpConfirmedAt: new Date(),
      recoveryCodeHashes: [recoveryHash(recoveryCode)],
    })
    .returning();
  return row!;
}

/** `count` clients past the password step, each from its own address and session. */
async function passwordStepClients(email: string, count: number) {
  return Promise.all(
    Array.from({ length: count }, async () => {
      const client = new TestClient(t.app, STAFF_HOST);
      await client.get('/api/bo/auth/session');
      const login = await client.post('/api/bo/auth/login', { email, password: DEMO_STAFF_PASSWORD });
      expect(login.statusCode, login.body).toBe(200);
      return client;
    }),
  );
}

describe('staff sign-in under parallel requests', () => {
  it('lets one recovery code open one session, however many sign-ins send it at once', async () => {
    const row = await enrolledStaff('RACE-CODE');
    const clients = await passwordStepClients(row.email, PASSWORD_MAX_FAILURES - 1);
    const answers = await Promise.all(clients.map((c) => c.post('/api/bo/auth/totp', { code: 'race-code' })));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, ...Array(PASSWORD_MAX_FAILURES - 2).fill(400)]);
    const [after] = await t.database.db.select().from(staff).where(eq(staff.id, row.id));
    expect(after!.recoveryCodeHashes).toEqual([]);
  });

  it('counts every wrong code of parallel sign-ins, and the 5th blocks the account', async () => {
    const row = await enrolledStaff('KEEP-CODE');
    const clients = await passwordStepClients(row.email, PASSWORD_MAX_FAILURES);
    const wrong = await Promise.all(clients.slice(1).map((c) => c.post('/api/bo/auth/totp', { code: 'WRNG-CODE' })));
    expect(wrong.map((a) => a.json().error.code)).toEqual(Array(PASSWORD_MAX_FAILURES - 1).fill('STAFF_CODE_INVALID'));
    const [counted] = await t.database.db.select().from(staff).where(eq(staff.id, row.id));
    expect(counted!.consecutiveFailures).toBe(PASSWORD_MAX_FAILURES - 1);
    expect((await clients[0]!.post('/api/bo/auth/totp', { code: 'WRNG-CODE' })).json().error.code).toBe('ACCOUNT_BLOCKED');
    // Blocked: even the right password is refused.
    const again = new TestClient(t.app, STAFF_HOST);
    await again.get('/api/bo/auth/session');
    expect((await again.post('/api/bo/auth/login', { email: row.email, password: DEMO_STAFF_PASSWORD })).json().error.code).toBe('ACCOUNT_BLOCKED');
  });
});
