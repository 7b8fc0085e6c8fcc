import { doublePrecision, foreignKey, index, integer, pgTable, primaryKey, smallint, text } from 'drizzle-orm/pg-core';
import { tenantRef } from './tenants';
import { uuidPk } from './columns';

/** A commune and one of its postal codes, with its centre: where a care search measures from (migration 0100). */
export const communes = pgTable(
  'communes',
  {
    inseeCode: text('insee_code').notNull(),
    name: text('name').notNull(),
    postalCode: text('postal_code').notNull(),
    /** communeSearchKey(name) of contracts: lower case, no accents, « saint » as « st ». */
    searchKey: text('search_key').notNull(),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
    population: integer('population').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.inseeCode, t.postalCode] }),
    index('communes_postal_code_idx').on(t.postalCode),
    index('communes_search_key_idx').on(t.searchKey.op('text_pattern_ops')),
  ],
);

/** A care network the tenant belongs to (insured.healthCareNetworks). */
export const careNetworks = pgTable(
  'care_networks',
  {
    tenantId: tenantRef('cascade'),
    id: text('id').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    url: text('url'),
    specialties: text('specialties').array().notNull().default([]),
    position: smallint('position').notNull(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] })],
);

/** A partner professional or establishment of a network. */
export const careProviders = pgTable(
  'care_providers',
  {
    id: uuidPk(),
    tenantId: text('tenant_id').notNull(),
    networkId: text('network_id').notNull(),
    name: text('name').notNull(),
    specialty: text('specialty').notNull(),
    address: text('address').notNull(),
    postalCode: text('postal_code').notNull(),
    town: text('town').notNull(),
    phone: text('phone'),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
  },
  (t) => [
    index('care_providers_nearby_idx').on(t.tenantId, t.specialty, t.latitude, t.longitude),
    foreignKey({ columns: [t.tenantId, t.networkId], foreignColumns: [careNetworks.tenantId, careNetworks.id] }).onDelete('cascade'),
  ],
);
