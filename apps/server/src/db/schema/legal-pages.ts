import type { LegalPageType } from '@mutua/contracts/legal-pages';
import { boolean, integer, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { memberRef } from './members';
import { tenants, tenantRef } from './tenants';
import { ts, uuidPk } from './columns';

/** Versioned legal pages of a tenant; the highest version of a type is the current one. */
export const legalPages = pgTable(
  'legal_pages',
  {
    id: uuidPk(),
    tenantId: tenantRef(),
    type: text('type').$type<LegalPageType>().notNull(),
    version: integer('version').notNull(),
    title: text('title').notNull(),
    content: text('content').notNull(),
    requiresAcceptance: boolean('requires_acceptance').notNull().default(true),
    publishedAt: ts('published_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('legal_pages_tenant_type_version_uq').on(t.tenantId, t.type, t.version)],
);

/** Which page version a member accepted, and when. */
export const legalPageAcceptances = pgTable(
  'legal_page_acceptances',
  {
    memberId: memberRef(),
    legalPageId: uuid('legal_page_id')
      .notNull()
      .references(() => legalPages.id, { onDelete: 'cascade' }),
    acceptedAt: ts('accepted_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.memberId, t.legalPageId] })],
);

/** The mentions légales of a tenant (migration 0132), filled in the back office. */
export const tenantLegalNotices = pgTable('tenant_legal_notices', {
  tenantId: text('tenant_id')
    .primaryKey()
    .references(() => tenants.id),
  publisherName: text('publisher_name').notNull(),
  publisherLegalForm: text('publisher_legal_form').notNull(),
  registration: text('registration').notNull(),
  address: text('address').notNull(),
  publicationDirector: text('publication_director').notNull(),
  hostName: text('host_name').notNull(),
  hostAddress: text('host_address').notNull(),
  hostHdsCertificate: text('host_hds_certificate').notNull(),
  contactEmail: text('contact_email').notNull(),
  contactPhone: text('contact_phone').notNull().default(''),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});
