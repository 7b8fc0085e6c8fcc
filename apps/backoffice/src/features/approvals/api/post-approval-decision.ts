import { api } from '../../../lib/api';

/** POST /approvals/:id: approved, or rejected with its reason. */
export const postApprovalDecision = (id: string, body: { decision: 'APPROVE' | 'REJECT'; reason?: string }) => api('POST', `/approvals/${id}`, body);
