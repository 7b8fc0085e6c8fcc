import { api } from '../../../lib/api';

/** POST /members/:id/undeliverable-address: La Poste returned the member's mail (« NPAI »). */
export const postUndeliverableAddress = (memberId: string) => api('POST', `/members/${memberId}/undeliverable-address`);
