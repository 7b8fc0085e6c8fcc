/** What other submission modules may use: the transaction that creates a member request, the beneficiary lookup, the write access. */
export { SUBMIT } from './routes';
export { beneficiaryAt, requireBeneficiary, submitRequest, typeCodeOf, type Submission } from './submit';
