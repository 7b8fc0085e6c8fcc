import type { SLA_FAMILIES } from '@mutua/contracts/backoffice-admin';
import { api } from '../../../lib/api';

/** PUT /tenants/:id/sla: the handling time promised to members, in days, per family of request. */
export const putTenantSla = (tenantId: string, body: { entries: { family: (typeof SLA_FAMILIES)[number]; days: number }[] }) =>
  api('PUT', `/tenants/${tenantId}/sla`, body);
