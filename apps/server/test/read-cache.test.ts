import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import type { Database } from '../src/db/client';
import { beneficiaries, memberAlerts, noemieStates, sessions, tenantAnnouncements } from '../src/db/schema';
import { ReadCache } from '../src/lib/read-cache';
import { systemClock } from '../src/lib/clock';
import { DEMO_ACCOUNTS, signIn } from './support/auth';
import { memberIdOf, testDatabaseUrl } from './support/database';
import { TestClient, ManualClock, createTestApp, type ClockedTestApp } from './support/test-app';

/** A stand-in database whose change notices the test sends by hand. */
function fakeFeed() {
  let send: (payload: string) => void = () => {};
  let state: (live: boolean) => void = () => {};
  const database = {
    listen: async (_channel: string, onMessage: (payload: string) => void, onState: (live: boolean) => void) => {
      send = onMessage;
      state = onState;
      onState(true);
      return async () => {};
    },
  } as unknown as Database;
  return { database, notice: (payload: string) => send(payload), setLive: (live: boolean) => state(live) };
}

function counting<T>(value: () => T) {
  const load = async () => {
    load.calls++;
    return value();
  };
  load.calls = 0;
  return load;
}

describe('ReadCache', () => {
  it('keeps a read until a notice names its member, tenant or session, or everything', async () => {
    const feed = fakeFeed();
    const cache = await ReadCache.listening(feed.database, systemClock);
    const load = counting(() => 'v');
    const read = () => cache.get('k', ['m:a', 't:mutua', 's:x'], load);
    await read();
    await read();
    expect(load.calls).toBe(1);
    for (const [payload, reloads] of [
      ['m:b,c', false],
      ['t:azur', false],
      ['m:b,a', true],
      ['t:mutua', true],
      ['s:x', true],
      ['*', true],
      ['garbage', true],
    ] as const) {
      const before = load.calls;
      feed.notice(payload);
      await read();
      expect(load.calls - before, payload).toBe(reloads ? 1 : 0);
    }
  });

  it('does not keep a load a notice overtook, nor null, and shares one load between requests that miss together', async () => {
    const feed = fakeFeed();
    const cache = await ReadCache.listening(feed.database, systemClock);
    let release!: (value: string) => void;
    const slow = cache.get('k', ['m:a'], () => new Promise<string>((resolve) => (release = resolve)));
    const shared = cache.get('k', ['m:a'], async () => 'never called');
    feed.notice('m:a'); // a change committed while the load read the old rows
    release('old');
    expect(await slow).toBe('old');
    expect(await shared).toBe('old');
    expect(cache.size).toBe(0);

    const load = counting(() => null);
    await cache.get('n', ['m:a'], load);
    await cache.get('n', ['m:a'], load);
    expect(load.calls).toBe(2);
  });

  it('keeps nothing while notices may be missed, and forgets everything kept before', async () => {
    const feed = fakeFeed();
    const cache = await ReadCache.listening(feed.database, systemClock);
    const load = counting(() => 'v');
    await cache.get('k', ['m:a'], load);
    feed.setLive(false);
    await cache.get('k', ['m:a'], load);
    await cache.get('k', ['m:a'], load);
    expect(load.calls).toBe(3);
    feed.setLive(true);
    await cache.get('k', ['m:a'], load);
    await cache.get('k', ['m:a'], load);
    expect(load.calls).toBe(4);
  });

  it('reloads after its time to live (or a clock moved back), and drops the least recently used beyond its size', async () => {
    const feed = fakeFeed();
    const clock = new ManualClock(new Date('2026-11-24T10:00:00Z'));
    const cache = await ReadCache.listening(feed.database, clock, { ttlMs: 30_000, maxEntries: 2 });
    const load = counting(() => 'v');
    await cache.get('k', ['m:a'], load);
    clock.advance(29_000);
    await cache.get('k', ['m:a'], load);
    expect(load.calls).toBe(1);
    clock.advance(1_000);
    await cache.get('k', ['m:a'], load);
    expect(load.calls).toBe(2);
    clock.advance(-5_000);
    await cache.get('k', ['m:a'], load);
    expect(load.calls).toBe(3);

    const other = counting(() => 'w');
    await cache.get('k2', ['m:b'], other);
    await cache.get('k', ['m:a'], load); // k used last: k2 is the one dropped
    await cache.get('k3', ['m:c'], other);
    expect(cache.size).toBe(2);
    await cache.get('k', ['m:a'], load);
    expect(load.calls).toBe(3);
    await cache.get('k2', ['m:b'], other);
    expect(other.calls).toBe(3);
  });

  it('keeps nothing when off', async () => {
    const cache = ReadCache.off(systemClock);
    const load = counting(() => 'v');
    await cache.get('k', ['m:a'], load);
    await cache.get('k', ['m:a'], load);
    expect(load.calls).toBe(2);
  });
});

/**
 * Tables whose changes never alter a cached read, so no change notice: logs, security counters and
 * tokens, the back office's own rows, file bytes (their rows are watched). Every other table of the
 * schema carries the triggers of watch_changes() (migration 0119).
 */
const UNWATCHED = [
  'accessibility_reports',
  'audit_events',
  'bo_approval_files',
  'case_notes',
  'case_sla',
  'cookie_consents',
  'dev_outbox',
  'establishment_imports',
  'handoff_tokens',
  'login_attempts',
  'one_time_tokens',
  'rate_limit_counters',
  'retention_runs',
  'schema_migrations',
  'seed_runs',
  'signature_events',
  'signature_evidence',
  'staff',
  'staff_sessions',
  'staff_tenants',
  'stored_file_contents',
  'tenant_data_keys',
  'verification_challenges',
  'verification_counters',
  'wallet_registrations',
];

describe('the read cache of the app (READ_CACHE=on)', () => {
  let t: ClockedTestApp;
  const { camille } = DEMO_ACCOUNTS;
  let memberId: string;
  beforeAll(async () => {
    t = await createTestApp({ clock: 'manual', env: { READ_CACHE: 'on' } });
    memberId = await memberIdOf(t.database.db, camille.tenantId, camille.membershipNumber);
  });
  afterAll(() => t.close());

  it('is fed by a change trigger on every table a read may depend on', async () => {
    const result = (await t.database.db.execute(sql`
      select c.relname as table_name, count(tg.tgname)::int as triggers
      from pg_class c
      join pg_namespace n on n.oid = c.relnamespace and n.nspname = 'public'
      left join pg_trigger tg on tg.tgrelid = c.oid and tg.tgname like 'mutua_changes_%'
      where c.relkind in ('r', 'p')
      group by c.relname order by c.relname`)) as unknown as { rows: { table_name: string; triggers: number }[] };
    const list = result.rows;
    const unwatched = list.filter((r) => r.triggers === 0).map((r) => r.table_name);
    expect(unwatched, 'a new table: watch_changes() in its migration, or list it here with why').toEqual(UNWATCHED);
    for (const r of list.filter((r) => r.triggers > 0)) expect(r.triggers, r.table_name).toBe(4);
  });

  it('shows a change written straight into the database (a job, the back office, another instance) once its notice is in', async () => {
    const client = await signIn(t, camille.membershipNumber);
    const before = await client.get('/api/all-info');
    expect(before.statusCode).toBe(200);
    expect(before.body.includes('Alerte du test de cache')).toBe(false);
    expect(t.app.readCache.isLive).toBe(true);
    expect(t.app.readCache.size).toBeGreaterThan(0);

    await t.database.db.insert(memberAlerts).values({
      tenantId: camille.tenantId,
      memberId,
      level: 'info',
      title: 'Alerte du test de cache',
      message: 'Un message.',
      startsAt: new Date(t.clock.now().getTime() - 86_400_000),
    });
    await t.app.readCache.sync();
    const alerted = await client.get('/api/all-info');
    expect(alerted.body.includes('Alerte du test de cache')).toBe(true);

    // A tenant's data: its announcement.
    await t.database.db
      .insert(tenantAnnouncements)
      .values({ tenantId: camille.tenantId, message: 'Annonce du test de cache', displayed: true })
      .onConflictDoUpdate({
        target: tenantAnnouncements.tenantId,
        set: { message: 'Annonce du test de cache', displayed: true, startsAt: null, endsAt: null },
      });
    await t.app.readCache.sync();
    expect((await client.get('/api/all-info')).body.includes('Annonce du test de cache')).toBe(true);

    // Reference data of the tenant, shared by its members (kept apart from each member's details).
    const faqTitle = async () =>
      ((await client.get('/api/all-info')).json().data as { faqCategories: { id: string; title: string }[] }).faqCategories.find(
        (c) => c.id === 'remboursements',
      )?.title;
    expect(await faqTitle()).toBe('Mes remboursements');
    await t.database.db.execute(
      sql`update faq_categories set title = 'Remboursements (test de cache)' where tenant_id = ${camille.tenantId} and id = 'remboursements'`,
    );
    await t.app.readCache.sync();
    expect(await faqTitle()).toBe('Remboursements (test de cache)');
    await t.database.db.execute(sql`update faq_categories set title = 'Mes remboursements' where tenant_id = ${camille.tenantId} and id = 'remboursements'`);

    // A row reached through a parent: a beneficiary's NOEMIE state names no member itself.
    const [child] = await t.database.db
      .select()
      .from(beneficiaries)
      .where(and(eq(beneficiaries.memberId, memberId), eq(beneficiaries.insured, true)));
    const states = () =>
      client
        .get('/api/all-info')
        .then((r) => (r.json().data as { noemieStateDtoList: { beneficiaryId: string; reason: string | null; since: string | null }[] }).noemieStateDtoList);
    await t.database.db.delete(noemieStates).where(eq(noemieStates.beneficiaryId, child!.id));
    await t.app.readCache.sync();
    // Without the fund's answer the person's state has no date any more.
    expect((await states()).find((s) => s.beneficiaryId === child!.id)?.since).toBeNull();
    await t.database.db.insert(noemieStates).values({ beneficiaryId: child!.id, state: 'REJECTED', reason: 'Raison du test de cache', since: '2026-11-01' });
    await t.app.readCache.sync();
    expect((await states()).find((s) => s.beneficiaryId === child!.id)?.reason).toBe('Raison du test de cache');
  });

  it("shows a member's own write on the very next read, without waiting for a notice", async () => {
    const client = await signIn(t, camille.membershipNumber);
    const insured = async () => ((await client.get('/api/all-info')).json().data as { insured: { finishedTutorial: boolean } }).insured;
    await t.database.db.execute(sql`update accounts set finished_tutorial = false where member_id = ${memberId}`);
    await t.app.readCache.sync();
    expect((await insured()).finishedTutorial).toBe(false);
    expect((await client.post('/api/auth/tutorial/finished')).statusCode).toBe(200);
    expect((await insured()).finishedTutorial).toBe(true);
  });

  it('refuses a session the moment it is logged out, and once ended in the database, whoever ended it', async () => {
    const client = await signIn(t, camille.membershipNumber);
    expect((await client.get('/api/all-info')).statusCode).toBe(200);
    const cookies = new Map(client.cookies);
    expect((await client.get('/api/auth/logout')).statusCode).toBeLessThan(400);
    for (const [name, value] of cookies) client.cookies.set(name, value);
    expect((await client.get('/api/all-info')).statusCode).toBe(401);

    const other = await signIn(t, camille.membershipNumber);
    expect((await other.get('/api/refunds')).statusCode).toBe(200);
    await t.database.db.update(sessions).set({ endedAt: new Date(), endReason: 'LOGOUT' }).where(eq(sessions.memberId, memberId));
    await t.app.readCache.sync();
    expect((await other.get('/api/refunds')).statusCode).toBe(401);
  });

  it('keeps the first page of refunds until one of them changes', async () => {
    const client = await signIn(t, camille.membershipNumber);
    const first = (await client.get('/api/refunds')).json().data as { items: { id: string; reference: string }[] };
    expect(first.items.length).toBeGreaterThan(0);
    const refund = first.items[0]!;
    await t.database.db.execute(sql`update refunds set reference = 'REF-CACHE-TEST' where id = ${refund.id}`);
    await t.app.readCache.sync();
    const again = (await client.get('/api/refunds')).json().data as { items: { id: string; reference: string }[] };
    expect(again.items.find((r) => r.id === refund.id)?.reference).toBe('REF-CACHE-TEST');
    await t.database.db.execute(sql`update refunds set reference = ${refund.reference} where id = ${refund.id}`);
  });

  it('drops what another instance kept once its notice is in: a write, a logout', async () => {
    // A second instance of the app on the same database, with its own listener.
    const other = await buildApp({ config: t.config, database: t.database, operatorToken: t.operatorToken, clock: t.clock });
    await other.ready();
    try {
      const client = await signIn(t, camille.membershipNumber);
      const onOther = new TestClient(other);
      for (const [name, value] of client.cookies) onOther.cookies.set(name, value);
      await t.database.db.execute(sql`update accounts set finished_tutorial = false where member_id = ${memberId}`);
      await other.readCache.sync();
      const tutorialOnOther = async () =>
        ((await onOther.get('/api/all-info')).json().data as { insured: { finishedTutorial: boolean } }).insured.finishedTutorial;
      expect(await tutorialOnOther()).toBe(false);
      expect(other.readCache.size).toBeGreaterThan(0);

      expect((await client.post('/api/auth/tutorial/finished')).statusCode).toBe(200);
      await other.readCache.sync();
      expect(await tutorialOnOther()).toBe(true);

      expect((await client.get('/api/auth/logout')).statusCode).toBeLessThan(400);
      await other.readCache.sync();
      expect((await onOther.get('/api/all-info')).statusCode).toBe(401);
    } finally {
      await other.close();
    }
  });

  // On a PostgreSQL server only: PGlite's listener is its one in-process connection, never lost.
  if (testDatabaseUrl()) {
    it('forgets everything when its listening connection is lost, and listens again by itself', async () => {
      const client = await signIn(t, camille.membershipNumber);
      expect((await client.get('/api/all-info')).statusCode).toBe(200);
      expect(t.app.readCache.size).toBeGreaterThan(0);
      await t.database.db.execute(sql`select pg_terminate_backend(pid) from pg_stat_activity
        where application_name = 'mutua-listen-mutua_changes' and datname = current_database()`);
      await expect.poll(() => t.app.readCache.isLive, { timeout: 5_000 }).toBe(false);
      expect(t.app.readCache.size).toBe(0);
      await expect.poll(() => t.app.readCache.isLive, { timeout: 10_000 }).toBe(true);
      await client.get('/api/all-info');
      expect(t.app.readCache.size).toBeGreaterThan(0);
    });
  }
});
