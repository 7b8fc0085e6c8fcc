import type { TRefundProposal } from '@mutua/contracts/backoffice-approvals';
import { api } from '../../../lib/api';

/** POST /refunds: a refund proposed for a second agent's approval (four eyes). */
export const postRefund = (body: TRefundProposal) => api<{ id: string }>('POST', '/refunds', body);
