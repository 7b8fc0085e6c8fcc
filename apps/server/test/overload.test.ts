import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Database } from '../src/db/client';
import { DEMO_ACCOUNTS, signIn, type AuthClient } from './support/auth';
import { testDatabaseUrl } from './support/database';
import { createTestApp, type TestApp } from './support/test-app';

const OVERLOADED = { error: { code: 'OVERLOADED', message: 'Le service est très sollicité, nouvel essai dans quelques secondes.' } };

/**
 * Takes every connection of the database (the pool's, or PGlite's one) with transactions that wait on a
 * gate, then queues one statement behind them: the state of an instance whose pool is exhausted.
 */
async function saturate(database: Database, poolSize: number) {
  let open!: () => void;
  const gate = new Promise<void>((resolve) => (open = resolve));
  const holders = Array.from({ length: database.kind === 'pglite' ? 1 : poolSize }, () => database.db.transaction(async () => gate));
  await sleep(100); // every holder has its connection
  holders.push(database.db.execute(sql`select 1`).then(() => undefined));
  await vi.waitFor(() => expect(database.pressure().waiting).toBeGreaterThan(0));
  let released = false;
  return {
    get released() {
      return released;
    },
    release: async () => {
      open();
      await Promise.all(holders);
      released = true;
    },
  };
}

let t: TestApp;
let member: AuthClient;
beforeAll(async () => {
  t = await createTestApp({
    env: { OVERLOAD_POOL_WAIT_MS: '400', OVERLOAD_EVENT_LOOP_DELAY_MS: '1000', OVERLOAD_RETRY_AFTER_S: '3', DATABASE_POOL_WAIT_MS: '1000' },
  });
  // The app's start (compilation, the job queue's schema) holds the loop for a moment: let it pass.
  await sleep(2_500);
  member = await signIn(t, DEMO_ACCOUNTS.camille.membershipNumber);
});
afterAll(() => t.close());
let held: Awaited<ReturnType<typeof saturate>> | null = null;
afterEach(async () => {
  if (held && !held.released) await held.release();
  held = null;
});

describe('an exhausted database: 503 OVERLOADED with Retry-After, before the work starts', () => {
  it('sheds a member read at once, while not one statement can run, then serves it again', async () => {
    held = await saturate(t.database, t.config.DATABASE_POOL_SIZE);
    await sleep(500); // the queued statement has now waited longer than OVERLOAD_POOL_WAIT_MS
    const waitingBefore = t.database.pressure().waiting;

    const res = await member.get('/api/all-info');

    // Answered while the database could run nothing at all: nothing of the request reached it.
    expect(held.released).toBe(false);
    expect(t.database.pressure().waiting).toBe(waitingBefore);
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('3');
    expect(res.json()).toEqual(OVERLOADED);
    // Writes too are shed before their body is read: nothing is created, the client may send it again.
    const write = await member.post('/api/requests', { title: 'x' });
    expect(write.statusCode).toBe(503);
    // The SPA's start-up calls are still served, and the heartbeat reads a busy database as up, not as an
    // outage (which would send every member to the maintenance page).
    const heartbeat = await member.get('/api/heartbeat');
    expect(heartbeat.statusCode).toBe(200);
    expect(heartbeat.json().data.status).toBe('UP');

    await held.release();
    // What queued meanwhile (the heartbeat's ping, the job queue's poll) drains in a moment.
    await vi.waitFor(() => expect(t.database.pressure().waiting).toBe(0));
    const again = await member.get('/api/all-info');
    expect(again.statusCode).toBe(200);
  });

  it.runIf(testDatabaseUrl())('answers 503, never 500, when a statement waited DATABASE_POOL_WAIT_MS for a connection', async () => {
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    // Every connection taken, nobody queued yet: the request passes the shedding check, then waits.
    const holders = Array.from({ length: t.config.DATABASE_POOL_SIZE }, () => t.database.db.transaction(async () => gate));
    await sleep(300);
    try {
      const started = performance.now();
      const res = await member.get('/api/all-info');
      expect(performance.now() - started).toBeGreaterThanOrEqual(900);
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBe('3');
      expect(res.json()).toEqual(OVERLOADED);
    } finally {
      open();
      await Promise.all(holders);
    }
  });
});

describe('a saturated event loop: 503 OVERLOADED', () => {
  it('sheds while the loop was late by more than OVERLOAD_EVENT_LOOP_DELAY_MS, and recovers within seconds', async () => {
    expect((await member.get('/api/all-info')).statusCode).toBe(200);
    const until = Date.now() + 1_300;
    while (Date.now() < until) {
      // The event loop held, as by a long synchronous computation.
    }
    await sleep(60);
    const res = await member.get('/api/all-info');
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('3');
    expect(res.json()).toEqual(OVERLOADED);

    await sleep(2_200);
    expect((await member.get('/api/all-info')).statusCode).toBe(200);
  });
});
