import { AsyncLocalStorage } from 'node:async_hooks';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { membersModule } from '../src/modules/members';
import { DEMO_ACCOUNTS, signIn, type AuthClient } from './support/auth';
import { testDatabaseUrl } from './support/database';
import { createTestApp, type TestApp } from './support/test-app';

const watched = new AsyncLocalStorage<true>();

/** Counts the pool's connections handed out to what runs in `watched`, and the most held at once (PostgreSQL server). */
function watchConnections(pool: pg.Pool) {
  const counts = { taken: 0, held: 0, mostHeld: 0 };
  const connect = pool.connect.bind(pool) as (
    cb?: (e: Error | undefined, c: pg.PoolClient | undefined, d: unknown) => void,
  ) => Promise<pg.PoolClient> | undefined;
  const track = (client: pg.PoolClient) => {
    counts.taken++;
    counts.mostHeld = Math.max(counts.mostHeld, ++counts.held);
    const release = client.release;
    client.release = (...args: Parameters<typeof release>) => {
      counts.held--;
      client.release = release;
      return release.apply(client, args);
    };
  };
  Object.defineProperty(pool, 'connect', {
    configurable: true,
    writable: true,
    value: (cb?: Parameters<typeof connect>[0]) => {
      // Only what the request under watch asks for: the job queue's polls and the like run on their own.
      if (!watched.getStore()) return connect(cb);
      if (cb) return connect((e, c, d) => (c && track(c), cb(e, c, d)));
      return connect()!.then((c) => (track(c), c));
    },
  });
  return {
    counts,
    restore: () => Object.defineProperty(pool, 'connect', { configurable: true, writable: true, value: connect }),
  };
}

let t: TestApp;
let member: AuthClient;
beforeAll(async () => {
  // READ_CACHE off (the tests' default): nothing is kept, every request misses — the worst case.
  t = await createTestApp();
  member = await signIn(t, DEMO_ACCOUNTS.camille.membershipNumber);
});
afterAll(() => t.close());

describe('no storms: a global details miss', () => {
  it('is computed once for requests of one member that miss at once', async () => {
    const profile = vi.spyOn(membersModule.globalDetails!, 'profile');
    try {
      const answers = await Promise.all(Array.from({ length: 8 }, () => member.get('/api/all-info')));
      expect(answers.map((a) => a.statusCode)).toEqual(Array(8).fill(200));
      expect(new Set(answers.map((a) => a.body)).size).toBe(1);
      expect(profile).toHaveBeenCalledTimes(1);

      // One after the other, each computes its own (nothing kept with the cache off).
      await member.get('/api/all-info');
      expect(profile).toHaveBeenCalledTimes(2);
    } finally {
      profile.mockRestore();
    }
  });

  it("a read after a write of the member's own never shares a load begun before it", async () => {
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    const original = membersModule.globalDetails!.profile!;
    const profile = vi.spyOn(membersModule.globalDetails!, 'profile').mockImplementationOnce(async (ctx) => (await gate, original(ctx)));
    try {
      const first = member.get('/api/all-info');
      await vi.waitFor(() => expect(profile).toHaveBeenCalledTimes(1));
      const write = await member.post('/api/consent', { analytics: true });
      expect(write.statusCode).toBe(200);
      const second = member.get('/api/all-info');
      await vi.waitFor(() => expect(profile).toHaveBeenCalledTimes(2));
      open();
      expect((await first).statusCode).toBe(200);
      expect((await second).statusCode).toBe(200);
    } finally {
      open();
      profile.mockRestore();
    }
  });

  it.runIf(testDatabaseUrl())('holds one connection of the pool at a time, whatever its ~20 reads', async () => {
    const watch = watchConnections((t.database.db as unknown as { $client: pg.Pool }).$client);
    try {
      const res = await watched.run(true, () => member.get('/api/all-info'));
      expect(res.statusCode).toBe(200);
      // The session's resolution, then the global details on one connection: never more than one at once.
      expect(watch.counts.mostHeld).toBe(1);
      expect(watch.counts.taken).toBeLessThanOrEqual(3);
    } finally {
      watch.restore();
    }
  });
});

describe('no storms: what a write drops (read cache on)', () => {
  let kept: TestApp;
  beforeAll(async () => {
    kept = await createTestApp({ env: { READ_CACHE: 'on' } });
  });
  afterAll(() => kept.close());

  it('a write refused (4xx) drops nothing; a write done drops the member’s kept reads', async () => {
    const client = await signIn(kept, DEMO_ACCOUNTS.camille.membershipNumber);
    await kept.app.readCache.sync();
    expect((await client.get('/api/all-info')).statusCode).toBe(200);
    const profile = vi.spyOn(membersModule.globalDetails!, 'profile');
    try {
      const refused = await client.post('/api/consent', { analytics: 'perhaps' });
      expect(refused.statusCode).toBe(400);
      expect((await client.get('/api/all-info')).statusCode).toBe(200);
      expect(profile).not.toHaveBeenCalled();

      const done = await client.post('/api/consent', { analytics: false });
      expect(done.statusCode).toBe(200);
      expect((await client.get('/api/all-info')).statusCode).toBe(200);
      expect(profile).toHaveBeenCalledTimes(1);
    } finally {
      profile.mockRestore();
    }
  });
});
