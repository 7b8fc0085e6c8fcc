import type { TApproval } from '@mutua/contracts/backoffice-approvals';
import { api } from '../../../lib/api';

/** GET /approvals?case=:id: the proposals waiting on this case. */
export const getCaseApprovals = (caseId: string) => api<TApproval[]>('GET', `/approvals?case=${caseId}`);
