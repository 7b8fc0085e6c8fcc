import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Database } from '../src/db/client';
import { HOUR_MS } from '../src/lib/clock';
import { Counters } from '../src/core/counters';
import { freshDatabase } from './support/database';

let database: Database;
let drop: () => Promise<void>;
beforeAll(async () => ({ database, drop } = await freshDatabase()));
afterAll(() => drop());

it('purges counters whose window and block ended more than a day ago, and keeps the others', async () => {
  let now = new Date('2026-11-01T10:00:00Z');
  const counters = new Counters(database.db, { now: () => now });
  const rule = { windowMs: HOUR_MS, max: 2, blockMs: 3 * HOUR_MS };
  await counters.hit('ip:old', rule);
  await counters.hit('ip:blocked-long', { ...rule, blockMs: 72 * HOUR_MS });
  await counters.hit('ip:blocked-long', { ...rule, blockMs: 72 * HOUR_MS });

  now = new Date('2026-11-02T12:00:00Z'); // 26 h later
  await counters.hit('ip:fresh', rule);
  expect(await counters.purgeStale()).toBe(1);

  expect(await counters.blockedUntil('ip:blocked-long')).not.toBeNull();
  expect((await counters.hit('ip:fresh', rule)).hits).toBe(2);
  expect((await counters.hit('ip:old', rule)).hits).toBe(1);
});
