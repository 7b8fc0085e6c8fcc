import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registry } from '../src/lib/metrics';
import { KEPT_AFTER_ANONYMISATION, RETENTION, anonymiseMember, applyRetention } from '../src/modules/data-protection/public';
import { rowsOf } from '../src/modules/data-protection/anonymise-member';
import { DEMO_ACCOUNTS, createTestMember, signIn } from './support/auth';
import { memberIdOf } from './support/database';
import { OPERATOR_TOKEN, createTestApp, type ClockedTestApp } from './support/test-app';
import { sample } from './ops/ops-helper';

/**
 * The retention table (docs/data-protection.md) applied with a controlled clock: each rule removes what
 * is past its period, and nothing a day younger — nor anything still needed (an open request's files).
 */
const DAY = 24 * 3_600_000;
let t: ClockedTestApp;
let now: Date;
const ago = (days: number) => new Date(now.getTime() - days * DAY).toISOString();
/** A Paris calendar day, `years` years before now. */
const yearsAgo = (years: number, plusDays = 0) => {
  const d = new Date(now.getTime() + plusDays * DAY);
  d.setUTCFullYear(d.getUTCFullYear() - years);
  return d.toISOString().slice(0, 10);
};
const query = async <T>(statement: ReturnType<typeof sql>) => rowsOf<T>(await t.database.db.execute(statement));
const count = async (statement: ReturnType<typeof sql>) => Number((await query<{ n: number }>(statement))[0]!.n);

beforeAll(async () => {
  t = await createTestApp({ clock: 'manual', start: new Date('2027-06-15T10:00:00Z') });
  now = t.clock.now();
});
afterAll(() => t.close());

/** A member whose every contract ended on `outgoing` (YYYY-MM-DD), with a request holding one document. */
async function memberWhoLeft(outgoing: string | null, requestStatus: 'done' | 'in_progress' = 'done') {
  const member = await createTestMember(t);
  await t.database.db.execute(sql`UPDATE contracts SET incoming_date = '2010-01-01', outgoing_date = ${outgoing} WHERE member_id = ${member.memberId}`);
  await t.database.db.execute(sql`UPDATE beneficiaries SET birth_date = '1980-07-14' WHERE member_id = ${member.memberId}`);
  const [type] = await query<{ type_code: number }>(sql`SELECT type_code FROM request_types ORDER BY type_code LIMIT 1`);
  const groupId = randomUUID();
  const requestId = randomUUID();
  const fileId = randomUUID();
  await t.database.db.execute(sql`INSERT INTO request_groups (id, member_id) VALUES (${groupId}, ${member.memberId})`);
  await t.database.db.execute(
    sql`INSERT INTO requests (id, group_id, member_id, type_code, title, status_key) VALUES (${requestId}, ${groupId}, ${member.memberId}, ${type!.type_code}, 'Facture', ${requestStatus})`,
  );
  await t.database.db.execute(sql`INSERT INTO stored_files (id, member_id, request_id, origin, name, name_file, content_type, size_bytes, sha256)
    VALUES (${fileId}, ${member.memberId}, ${requestId}, 'member', 'ordonnance', 'ordonnance.pdf', 'application/pdf', 4, 'x')`);
  await t.database.db.execute(sql`INSERT INTO stored_file_contents (file_id, content) VALUES (${fileId}, '\\x25504446'::bytea)`);
  return { ...member, requestId, fileId };
}

const identityOf = async (memberId: string) => ({
  member: (
    await query<{ membership_number: string; anonymised_at: unknown }>(sql`SELECT membership_number, anonymised_at FROM members WHERE id = ${memberId}`)
  )[0],
  people: await query<{ first_name: string; sur_name: string; nir: string | null; nir_key: string | null; birth_date: string }>(
    sql`SELECT first_name, sur_name, nir, nir_key, birth_date::text FROM beneficiaries WHERE member_id = ${memberId}`,
  ),
  accounts: await count(sql`SELECT count(*) AS n FROM accounts WHERE member_id = ${memberId}`),
  contacts: await count(sql`SELECT count(*) AS n FROM contacts WHERE member_id = ${memberId}`),
  addresses: await count(sql`SELECT count(*) AS n FROM addresses WHERE member_id = ${memberId}`),
  files: await count(sql`SELECT count(*) AS n FROM stored_files WHERE member_id = ${memberId}`),
  contracts: await count(sql`SELECT count(*) AS n FROM contracts WHERE member_id = ${memberId}`),
});

describe('the retention rules, on a controlled clock', () => {
  it('purge expired sign-in steps, codes, links and counters — a day past their end, not before', async () => {
    const member = await createTestMember(t);
    const old = ago(RETENTION.expiredSecretsDays + 0.5);
    const recent = ago(RETENTION.expiredSecretsDays - 0.5);
    for (const [id, expires] of [
      [`old-${randomUUID()}`, old],
      [`new-${randomUUID()}`, recent],
    ] as const) {
      await t.database.db.execute(
        sql`INSERT INTO one_time_tokens (id, kind, member_id, tenant_id, created_at, expires_at) VALUES (${id}, 'PASSWORD_RESET', ${member.memberId}, 'mutua', ${ago(3)}, ${expires})`,
      );
      await t.database.db
        .execute(sql`INSERT INTO verification_challenges (tenant_id, member_id, purpose, channel, destination, binding, counter_key, expires_at, created_at)
        VALUES ('mutua', ${member.memberId}, 'SIGN_IN', 'EMAIL', ${member.login}, ${id}, ${id}, ${expires}, ${ago(3)})`);
      await t.database.db.execute(sql`INSERT INTO login_attempts (token_hash, account_id, member_id, tenant_id, candidate_emails, expires_at)
        VALUES (${id}, ${member.accountId}, ${member.memberId}, 'mutua', ARRAY[${member.login}], ${expires})`);
    }
    await t.database.db.execute(sql`INSERT INTO rate_limit_counters (key, hits, window_started_at, blocked_until) VALUES
      ('retention:old', 3, ${ago(2)}, NULL), ('retention:recent', 3, ${ago(0.5)}, NULL), ('retention:blocked', 9, ${ago(2)}, ${ago(-1)})`);

    const removed = await applyRetention(t.database.db, t.clock);

    expect(removed['expired-links']).toBeGreaterThanOrEqual(1);
    expect(await query(sql`SELECT id FROM one_time_tokens WHERE member_id = ${member.memberId}`)).toEqual([{ id: expect.stringMatching(/^new-/) }]);
    expect(await query(sql`SELECT binding FROM verification_challenges WHERE member_id = ${member.memberId}`)).toEqual([
      { binding: expect.stringMatching(/^new-/) },
    ]);
    expect(await query(sql`SELECT token_hash FROM login_attempts WHERE member_id = ${member.memberId}`)).toEqual([
      { token_hash: expect.stringMatching(/^new-/) },
    ]);
    expect((await query<{ key: string }>(sql`SELECT key FROM rate_limit_counters WHERE key LIKE 'retention:%' ORDER BY key`)).map((r) => r.key)).toEqual([
      'retention:blocked',
      'retention:recent',
    ]);
  });

  it('keep connection logs and audit rows one year, cookie choices thirteen months', async () => {
    const member = await createTestMember(t);
    const year = RETENTION.connectionLogDays;
    for (const [id, seen] of [
      ['s-old', ago(year + 1)],
      ['s-ended-old', ago(year + 30)],
      ['s-recent', ago(year - 1)],
    ] as const) {
      await t.database.db.execute(sql`INSERT INTO sessions (id, account_id, member_id, tenant_id, created_at, last_seen_at, ended_at, ip)
        VALUES (${`${id}-${member.memberId}`}, ${member.accountId}, ${member.memberId}, 'mutua', ${seen}, ${seen}, ${id === 's-ended-old' ? seen : null}, '203.0.113.9')`);
    }
    const visitor = randomUUID();
    await t.database.db.execute(sql`INSERT INTO cookie_consents (tenant_id, visitor_id, analytics, decided_at) VALUES
      ('mutua', ${visitor}, true, ${ago(RETENTION.cookieChoiceDays + 1)}), ('mutua', ${visitor}, false, ${ago(RETENTION.cookieChoiceDays - 1)})`);
    await t.database.db.execute(sql`INSERT INTO audit_events (at, tenant_id, member_id, kind, ip) VALUES
      (${ago(RETENTION.auditDays + 1)}, 'mutua', ${member.memberId}, 'LOGIN_FAILED', '203.0.113.9'),
      (${ago(RETENTION.auditDays - 1)}, 'mutua', ${member.memberId}, 'SESSION_OPENED', '203.0.113.9')`);

    await applyRetention(t.database.db, t.clock);

    expect((await query<{ id: string }>(sql`SELECT id FROM sessions WHERE member_id = ${member.memberId}`)).map((r) => r.id)).toEqual([
      `s-recent-${member.memberId}`,
    ]);
    expect((await query<{ kind: string }>(sql`SELECT kind FROM audit_events WHERE member_id = ${member.memberId}`)).map((r) => r.kind)).toEqual([
      'SESSION_OPENED',
    ]);
    expect(await query(sql`SELECT analytics FROM cookie_consents WHERE visitor_id = ${visitor}`)).toEqual([{ analytics: false }]);
  });

  it('anonymise members who left more than five years ago and delete their documents; keep those who left since, and the refunds of ten years', async () => {
    const longGone = await memberWhoLeft(yearsAgo(RETENTION.memberAfterLeavingYears, -1));
    const recentlyGone = await memberWhoLeft(yearsAgo(RETENTION.memberAfterLeavingYears, +1));
    const stillCovered = await memberWhoLeft(null);
    // Refunds: one paid 9 years ago (an accounting piece: kept, even once anonymised), one 11 years ago.
    const [person] = await query<{ id: string }>(sql`SELECT id FROM beneficiaries WHERE member_id = ${longGone.memberId}`);
    for (const [reference, paid] of [
      ['RET-9Y', yearsAgo(9)],
      ['RET-11Y', yearsAgo(11)],
    ] as const) {
      await t.database.db.execute(sql`INSERT INTO refunds SELECT (json_populate_record(r, json_build_object(
          'id', gen_random_uuid(), 'member_id', ${longGone.memberId}::uuid, 'beneficiary_id', ${person!.id}::uuid,
          'reference', ${reference}::text, 'care_date', ${paid}::date, 'payment_date', ${paid}::date))).*
        FROM refunds r LIMIT 1`);
    }

    const removed = await applyRetention(t.database.db, t.clock);
    expect(removed['members-who-left']).toBeGreaterThanOrEqual(1);

    const gone = await identityOf(longGone.memberId);
    expect(gone.member).toEqual({ membership_number: longGone.membershipNumber, anonymised_at: expect.anything() });
    expect(gone.people).toEqual([{ first_name: 'ANONYME', sur_name: 'ANONYME', nir: null, nir_key: null, birth_date: '1980-01-01' }]);
    expect(gone).toMatchObject({ accounts: 0, contacts: 0, addresses: 0, files: 0, contracts: 1 });
    expect(await count(sql`SELECT count(*) AS n FROM stored_file_contents WHERE file_id = ${longGone.fileId}`)).toBe(0);
    expect(await count(sql`SELECT count(*) AS n FROM requests WHERE member_id = ${longGone.memberId}`)).toBe(0);
    expect((await query<{ reference: string }>(sql`SELECT reference FROM refunds WHERE member_id = ${longGone.memberId}`)).map((r) => r.reference)).toEqual([
      'RET-9Y',
    ]);
    // Nothing of the member's identity is left anywhere in their rows.
    const dump = JSON.stringify(await query(sql`SELECT row_to_json(b) FROM beneficiaries b WHERE member_id = ${longGone.memberId}`));
    expect(dump).not.toContain(longGone.surName);
    expect(dump).not.toContain(longGone.nir);

    for (const kept of [recentlyGone, stillCovered]) {
      expect(await identityOf(kept.memberId)).toMatchObject({
        member: { membership_number: kept.membershipNumber, anonymised_at: null },
        accounts: 1,
        contacts: 1,
        files: 1,
      });
    }
    const camille = await memberIdOf(t.database.db, 'mutua', DEMO_ACCOUNTS.camille.membershipNumber);
    expect((await identityOf(camille)).member?.anonymised_at).toBeNull();
  });

  it('keep a member who left long ago while a request of theirs is open — its documents stay — and anonymise them once it is closed', async () => {
    const waiting = await memberWhoLeft(yearsAgo(RETENTION.memberAfterLeavingYears + 1), 'in_progress');
    await applyRetention(t.database.db, t.clock);
    expect(await identityOf(waiting.memberId)).toMatchObject({ member: { anonymised_at: null }, accounts: 1, files: 1 });
    expect(await count(sql`SELECT count(*) AS n FROM stored_file_contents WHERE file_id = ${waiting.fileId}`)).toBe(1);

    await t.database.db.execute(sql`UPDATE requests SET status_key = 'done' WHERE id = ${waiting.requestId}`);
    await applyRetention(t.database.db, t.clock);
    expect(await identityOf(waiting.memberId)).toMatchObject({ member: { anonymised_at: expect.anything() }, accounts: 0, files: 0 });
  });

  it('records every run, and the metrics say when the last one finished and what it removed', async () => {
    t.clock.advance(60_000);
    const removed = await applyRetention(t.database.db, t.clock);
    const [run] = await query<{ removed: Record<string, number>; finished_at: string | Date }>(
      sql`SELECT removed, finished_at FROM retention_runs ORDER BY started_at DESC LIMIT 1`,
    );
    expect(run!.removed).toEqual(removed);
    expect(Object.keys(run!.removed).sort()).toEqual(
      [
        'accounting',
        'audit',
        'connection-logs',
        'cookie-choices',
        'dev-outbox',
        'expired-codes',
        'expired-links',
        'expired-sign-in-steps',
        'members-who-left',
        'rate-limit-counters',
      ].sort(),
    );
    const text = await registry.metrics();
    expect(sample(text, 'mutua_retention_last_run_timestamp_seconds')).toBe(new Date(run!.finished_at).getTime() / 1000);
    expect(sample(text, 'mutua_retention_removed_total', { rule: 'members-who-left' })).toBeGreaterThanOrEqual(2);
  });
});

describe('the nightly schedule and the operator’s run', () => {
  it('is a pg-boss cron schedule of the retention queue, every night at 03:30 Paris time', async () => {
    const rows = await query<{ name: string; cron: string; timezone: string }>(sql`SELECT name, cron, timezone FROM pgboss.schedule WHERE name = 'retention'`);
    expect(rows).toEqual([{ name: 'retention', cron: '30 3 * * *', timezone: 'Europe/Paris' }]);
  });

  it('sends the payment batch on the same queue schedule, at the top of every hour', async () => {
    const rows = await query<{ name: string; cron: string; timezone: string }>(
      sql`SELECT name, cron, timezone FROM pgboss.schedule WHERE name = 'payment-batch'`,
    );
    expect(rows).toEqual([{ name: 'payment-batch', cron: '0 * * * *', timezone: 'Europe/Paris' }]);
  });

  it('runs on demand for the operator only', async () => {
    const refused = await t.app.inject({ method: 'POST', url: '/api/ops/retention', remoteAddress: '127.0.0.1' });
    expect([401, 403]).toContain(refused.statusCode);
    const member = await signIn(t, DEMO_ACCOUNTS.camille.membershipNumber);
    expect((await member.post('/api/ops/retention')).statusCode).toBeGreaterThanOrEqual(400);
    const ran = await t.app.inject({
      method: 'POST',
      url: '/api/ops/retention',
      remoteAddress: '127.0.0.1',
      headers: { authorization: `Bearer ${OPERATOR_TOKEN}` },
    });
    expect(ran.statusCode, ran.body).toBe(200);
    expect(ran.json().data.removed).toHaveProperty('members-who-left');
  });
});

describe('anonymiseMember', () => {
  it('touches only the member of the tenant given, once', async () => {
    const member = await createTestMember(t);
    expect(await anonymiseMember(t.database.db, 'azur', member.memberId, t.clock)).toBeNull();
    expect((await identityOf(member.memberId)).accounts).toBe(1);
    const done = await anonymiseMember(t.database.db, 'mutua', member.memberId, t.clock);
    expect(done?.erased).toMatchObject({ accounts: 1, contacts: 1, addresses: 1 });
    expect(await anonymiseMember(t.database.db, 'mutua', member.memberId, t.clock)).toBeNull();
  });

  it('keeps only the tables it lists, all of which exist', async () => {
    const tables = (await query<{ table_name: string }>(sql`SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema()`)).map(
      (r) => r.table_name,
    );
    for (const kept of KEPT_AFTER_ANONYMISATION) expect(tables, kept).toContain(kept);
  });
});
