// The periods live in contracts: the portal states them to a member closing their account.
import { RETENTION } from '@mutua/contracts/retention';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { retentionRuns } from './schema';
import { HOUR_MS, parisDate, type Clock } from '../../lib/clock';
import { metrics } from '../../lib/metrics';
import { anonymiseMember, rowCount, rowsOf } from './anonymise-member';

/** One rule: its name (metrics label, retention_runs.removed key) and what it removes as of `now`. */
type Rule = { name: string; run(db: Db, now: Date, clock: Clock): Promise<number> };

const daysBefore = (now: Date, days: number) => new Date(now.getTime() - days * 24 * HOUR_MS).toISOString();
/** The Paris calendar day `years` years before now (contract and refund dates are days; 29 February gives the 28th). */
const yearsBefore = (now: Date, years: number) => sql`(${parisDate(now)}::date - make_interval(years => ${years}))::date`;
const deleted = async (db: Db, statement: SQL) => rowCount(await db.execute(statement));

export const RETENTION_RULES: readonly Rule[] = [
  {
    name: 'expired-sign-in-steps',
    run: (db, now) => deleted(db, sql`DELETE FROM login_attempts WHERE expires_at < ${daysBefore(now, RETENTION.expiredSecretsDays)}`),
  },
  {
    name: 'expired-codes',
    run: (db, now) => deleted(db, sql`DELETE FROM verification_challenges WHERE expires_at < ${daysBefore(now, RETENTION.expiredSecretsDays)}`),
  },
  {
    name: 'expired-links',
    run: async (db, now) => {
      const before = daysBefore(now, RETENTION.expiredSecretsDays);
      return (
        (await deleted(db, sql`DELETE FROM one_time_tokens WHERE expires_at < ${before}`)) +
        (await deleted(db, sql`DELETE FROM handoff_tokens WHERE expires_at < ${before}`)) +
        (await deleted(db, sql`DELETE FROM adviser_codes WHERE expires_at < ${before}`)) +
        (await deleted(db, sql`DELETE FROM contact_changes WHERE confirmed_at IS NULL AND expires_at < ${before}`))
      );
    },
  },
  {
    name: 'rate-limit-counters',
    run: async (db, now) => {
      const before = daysBefore(now, RETENTION.countersDays);
      return (
        (await deleted(
          db,
          sql`DELETE FROM rate_limit_counters WHERE window_started_at < ${before} AND (blocked_until IS NULL OR blocked_until < ${now.toISOString()})`,
        )) +
        (await deleted(
          db,
          sql`DELETE FROM verification_counters WHERE updated_at < ${before} AND (blocked_until IS NULL OR blocked_until < ${now.toISOString()})`,
        ))
      );
    },
  },
  {
    name: 'connection-logs',
    run: async (db, now) => {
      const before = daysBefore(now, RETENTION.connectionLogDays);
      return (
        (await deleted(db, sql`DELETE FROM sessions WHERE coalesce(ended_at, last_seen_at) < ${before}`)) +
        (await deleted(db, sql`DELETE FROM staff_sessions WHERE coalesce(ended_at, last_seen_at) < ${before}`))
      );
    },
  },
  {
    name: 'audit',
    run: (db, now) => deleted(db, sql`DELETE FROM audit_events WHERE at < ${daysBefore(now, RETENTION.auditDays)}`),
  },
  {
    name: 'cookie-choices',
    run: (db, now) => deleted(db, sql`DELETE FROM cookie_consents WHERE decided_at < ${daysBefore(now, RETENTION.cookieChoiceDays)}`),
  },
  {
    name: 'dev-outbox',
    run: (db, now) => deleted(db, sql`DELETE FROM dev_outbox WHERE created_at < ${daysBefore(now, RETENTION.devOutboxDays)}`),
  },
  {
    name: 'members-who-left',
    run: async (db, now, clock) => {
      // Every contract ended before the cut-off, and no request still open: what is still needed stays.
      const left = rowsOf<{ id: string; tenant_id: string }>(
        await db.execute(sql`SELECT m.id, m.tenant_id FROM members m
          WHERE m.anonymised_at IS NULL
            AND EXISTS (SELECT 1 FROM contracts c WHERE c.member_id = m.id)
            AND NOT EXISTS (SELECT 1 FROM contracts c WHERE c.member_id = m.id
                              AND (c.outgoing_date IS NULL OR c.outgoing_date >= ${yearsBefore(now, RETENTION.memberAfterLeavingYears)}))
            AND NOT EXISTS (SELECT 1 FROM requests r WHERE r.member_id = m.id AND r.status_key <> 'done')`),
      );
      let anonymised = 0;
      for (const member of left) if (await anonymiseMember(db, member.tenant_id, member.id, clock)) anonymised++;
      return anonymised;
    },
  },
  {
    name: 'accounting',
    run: async (db, now) => {
      const before = yearsBefore(now, RETENTION.accountingYears);
      return (
        (await deleted(db, sql`DELETE FROM refunds WHERE coalesce(payment_date, care_date) < ${before}`)) +
        (await deleted(db, sql`DELETE FROM payment_schedule_debits WHERE debit_date < ${before}`))
      );
    },
  },
];

/**
 * Applies every rule as of the clock's now, each on its own (one failing does not keep the others
 * from running; the run fails after them, and the job is retried), and records the run with what each
 * removed.
 */
export async function applyRetention(db: Db, clock: Clock): Promise<Record<string, number>> {
  const now = clock.now();
  const [run] = await db.insert(retentionRuns).values({ startedAt: now }).returning({ id: retentionRuns.id });
  const removed: Record<string, number> = {};
  const failed: unknown[] = [];
  for (const rule of RETENTION_RULES) {
    try {
      removed[rule.name] = await rule.run(db, now, clock);
      metrics.retention.inc({ rule: rule.name }, removed[rule.name]);
    } catch (error) {
      failed.push(error);
    }
  }
  if (failed.length) throw new AggregateError(failed, `retention: ${failed.length} rule(s) failed`);
  await db.execute(
    sql`UPDATE retention_runs SET finished_at = ${clock.now().toISOString()}, removed = ${JSON.stringify(removed)}::jsonb WHERE id = ${run!.id}`,
  );
  return removed;
}
