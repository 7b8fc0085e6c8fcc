/** What other modules may use: the anonymisation of a member (account closure reuses it), the retention periods. */
export { anonymiseMember, KEPT_AFTER_ANONYMISATION, type Anonymisation } from './anonymise-member';
export { applyRetention } from './retention';
// The periods themselves are shared with the portal (packages/contracts/src/retention.ts).
export { RETENTION } from '@mutua/contracts/retention';
