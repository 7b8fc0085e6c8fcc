import { api } from '../../../lib/api';

/** GET /cases/:id/refund: what the refund card shows (its answer's shape is the card's). */
export const getCaseRefund = <T>(id: string) => api<T>('GET', `/cases/${id}/refund`);
