import { sql } from 'drizzle-orm';
import { bigint, boolean, date, index, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { tenants, tenantRef, memberRef, requestRef } from '../../db/schema';
import { ts, uuidPk } from '../../db/schema/columns';

/* The card's tables: each tenant's issuer, the paper resends, the wallet passes and their devices (migrations in db/migrations). */

/** The tenant's TP card data and whether its management centre issues the card online. */
export const tpCardIssuers = pgTable('tp_card_issuers', {
  tenantId: text('tenant_id')
    .primaryKey()
    .references(() => tenants.id, { onDelete: 'cascade' }),
  amcNumber: text('amc_number').notNull(),
  careNetwork: text('care_network').notNull(),
  operator: text('operator').notNull(),
  dematerialised: boolean('dematerialised').notNull().default(true),
});

/** A paper card resend (request 10018); a new one only 30 days later. */
export const tpCardResends = pgTable(
  'tp_card_resends',
  {
    id: uuidPk(),
    memberId: memberRef(),
    requestId: requestRef(),
    requestedAt: ts('requested_at').notNull(),
  },
  (t) => [index('tp_card_resends_member_idx').on(t.memberId, t.requestedAt)],
);

/** The Apple Wallet pass of a member's card (one per contract); update_tag moves on every change (triggers, migration 0094). */
export const walletPasses = pgTable(
  'wallet_passes',
  {
    serialNumber: text('serial_number').primaryKey(),
    tenantId: tenantRef('cascade'),
    memberId: memberRef(),
    insurerContract: text('insurer_contract').notNull(),
    passTypeId: text('pass_type_id').notNull(),
    authTokenHashes: text('auth_token_hashes').array().notNull(),
    updateTag: bigint('update_tag', { mode: 'number' })
      .notNull()
      .default(sql`nextval('wallet_pass_tag_seq')`),
    pushedTag: bigint('pushed_tag', { mode: 'number' }).notNull().default(0),
    updatedAt: ts('updated_at').notNull(),
    validTo: date('valid_to', { mode: 'string' }).notNull(),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [uniqueIndex('wallet_passes_member_contract_idx').on(t.memberId, t.insurerContract)],
);

/** A device registered for a pass's updates (PassKit web service). */
export const walletRegistrations = pgTable(
  'wallet_registrations',
  {
    deviceLibraryId: text('device_library_id').notNull(),
    passTypeId: text('pass_type_id').notNull(),
    serialNumber: text('serial_number')
      .notNull()
      .references(() => walletPasses.serialNumber, { onDelete: 'cascade' }),
    pushToken: text('push_token').notNull(),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.deviceLibraryId, t.passTypeId, t.serialNumber] }), index('wallet_registrations_serial_idx').on(t.serialNumber)],
);
