import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registry } from '../../src/lib/metrics';
import { AuthClient, DEMO_ACCOUNTS, createTestMember, signIn } from '../support/auth';
import { createTestApp, type TestApp } from '../support/test-app';
import { sample } from './ops-helper';

/** What one scrape would read now. */
const scrape = () => registry.metrics();

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { READ_CACHE: 'on' } });
});
afterAll(() => t.close());

describe('/metrics after a journey', () => {
  it('counts answers and their time by route pattern and status — never by URL', async () => {
    const camille = await signIn(t, DEMO_ACCOUNTS.camille.membershipNumber);
    const before = await scrape();
    const labels = { route: '/api/postal-codes/:code', method: 'GET', status: '200' };
    const was = sample(before, 'mutua_http_requests_total', labels) ?? 0;
    expect((await camille.get('/api/postal-codes/01400')).statusCode).toBe(200);
    expect((await camille.get('/api/postal-codes/75011')).statusCode).toBe(200);
    expect((await camille.get('/api/postal-codes/7501')).statusCode).toBe(400);
    const after = await scrape();
    expect(sample(after, 'mutua_http_requests_total', labels)).toBe(was + 2);
    expect(sample(after, 'mutua_http_requests_total', { ...labels, status: '400' })).toBeGreaterThanOrEqual(1);
    expect(sample(after, 'mutua_http_request_duration_seconds_count', labels)).toBe(was + 2);
    expect(sample(after, 'mutua_http_request_duration_seconds_bucket', { ...labels, le: '+Inf' })).toBe(was + 2);
    expect(after).not.toContain('75011');
    expect(after).not.toContain(DEMO_ACCOUNTS.camille.membershipNumber);
  });

  it('counts the read cache’s hits and misses', async () => {
    const camille = await signIn(t, DEMO_ACCOUNTS.camille.membershipNumber);
    const before = await scrape();
    const hits = sample(before, 'mutua_read_cache_lookups_total', { result: 'hit' }) ?? 0;
    const misses = sample(before, 'mutua_read_cache_lookups_total', { result: 'miss' }) ?? 0;
    expect((await camille.get('/api/all-info')).statusCode).toBe(200);
    expect((await camille.get('/api/all-info')).statusCode).toBe(200);
    const after = await scrape();
    expect(sample(after, 'mutua_read_cache_lookups_total', { result: 'miss' })).toBeGreaterThan(misses);
    expect(sample(after, 'mutua_read_cache_lookups_total', { result: 'hit' })).toBeGreaterThan(hits);
  });

  it('counts wrong passwords, the block that follows, and the codes mailed', async () => {
    const member = await createTestMember(t);
    const before = await scrape();
    const failures = sample(before, 'mutua_sign_in_failures_total', { step: 'password' }) ?? 0;
    const lockouts = sample(before, 'mutua_sign_in_lockouts_total', { step: 'password' }) ?? 0;
    const mailed = sample(before, 'mutua_messages_total', { channel: 'email', outcome: 'sent' }) ?? 0;
    const client = await AuthClient.open(t.app, { ip: '203.0.113.77' });
    for (let i = 0; i < 5; i++) await client.login(member.login, 'Wrong-password-123');
    const after = await scrape();
    expect(sample(after, 'mutua_sign_in_failures_total', { step: 'password' })).toBe(failures + 5);
    expect(sample(after, 'mutua_sign_in_lockouts_total', { step: 'password' })).toBe(lockouts + 1);
    expect(after).not.toContain(member.login);

    await signIn(t, DEMO_ACCOUNTS.camille.membershipNumber);
    expect(sample(await scrape(), 'mutua_messages_total', { channel: 'email', outcome: 'sent' })).toBeGreaterThan(mailed);
  });

  it('reads the pool and the job queues of the running app at scrape time', async () => {
    const text = await scrape();
    expect(sample(text, 'mutua_db_pool_in_use')).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'mutua_db_pool_waiting')).toBe(0);
    expect(sample(text, 'mutua_job_queue_waiting', { queue: 'deliver' })).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'mutua_job_queue_oldest_waiting_seconds', { queue: 'deliver' })).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'mutua_job_queue_active', { queue: 'tasks' })).toBeGreaterThanOrEqual(0);
    // The families another part of the app feeds are declared from the start (a rate over nothing is 0, not absent).
    for (const family of ['mutua_app_pages_total', 'mutua_requests_shed_total', 'mutua_automatic_decisions_total'])
      expect(text).toContain(`# TYPE ${family} counter`);
  });
});
