/** What other modules may use of refunds: publishing a refund the management centre pays (the back office, after approval). */
export { publishRefund, type PublishedRefund } from './publish';
