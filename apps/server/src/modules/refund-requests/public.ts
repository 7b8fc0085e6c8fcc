/** What the other submission modules (document sharing, quotes) use: the submission over submitMemberRequest, the beneficiary lookup. */
export { beneficiaryAt, requireBeneficiary, submitRequest, typeCodeOf, type Submission } from './submit';
/** The back office's case: what a refund claim asked. */
export { refundClaimOf } from './claim';
