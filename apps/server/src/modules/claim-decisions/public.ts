/** What other modules may use of automatic decisions: sending a claim to the decision job. */
export { enqueueClaimDecision, wakeClaimDecisions } from './queue';
