import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { payoutAccounts, tenants } from '../../db/schema';

/** The demo tenants' payout account (a test IBAN of the French format, checksum valid). */
export const DEMO_PAYOUT_IBAN = 'FR7630006000011234567890189';

/**
 * Every demo tenant pays from the demo account; the demo's refunds, dated before the transfer files
 * existed, count as paid on their statement's date (paid before the files: no file of theirs).
 */
export async function seedPayments(db: Db): Promise<void> {
  for (const { id, name } of await db.select({ id: tenants.id, name: tenants.name }).from(tenants)) {
    await db.insert(payoutAccounts).values({ tenantId: id, name, iban: DEMO_PAYOUT_IBAN, bic: 'AGRIFRPP' }).onConflictDoNothing();
  }
  await db.execute(sql`
    INSERT INTO refund_payments (refund_id, file_id, kind, payee_name, iban, amount_cents, execution_date, issued_at)
    SELECT r.id, NULL, CASE WHEN r.payment_target = 'health_professional' THEN 'THIRD_PARTY' ELSE 'TRANSFER' END,
           b.first_name || ' ' || b.sur_name, NULL, r.product_cents, r.payment_date, r.payment_date::timestamptz
    FROM refunds r JOIN beneficiaries b ON b.id = r.beneficiary_id
    ON CONFLICT DO NOTHING`);
}
