import type { LegalPageType } from '@mutua/contracts/legal-pages';
import { api } from '../../../lib/api';

export type AdminLegalPage = { type: LegalPageType; version: number; title: string; content: string; requiresAcceptance: boolean; publishedAt: string };

/** GET /tenants/:id/legal-pages: the published versions of a tenant's legal pages. */
export const getTenantLegalPages = (tenantId: string) => api<AdminLegalPage[]>('GET', `/tenants/${tenantId}/legal-pages`);
