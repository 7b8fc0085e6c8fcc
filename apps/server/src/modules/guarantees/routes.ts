import {
  ZAllowancesQuery,
  ZAllowancesResponse,
  ZCareActSearchQuery,
  ZCareActSearchResponse,
  ZEstimateRequest,
  ZEstimateResponse,
  ZGuaranteesOverviewResponse,
} from '@mutua/contracts/guarantees-api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { parisDate } from '../../lib/clock';
import { sessionOf } from '../../plugins/sessions';
import { tenantOf } from '../../plugins/tenant';
import type { AppServices } from '../../core/module';
import { loadAllowances, loadOverview } from './allowances';
import { searchCareActs } from './catalogue';
import { loadCatalogueAt } from './cover';
import { computeLinesFor } from './lines';
import { READ } from '../../http/access-presets';

/**
 * The member's guarantees: GET /guarantees (products and their tables), GET /guarantees/allowances
 * (what is left, per person), POST /guarantees/estimate (what a care would be refunded, nothing
 * stored), and GET /care-acts?q= (the tariff catalogue's search). A family position is read within
 * the signed-in member's own contract only: another member's people are out of reach by construction.
 */
export const guaranteesRoutes: FastifyPluginAsyncZod<Pick<AppServices, 'db' | 'clock' | 'readCache'>> = async (app, { db, clock, readCache }) => {
  // The day's tariff catalogue is the same for everyone: kept until the tariffs change (their notice drops every entry).
  const catalogue = (date: string) => readCache.get(`care-catalogue:${date}`, [], () => loadCatalogueAt(db, date));

  app.get('/guarantees', { config: READ, schema: { response: { 200: ZGuaranteesOverviewResponse } } }, async (request) => ({
    data: await loadOverview(db, tenantOf(request).id, sessionOf(request).memberId, parisDate(clock.now())),
  }));

  app.get('/guarantees/allowances', { config: READ, schema: { querystring: ZAllowancesQuery, response: { 200: ZAllowancesResponse } } }, async (request) => ({
    data: await loadAllowances(db, tenantOf(request).id, sessionOf(request).memberId, request.query.familyPosition, parisDate(clock.now())),
  }));

  // A computation, not a change: a read-only staff session may estimate too.
  app.post('/guarantees/estimate', { config: READ, schema: { body: ZEstimateRequest, response: { 200: ZEstimateResponse } } }, async (request) => {
    const { familyPosition, careDate, lines } = request.body;
    const who = { tenantId: tenantOf(request).id, memberId: sessionOf(request).memberId, familyPosition };
    const computed = await computeLinesFor(db, who, careDate, lines, { catalogue });
    return { data: { familyPosition, careDate, productCode: computed.cover.product.code, lines: computed.lines, totals: computed.totals } };
  });

  app.get('/care-acts', { config: READ, schema: { querystring: ZCareActSearchQuery, response: { 200: ZCareActSearchResponse } } }, async (request) => ({
    data: await searchCareActs(db, request.query.q, parisDate(clock.now())),
  }));
};
