import type { TCaseDetail } from '@mutua/contracts/backoffice';
import { api } from '../../../lib/api';

/** GET /cases/:id: the case with its member, timeline, thread and notes. */
export const getCase = (id: string) => api<TCaseDetail>('GET', `/cases/${id}`);
