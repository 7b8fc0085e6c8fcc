import type { TFaqEntryInput } from '@mutua/contracts/backoffice-admin';
import { api } from '../../../lib/api';

/** POST /tenants/:id/faq/categories/:category/themes/:theme/entries: a new question and its answer. */
export const postFaqEntry = (tenantId: string, categoryId: string, themeId: string, body: TFaqEntryInput) =>
  api('POST', `/tenants/${tenantId}/faq/categories/${categoryId}/themes/${themeId}/entries`, body);
