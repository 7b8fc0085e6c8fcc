import { api } from '../../../lib/api';

/** POST /members/:id/handoff: a one-time link into the member's space (read-only, or a derogation with its reason). */
export const postHandoff = (memberId: string, body: { mode: string | null; reason?: string }) =>
  api<{ url: string }>('POST', `/members/${memberId}/handoff`, body);
