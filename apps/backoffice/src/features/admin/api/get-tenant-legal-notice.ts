import type { TLegalNotice } from '@mutua/contracts/legal-notice';
import { api } from '../../../lib/api';

/** GET /tenants/:id/legal-notice: a tenant's mentions légales, null until filled in. */
export const getTenantLegalNotice = (tenantId: string) => api<TLegalNotice | null>('GET', `/tenants/${tenantId}/legal-notice`);
