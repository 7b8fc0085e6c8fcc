import type { TFaqCategoryUpdate, TFaqThemeUpdate } from '@mutua/contracts/backoffice-admin';
import { api } from '../../../lib/api';

/** PUT /tenants/:id/faq/categories/:category: a category shown or hidden, renamed or moved. */
export const putFaqCategory = (tenantId: string, categoryId: string, body: TFaqCategoryUpdate) =>
  api('PUT', `/tenants/${tenantId}/faq/categories/${categoryId}`, body);

/** PUT /tenants/:id/faq/categories/:category/themes/:theme: a theme shown or hidden, renamed or moved. */
export const putFaqTheme = (tenantId: string, categoryId: string, themeId: string, body: TFaqThemeUpdate) =>
  api('PUT', `/tenants/${tenantId}/faq/categories/${categoryId}/themes/${themeId}`, body);
