import {
  ZFaqCategoriesResponse,
  ZFaqCategoryParams,
  ZFaqCategoryResponse,
  ZFaqSearchQuery,
  ZFaqSearchResponse,
  ZFaqThemeParams,
  ZFaqThemeResponse,
} from '@mutua/contracts/faq';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { tenantOf } from '../../plugins/tenant';
import type { AppServices } from '../../core/module';
import { getFaqCategory, getFaqTheme, listFaqCategories, searchFaq } from './queries';

/** The tenant's FAQ, public: categories, a category's themes, a theme's questions, the search. */
export const faqRoutes: FastifyPluginAsyncZod<Pick<AppServices, 'db'>> = async (app, { db }) => {
  app.get('/', { config: { access: 'public' }, schema: { response: { 200: ZFaqCategoriesResponse } } }, async (request) => ({
    data: await listFaqCategories(db, tenantOf(request).id),
  }));

  app.get('/search', { config: { access: 'public' }, schema: { querystring: ZFaqSearchQuery, response: { 200: ZFaqSearchResponse } } }, async (request) => ({
    data: await searchFaq(db, tenantOf(request).id, request.query.q),
  }));

  app.get('/:category', { config: { access: 'public' }, schema: { params: ZFaqCategoryParams, response: { 200: ZFaqCategoryResponse } } }, async (request) => ({
    data: await getFaqCategory(db, tenantOf(request).id, request.params.category),
  }));

  app.get(
    '/:category/:theme',
    { config: { access: 'public' }, schema: { params: ZFaqThemeParams, response: { 200: ZFaqThemeResponse } } },
    async (request) => ({ data: await getFaqTheme(db, tenantOf(request).id, request.params.category, request.params.theme) }),
  );
};
