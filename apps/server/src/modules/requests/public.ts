/** What other modules may use of requests: sending a member's request (idempotent, in one transaction). */
export { idempotencyKeyOf, sendSubmitted, submitMemberRequest } from './submit';
export type { CreatedRequest, MemberRequestDraft, SubmitOptions, Submitted } from './submit';
/** A member's request groups as the member sees them (the back office's case view). */
export { listRequestGroups } from './repository';
/** The back office asking for additional parts (10005) about a member's request. */
export { askAdditionalParts } from './insurer-request';
/** The submission kit of the request-sending modules (refunds, documents, quotes, hospital care, campaigns): a typed request over submitMemberRequest, the beneficiary lookup. */
export { beneficiaryAt, requireBeneficiary, submitRequest, typeCodeOf, type Submission } from './submission';
