import type { TLegalNoticeInput } from '@mutua/contracts/legal-notice';
import { api } from '../../../lib/api';

/** PUT /tenants/:id/legal-notice: the tenant's legal notice (publisher, host…). */
export const putLegalNotice = (tenantId: string, body: TLegalNoticeInput) => api('PUT', `/tenants/${tenantId}/legal-notice`, body);
