import { ADVISOR_REQUEST_KINDS } from './advisor-request-kinds';
import { composeRequestKinds } from './request-kinds';

export * from './api';
export * from './brand';
export * from './errors';
export * from './features';
export * from './platform';
export * from './requests';
export * from './refunds';
export * from './guarantees-api';
export * from './documents';
export * from './uploads';
export * from './password';
export * from './auth';
export * from './legal-pages';
export * from './legal-notice';
export * from './personal-info';
export * from './global-details';
export * from './names';
export * from './text';
export * from './contact-change';
export * from './healthcare';
export * from './faq';
export * from './help';
export * from './dates';
export * from './french-format';
export * from './termination';
export * from './complaints';
export * from './tp-card';
export * from './refund-requests';
export * from './invoice-scan';
export * from './document-sharing';
export * from './quotes';
export * from './hospital-care';
export * from './bank-details';
export * from './backoffice';
export * from './backoffice-admin';
export * from './backoffice-approvals';
export * from './care-network';
export * from './consent';
export * from './home-notices';
export * from './account';
export * from './teletransmission-rules';
export * from './campaigns';
export * from './portability';
export * from './color';
export * from './brand-style';
export * from './accessibility-audit';
export * from './accessibility-state';
export * from './accessibility-reports';
export * from './phone-line';
export * from './product-costs';
export * from './auto-decision';
export * from './payment-calendar';
export * from './payment-files';
export * from './claim-checks';
export * from './account-closure';
export * from './retention';
export * from './assistant';
export * from './advisor';

/*
 * The request kinds, with the rules their badges, timelines and replies read: the spec's and those the
 * areas declare in their own `<area>-request-kinds.ts` (defineRequestKinds), listed here beside their
 * export line. A type code or a code name given twice stops whatever imports the contracts.
 */
export type { RequestKind } from './request-kinds';
export const { defaultRequestTypes, requestKindOf, requestKindLabel, statusBadgeLabel, canReplyToRequest, timelineStepLabel, timelineStepsOf, isStepAllowed } =
  composeRequestKinds([ADVISOR_REQUEST_KINDS]);
