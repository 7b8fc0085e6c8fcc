/** What other modules may use: the anonymisation of a member (account closure reuses it), the retention periods. */
export { anonymiseMember, KEPT_AFTER_ANONYMISATION, type Anonymisation } from './anonymise-member';
export { RETENTION, applyRetention } from './retention';
