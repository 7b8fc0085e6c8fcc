/** What other modules may use of the account module: the effect of an accepted beneficiary addition (back office). */
export { acceptBeneficiaryAddition } from './beneficiaries';
