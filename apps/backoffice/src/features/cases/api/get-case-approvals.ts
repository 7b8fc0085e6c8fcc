import type { TApproval } from '@mutua/contracts';
import { api } from '../../../lib/api';

/** GET /approvals?case=:id: the proposals waiting on this case. */
export const getCaseApprovals = (caseId: string) => api<TApproval[]>('GET', `/approvals?case=${caseId}`);
