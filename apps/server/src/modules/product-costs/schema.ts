import { integer, pgTable, primaryKey, smallint, text } from 'drizzle-orm/pg-core';
import { tenantRef } from '../../db/schema';
import { ts } from '../../db/schema/columns';

/** A product's redistribution rate and management costs for a closed year, in basis points of the contributions. */
export const productCosts = pgTable(
  'product_costs',
  {
    tenantId: tenantRef('cascade'),
    productNumber: text('product_number').notNull(),
    year: smallint('year').notNull(),
    redistributionBp: integer('redistribution_bp').notNull(),
    claimsManagementBp: integer('claims_management_bp').notNull(),
    acquisitionBp: integer('acquisition_bp').notNull(),
    administrationBp: integer('administration_bp').notNull(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.productNumber, t.year] })],
);
