import type { TGraphicalCharter } from '@mutua/contracts/brand';
import type { TFeatureStatus } from '@mutua/contracts/features';
import { boolean, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { ts } from './columns';

export type MobileApplicationSettings = { enabled: boolean; appStoreUrl: string | null; playStoreUrl: string | null };
export type OldInsuredSpaceSettings = { enabled: boolean; url: string | null; exitSurveyUrl: string | null };
/** Per-tenant knobs of the sign-in flow and of the requests page. */
export type TenantSettings = {
  mfaCodeDurationMinutes: number;
  mfaResendTimeoutSeconds: number;
  noReplyEmail: string;
  /** Token of the cookie-consent tool, exposed as brand.cookies.token; null when the tenant has none. */
  cookieConsentToken: string | null;
  /** Average processing delays shown on the requests page, in days. */
  averageRequestResponseDelayDays: { prestation: number; adhesion: number };
  /**
   * Whether the tenant asks every member to complete their personal information before going on (the
   * validate-info gate; environmentHasMandatoryInformations). Absent: yes.
   */
  mandatoryInformations?: boolean;
};

/** A tenant ("environment"): one brand served at its own host names. */
export const tenants = pgTable('tenants', {
  id: text('id').primaryKey(),
  hosts: text('hosts').array().notNull(),
  name: text('name').notNull(),
  graphicalCharter: jsonb('graphical_charter').$type<TGraphicalCharter>().notNull(),
  logoSvg: text('logo_svg').notNull(),
  faviconSvg: text('favicon_svg').notNull(),
  features: jsonb('features').$type<TFeatureStatus[]>().notNull(),
  maintenance: boolean('maintenance').notNull().default(false),
  maintenanceReason: text('maintenance_reason'),
  logoutRedirectUrl: text('logout_redirect_url'),
  mobileApplication: jsonb('mobile_application').$type<MobileApplicationSettings>().notNull(),
  oldInsuredSpace: jsonb('old_insured_space').$type<OldInsuredSpaceSettings>().notNull(),
  settings: jsonb('settings').$type<TenantSettings>().notNull(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

/** The owning tenant of a row; deleting the tenant is refused unless the table cascades. */
export const tenantRef = (onDelete?: 'cascade') =>
  text('tenant_id')
    .notNull()
    .references(() => tenants.id, { onDelete });
export type Tenant = typeof tenants.$inferSelect;
