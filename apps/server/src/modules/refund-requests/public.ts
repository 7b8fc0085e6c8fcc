/** The back office's case: what a refund claim asked. */
export { refundClaimOf } from './claim';
