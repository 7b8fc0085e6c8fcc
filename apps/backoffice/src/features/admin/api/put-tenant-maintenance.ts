import { api } from '../../../lib/api';

/** PUT /tenants/:id/maintenance: the member space closed (with the reason shown) or opened again. */
export const putTenantMaintenance = (tenantId: string, body: { on: boolean; reason: string | null }) => api('PUT', `/tenants/${tenantId}/maintenance`, body);
