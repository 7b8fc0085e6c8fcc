import { pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { tenants } from './tenants';
import { bytea, ts } from './columns';

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
  createdAt: ts('created_at').notNull().defaultNow(),
  rewrappedAt: ts('rewrapped_at'),
});
