import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Database } from '../src/db/client';
import { migrate } from '../src/db/migrate';
import { demoDatabase } from './support/database';

// Migration 0118 changes what a pending refund change means on databases that already hold some: the
// changes sent before it were in force at once (accepted). This test rebuilds such a database and migrates it.

let database: Database;
let drop: () => Promise<void>;
let camille: string;
beforeAll(async () => ({ database, drop, camille } = await demoDatabase()));
afterAll(() => drop());

const MIGRATION = '0118_bank_details_verification.sql';

it('0118 upgrades a database migrated before it: old refund changes accepted, the new statuses allowed, one pending per person', async () => {
  await database.exclusive(async (conn) => {
    // The table as 0080 first created it, with a refund change applied at once.
    await conn.exec(`
      DROP INDEX bank_details_changes_pending_refund_uq;
      ALTER TABLE bank_details_changes DROP CONSTRAINT bank_details_changes_status_check;
      ALTER TABLE bank_details_changes ADD CONSTRAINT bank_details_changes_status_check CHECK (status IN ('REQUEST_SENT', 'AWAITING_SIGNATURE', 'SIGNED', 'CANCELLED'));
      DELETE FROM schema_migrations WHERE name = '${MIGRATION}';
      INSERT INTO bank_details_changes (tenant_id, member_id, usage, family_position, holder, iban, status, created_at, expires_at, closed_at)
        VALUES ('mutua', '${camille}', 'refund', 1, 'Camille Durand', 'FR3330002005500000157841Z25', 'REQUEST_SENT', now(), now(), now());`);
    expect(await migrate(conn)).toEqual([MIGRATION]);
    const rows = await conn.query<{ status: string }>(`select status from bank_details_changes where member_id = '${camille}'`);
    expect(rows.map((r) => r.status)).toEqual(['ACCEPTED']);
    const pending = `INSERT INTO bank_details_changes (tenant_id, member_id, usage, family_position, holder, iban, status, created_at, expires_at)
      VALUES ('mutua', '${camille}', 'refund', 1, 'Camille Durand', 'FR1420041010050500013M02606', 'REQUEST_SENT', now(), now())`;
    await conn.exec(pending);
    await expect(conn.exec(pending)).rejects.toThrow();
    await conn.exec(`UPDATE bank_details_changes SET status = 'REFUSED' WHERE member_id = '${camille}' AND status = 'REQUEST_SENT'`);
    await expect(conn.exec(`UPDATE bank_details_changes SET status = 'LOST' WHERE member_id = '${camille}'`)).rejects.toThrow();
    // Run again: nothing left to apply.
    expect(await migrate(conn)).toEqual([]);
  });
});
