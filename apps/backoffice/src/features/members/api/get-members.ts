import type { TMemberHit } from '@mutua/contracts/backoffice';
import { api } from '../../../lib/api';

/** GET /members?q=: members whose name, number or e-mail matches. */
export const getMembers = (q: string) => api<TMemberHit[]>('GET', `/members?q=${encodeURIComponent(q)}`);
