import type { TFaqEntryInput } from '@mutua/contracts/backoffice-admin';
import { api } from '../../../lib/api';

/** PUT /tenants/:id/faq/entries/:entry: a question or its answer rewritten. */
export const putFaqEntry = (tenantId: string, entryId: string, body: TFaqEntryInput) => api('PUT', `/tenants/${tenantId}/faq/entries/${entryId}`, body);
