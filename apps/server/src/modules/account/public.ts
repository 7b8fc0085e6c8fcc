/**
 * What other modules may use of the account module: the effect of an accepted beneficiary addition
 * (back office), the one teletransmission state of each insured person (home's Noémie block).
 */
export { acceptBeneficiaryAddition, teletransmissionOf } from './beneficiaries';
