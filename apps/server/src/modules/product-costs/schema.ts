import { integer, pgTable, primaryKey, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { tenants } from '../../db/schema';

/** A product's redistribution rate and management costs for a closed year, in basis points of the contributions. */
export const productCosts = pgTable(
  'product_costs',
  {
    tenantId: text('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    productNumber: text('product_number').notNull(),
    year: smallint('year').notNull(),
    redistributionBp: integer('redistribution_bp').notNull(),
    claimsManagementBp: integer('claims_management_bp').notNull(),
    acquisitionBp: integer('acquisition_bp').notNull(),
    administrationBp: integer('administration_bp').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.productNumber, t.year] })],
);
