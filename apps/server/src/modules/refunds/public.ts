/** What other modules may use of refunds: publishing a refund the management centre pays (the back office, after approval), cancelling one. */
export { cancelRefund, publishRefund, refundActValues, refundTotals, type PublishedLine, type PublishedRefund } from './publish';
