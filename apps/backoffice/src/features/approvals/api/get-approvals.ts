import type { TApproval } from '@mutua/contracts/backoffice-approvals';
import { api } from '../../../lib/api';

/** GET /approvals: the proposals waiting for a second agent. */
export const getApprovals = () => api<TApproval[]>('GET', '/approvals');
