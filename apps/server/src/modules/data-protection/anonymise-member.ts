import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';

/**
 * Tables whose rows of a member stay once the member is anonymised: the accounting pieces (refunds,
 * debits: 10 years, Code de commerce L123-22) and the contract history they rest on, tied to a member
 * who has no name, no NIR, no contact any more. audit_events keeps its own period (docs/data-protection.md).
 * Every other table holding a `member_id` is erased — a new table too, unless it is added here with why.
 */
export const KEPT_AFTER_ANONYMISATION = [
  'members',
  'beneficiaries',
  'contracts',
  'contract_options',
  'beneficiary_products',
  'refunds',
  'refund_cancellations',
  'payment_schedule_debits',
  'allowance_counters',
  'audit_events',
  // Staff accounts: an employee's link to a member file, not the member's data.
  'staff',
] as const;

/** Erased first: they reference other erased rows without a cascade (a mandate, its change of bank details). */
const ERASED_FIRST = ['sepa_mandates'];

/** Columns of a covered person kept for statistics (age band, sex, scheme) once names and NIR are gone. */
const BENEFICIARY_COLUMNS_KEPT = new Set([
  'id',
  'member_id',
  'family_position',
  'rank',
  'sex',
  'regime',
  'insured',
  'teletransmission',
  'other_mutual',
  'use_main_bank_details',
]);

export type Anonymisation = { memberId: string; erased: Record<string, number> } | null;

/**
 * Removes a member's identity for good, in one transaction: every row of theirs outside
 * KEPT_AFTER_ANONYMISATION erased (account and sessions, contacts, addresses, bank details and mandates,
 * requests with their messages and documents, codes…), every covered person's names and identifiers
 * blanked (birth date cut to its year). Null when the member is not
 * there (another tenant's, or already anonymised).
 *
 * The retention job calls it for members who left long enough ago; the closure of an account may call
 * it too — what it keeps is what the law asks to keep whatever the reason of the departure.
 */
export async function anonymiseMember(db: Db, tenantId: string, memberId: string, clock: Clock): Promise<Anonymisation> {
  return db.transaction(async (tx) => {
    const [member] = rowsOf<{ id: string }>(
      await tx.execute(sql`SELECT id FROM members WHERE id = ${memberId} AND tenant_id = ${tenantId} AND anonymised_at IS NULL FOR UPDATE`),
    );
    if (!member) return null;
    const tables = rowsOf<{ table_name: string }>(
      await tx.execute(sql`SELECT table_name FROM information_schema.columns
        WHERE table_schema = current_schema() AND column_name = 'member_id' AND table_name <> ALL(${sql.param([...KEPT_AFTER_ANONYMISATION])})
        ORDER BY table_name`),
    );
    const ordered = [...ERASED_FIRST, ...tables.map((t) => t.table_name).filter((t) => !ERASED_FIRST.includes(t))];
    const erased: Record<string, number> = {};
    for (const table of ordered) {
      const result = await tx.execute(sql`DELETE FROM ${sql.identifier(table)} WHERE member_id = ${memberId}`);
      const count = rowCount(result);
      if (count) erased[table] = count;
    }
    const blanked = rowsOf<{ column_name: string }>(
      await tx.execute(sql`SELECT column_name FROM information_schema.columns
        WHERE table_schema = current_schema() AND table_name = 'beneficiaries' AND is_nullable = 'YES'`),
    );
    const nulls = blanked.map((c) => c.column_name).filter((c) => !BENEFICIARY_COLUMNS_KEPT.has(c));
    await tx.execute(sql`UPDATE beneficiaries SET
        first_name = 'ANONYME', sur_name = 'ANONYME', birth_date = date_trunc('year', birth_date)::date
        ${nulls.length ? sql.join([sql``, ...nulls.map((c) => sql`${sql.identifier(c)} = NULL`)], sql`, `) : sql``}
      WHERE member_id = ${memberId}`);
    // The membership number stays: the refunds and debits kept for the accounts are filed under it.
    await tx.execute(sql`UPDATE members SET anonymised_at = ${clock.now().toISOString()} WHERE id = ${memberId}`);
    return { memberId, erased };
  });
}

/** The rows of a raw statement's result (both drivers answer `{ rows }`). */
export const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/** Rows a DELETE or UPDATE touched, whichever driver answered (pg: rowCount; PGlite: affectedRows). */
export function rowCount(result: unknown): number {
  const r = result as { rowCount?: number | null; affectedRows?: number };
  return r.rowCount ?? r.affectedRows ?? 0;
}
