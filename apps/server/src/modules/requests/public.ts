/** What other modules may use of requests: sending a member's request (idempotent, in one transaction). */
export { idempotencyKeyOf, sendSubmitted, submitMemberRequest } from './submit';
export type { CreatedRequest, MemberRequestDraft, SubmitOptions, Submitted } from './submit';
/** A member's request groups as the member sees them (the back office's case view). */
export { listRequestGroups } from './repository';
/** The back office asking for additional parts (10005) about a member's request. */
export { askAdditionalParts } from './insurer-request';
