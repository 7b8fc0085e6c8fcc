import type { TAnnouncementInput } from '@mutua/contracts/backoffice-admin';
import { api } from '../../../lib/api';

/** PUT /tenants/:id/announcement: the message shown on the member space, and when. */
export const putTenantAnnouncement = (tenantId: string, body: TAnnouncementInput) => api('PUT', `/tenants/${tenantId}/announcement`, body);
