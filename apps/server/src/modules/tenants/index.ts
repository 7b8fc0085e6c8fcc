import { isFeatureEnabled } from '@mutua/contracts/features';
import { seedTenants } from './seed';
import { defineModule } from '../../core/module';
import { brandOf } from '../../core/brand';

/** Tenants (brands): their settings feed the global details; the operator API and CLI change them. */
export const tenantsModule = defineModule({
  name: 'tenants',
  globalDetails: {
    environmentMapping: async (ctx) => ({ environmentId: ctx.tenant.id, name: ctx.tenant.name }),
    applicationUser: async (ctx) => ({ userEnvironment: ctx.tenant.id }),
    featureStatus: async (ctx) => ctx.tenant.features,
    entityHasServices: async (ctx) => isFeatureEnabled(ctx.tenant.features, 'MY_SERVICES'),
    brand: async (ctx) => brandOf(ctx.tenant),
    insurer: async (ctx) => ({ name: ctx.tenant.name }),
    insuredMobileApplication: async (ctx) => ctx.tenant.mobileApplication,
    showOldInsuredSpaceLink: async (ctx) => ctx.tenant.oldInsuredSpace.enabled,
    oldInsuredSpace: async (ctx) =>
      ctx.tenant.oldInsuredSpace.enabled
        ? { url: ctx.tenant.oldInsuredSpace.url, exitSurveyUrl: ctx.tenant.oldInsuredSpace.exitSurveyUrl }
        : { url: null, exitSurveyUrl: null },
    logoutRedirectUrl: async (ctx) => ctx.tenant.logoutRedirectUrl,
    environmentHasMandatoryInformations: async (ctx) => ctx.tenant.settings.mandatoryInformations ?? true,
  },
  seed: [{ name: '001-demo-tenants', run: seedTenants }],
});
