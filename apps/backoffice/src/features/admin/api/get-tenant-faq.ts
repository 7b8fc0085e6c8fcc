import type { TAdminFaqCategory } from '@mutua/contracts/backoffice-admin';
import { api } from '../../../lib/api';

/** GET /tenants/:id/faq: a tenant's FAQ, categories and questions. */
export const getTenantFaq = (tenantId: string) => api<TAdminFaqCategory[]>('GET', `/tenants/${tenantId}/faq`);
