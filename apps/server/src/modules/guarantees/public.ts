/** What other modules may use of the guarantees: computing a claim's lines, publishing it, giving its allowances back. */
export { claimLineOf } from './claim-line';
export { computeLinesFor, type ClaimLineInput, type ComputedLines } from './lines';
export { giveBackAllowances, operationTypeOf, publishClaim, type Claim, type LineCorrection } from './publish';
export { guaranteeTablesByPerson } from './allowances';
export { guaranteesTablePdf } from './table-pdf';
