/** What other modules may use of requests: sending a member's request (idempotent, in one transaction). */
export { idempotencyKeyOf, sendSubmitted, submitMemberRequest } from './submit';
export type { CreatedRequest, MemberRequestDraft, SubmitOptions, Submitted } from './submit';
