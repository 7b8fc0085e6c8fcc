import { api } from '../../../lib/api';

/** PUT /tenants/:id/features: one feature of the member space switched on or off. */
export const putTenantFeature = (tenantId: string, body: { featureId: string; enabled: boolean }) => api('PUT', `/tenants/${tenantId}/features`, body);
