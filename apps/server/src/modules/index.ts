import { accessibilityModule } from './accessibility';
import { accountModule } from './account';
import { auditModule } from './audit';
import { backofficeModule } from './backoffice';
import { authModule } from './auth';
import { bankDetailsModule, mandatesModule } from './bank-details';
import { campaignsModule } from './campaigns';
import { careNetworkModule } from './care-network';
import { claimDecisionsModule } from './claim-decisions';
import { consentModule } from './consent';
import { contactChangeModule } from './contact-change';
import { contractLifeModule } from './contract-life';
import { dataProtectionModule } from './data-protection';
import { assistantModule } from './assistant';
import { advisorModule } from './advisor';
import { documentSharingModule } from './document-sharing';
import { documentsModule } from './documents';
import { homeNoticesModule } from './home-notices';
import { faqModule } from './faq';
import { guaranteesModule } from './guarantees';
import { healthcareModule } from './healthcare';
import { helpModule } from './help';
import { mailModule } from './mail';
import { membersModule } from './members';
import type { AppModule } from '../core/module';
import { seedStepsOf, type SeedStep } from '../db/seed';
import { opsModule } from './ops';
import { phoneLineModule } from './phone-line';
import { paymentFilesModule } from './payment-files';
import { platformModule } from './platform';
import { productCostsModule } from './product-costs';
import { quotesModule } from './quotes';
import { hospitalCareModule } from './hospital-care';
import { invoiceScanModule } from './invoice-scan';
import { refundRequestsModule } from './refund-requests';
import { refundsModule } from './refunds';
import { requestsModule } from './requests';
import { tenantsModule } from './tenants';
import { tpCardModule } from './tp-card';
import { verificationModule } from './verification';

/**
 * Every module of the server, the one list app.ts (routes, guarded resources), the /all-info composer
 * and the demo-data loop read. Demo-data steps run in this order: a new module goes at the end.
 */
export const MODULES: readonly AppModule[] = [
  platformModule,
  tenantsModule,
  membersModule,
  documentsModule,
  requestsModule,
  refundsModule,
  authModule,
  contactChangeModule,
  mailModule,
  opsModule,
  auditModule,
  verificationModule,
  healthcareModule,
  faqModule,
  helpModule,
  refundRequestsModule,
  documentSharingModule,
  quotesModule,
  bankDetailsModule,
  mandatesModule,
  contractLifeModule,
  tpCardModule,
  backofficeModule,
  careNetworkModule,
  consentModule,
  homeNoticesModule,
  accountModule,
  hospitalCareModule,
  campaignsModule,
  guaranteesModule,
  accessibilityModule,
  phoneLineModule,
  productCostsModule,
  invoiceScanModule,
  claimDecisionsModule,
  paymentFilesModule,
  dataProtectionModule,
  assistantModule,
  advisorModule,
];

/** The demo data: every module's seed steps, in the order of the list (main.ts and the commands load them). */
export const demoDataSteps = (): SeedStep[] => seedStepsOf(MODULES);
