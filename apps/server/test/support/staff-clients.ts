import type { FastifyInstance } from 'fastify';
import { staff, staffTenants } from '../../src/db/schema';
import { DEMO_STAFF } from '../../src/modules/backoffice/seed';
import { STAFF_HOST, signInStaff } from './staff';
import { TestClient, type TestApp } from './test-app';

/** A back-office browser calling from an address of its own. */
export class AddressedStaffClient extends TestClient {
  constructor(
    app: FastifyInstance,
    readonly ip: string,
  ) {
    super(app, STAFF_HOST);
  }
  override request(...[method, url, body, opts = {}]: Parameters<TestClient['request']>) {
    return super.request(method, url, body, { remoteAddress: this.ip, ...opts });
  }
}

/**
 * A test file's back-office clients, each from its own address (`${subnet}.1`, `.2`…), so that the
 * per-address counters of one test (failed sign-ins, rate limits) never block another. `app` is read
 * when a client is made: the file opens its app in `beforeAll`.
 */
export function staffClients(app: () => TestApp, subnet: string) {
  let made = 0;
  const client = (): AddressedStaffClient => new AddressedStaffClient(app().app, `${subnet}.${++made}`);
  return {
    client,
    /** A demo staff member signed in on a client of their own. */
    demoStaff: (who: keyof typeof DEMO_STAFF): Promise<AddressedStaffClient> => signInStaff(app(), DEMO_STAFF[who], client()),
    /** How many clients were made so far (a number unique to the file's run, for fresh e-mail addresses). */
    made: () => made,
  };
}

/**
 * Another manager of the first tenant (the demo staff's password), for the four-eyes rule: what one
 * manager proposes, another must approve.
 */
export async function addManager(t: TestApp, who: { email: string; totp: string; displayName: string }): Promise<void> {
  const db = t.database.db;
  const [any] = await db.select({ hash: staff.passwordHash }).from(staff).limit(1);
  const [row] = await db
    .insert(staff)
    .values({ email: who.email, displayName: who.displayName, role: 'manager', passwordHash: any!.hash, totpSecret: who.totp, totpConfirmedAt: new Date() })
    .returning({ id: staff.id });
  await db.insert(staffTenants).values({ staffId: row!.id, tenantId: 'mutua' });
}

/**
 * One back-office session per staff member for the whole file (staff sign-in is rate-limited per
 * address, as an attacker's would be): `signedIn(email, totp)` or, for a demo staff member, `demo(who)`.
 */
export function staffSessions(app: () => TestApp) {
  const sessions = new Map<string, Promise<TestClient>>();
  const signedIn = (email: string, totp: string) => {
    if (!sessions.has(email)) sessions.set(email, signInStaff(app(), { email, totp }, new TestClient(app().app, STAFF_HOST)));
    return sessions.get(email)!;
  };
  return { signedIn, demo: (who: keyof typeof DEMO_STAFF) => signedIn(DEMO_STAFF[who].email, DEMO_STAFF[who].totp!) };
}
