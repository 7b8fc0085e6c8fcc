import { customType, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { tenants } from './tenants';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/**
 * Each tenant's data key, wrapped by a master key (lib/master-keys.ts): the key that encrypts its
 * members' NIRs, bank details and documents (db/field-crypto.ts). Rotation re-wraps the row only.
 */
export const tenantDataKeys = pgTable('tenant_data_keys', {
  id: uuid('id').primaryKey(),
  tenantId: text('tenant_id')
    .notNull()
    .unique()
    .references(() => tenants.id, { onDelete: 'cascade' }),
  masterKeyId: text('master_key_id').notNull(),
  wrappedKey: bytea('wrapped_key').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  rewrappedAt: timestamp('rewrapped_at', { withTimezone: true, mode: 'date' }),
});
