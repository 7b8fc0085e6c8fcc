import {
  GLOBAL_DETAILS_ACTIONS,
  computeAverageRequestResponseDelay,
  isFeatureEnabled,
  type GlobalDetailsActionKey,
  type GlobalDetailsKey,
  type TGlobalDetails,
} from '@mutua/contracts';
import { parisDate } from '../../lib/clock';
import { loadAllDocuments } from '../documents/global-details';
import { brandOf } from '../platform/routes';
import { loadAllActsRefunds, loadRefunds } from '../refunds/global-details';
import { loadAllRequests, loadLastRequests, loadTimelineRecent } from '../requests/global-details';
import { loadContracts, loadInsured, loadLegalPages, loadMember } from './insured';
import type { MemberContext } from './member-context';

export type PartLoader<K extends GlobalDetailsKey> = (ctx: MemberContext) => Promise<TGlobalDetails[K]>;
export type GlobalDetailsLoaders = { [K in GlobalDetailsKey]: PartLoader<K> };

const none = async () => [];
const nothing = async () => null;

/**
 * One loader per field of the global details (GET /api/all-info). An area plugs its data in by
 * replacing its line here (e.g. `allRequests: loadAllRequests,`) and refining the field's schema in
 * packages/contracts/src/global-details.ts. Loaders share queries through ctx.once.
 */
export const GLOBAL_DETAILS_LOADERS: GlobalDetailsLoaders = {
  profile: async (ctx) => ({ membershipNumber: (await loadMember(ctx)).membershipNumber }),
  announcement: nothing,
  isAnnouncementDisplayed: async () => false,
  dayCallHourRates: none,
  environmentMapping: async (ctx) => ({ environmentId: ctx.tenant.id, name: ctx.tenant.name }),
  applicationUser: async (ctx) => ({ userEnvironment: ctx.tenant.id }),
  insured: loadInsured,
  faqCategories: none,
  legalPages: async (ctx) => (await loadLegalPages(ctx)).pages,
  healthCare: async () => ({ allActs: [], allFrequentActs: [], defaultDocuments: [], hospitalizationTypes: [] }),
  refunds: loadRefunds,
  allActsRefunds: loadAllActsRefunds,
  allRequests: loadAllRequests,
  lastRequests: loadLastRequests,
  timelineRecent: loadTimelineRecent,
  allDocuments: loadAllDocuments,
  alertDtoList: none,
  noemieStateDtoList: none,
  featureStatus: async (ctx) => ctx.tenant.features,
  averageRequestResponseDelay: async (ctx) =>
    computeAverageRequestResponseDelay(ctx.tenant.settings.averageRequestResponseDelayDays, parisDate(ctx.clock.now())),
  entityTutorialDtos: none,
  entityHasServices: async (ctx) => isFeatureEnabled(ctx.tenant.features, 'MY_SERVICES'),
  companySpecificities: none,
  documentsDisplay: nothing,
  brand: async (ctx) => brandOf(ctx.tenant),
  insurer: async (ctx) => ({ name: ctx.tenant.name }),
  insuredMobileApplication: async (ctx) => ctx.tenant.mobileApplication,
  showOldInsuredSpaceLink: async (ctx) => ctx.tenant.oldInsuredSpace.enabled,
  oldInsuredSpace: async (ctx) =>
    ctx.tenant.oldInsuredSpace.enabled ? { url: ctx.tenant.oldInsuredSpace.url, exitSurveyUrl: ctx.tenant.oldInsuredSpace.exitSurveyUrl } : { url: null, exitSurveyUrl: null },
  logoutRedirectUrl: async (ctx) => ctx.tenant.logoutRedirectUrl,
  isBoAuthentication: async (ctx) => ctx.session.isBoAuthentication,
  hasNonBasePolicy: async (ctx) => (await loadContracts(ctx)).some((c) => c.baseOptionCode !== 'BASE'),
  entityHasDigitalCampaigns: async () => false,
  environmentHasMandatoryInformations: async () => true,
};

/** Runs the loaders of the given fields (all of them by default) and assembles the answer. */
export async function loadGlobalDetails<K extends GlobalDetailsKey>(
  ctx: MemberContext,
  keys: readonly K[] = Object.keys(GLOBAL_DETAILS_LOADERS) as K[],
  loaders: GlobalDetailsLoaders = GLOBAL_DETAILS_LOADERS,
): Promise<Pick<TGlobalDetails, K>> {
  const values = await Promise.all(keys.map((key) => (loaders[key] as PartLoader<K>)(ctx)));
  return Object.fromEntries(keys.map((key, i) => [key, values[i]])) as Pick<TGlobalDetails, K>;
}

/** `?actionKey=…`: just the fields of that action (see GLOBAL_DETAILS_ACTIONS in contracts). */
export function loadGlobalDetailsAction(ctx: MemberContext, action: GlobalDetailsActionKey) {
  return loadGlobalDetails(ctx, GLOBAL_DETAILS_ACTIONS[action]);
}
