import { api } from '../../../lib/api';

/** POST /tenants/:id/faq/categories: a new category (its id becomes part of the member's address). */
export const postFaqCategory = (tenantId: string, body: { id: string; title: string; description: string }) =>
  api('POST', `/tenants/${tenantId}/faq/categories`, body);

/** POST /tenants/:id/faq/categories/:category/themes: a new theme in a category. */
export const postFaqTheme = (tenantId: string, categoryId: string, body: { id: string; title: string }) =>
  api('POST', `/tenants/${tenantId}/faq/categories/${categoryId}/themes`, body);
