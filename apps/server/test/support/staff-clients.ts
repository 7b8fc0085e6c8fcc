import type { FastifyInstance } from 'fastify';
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
