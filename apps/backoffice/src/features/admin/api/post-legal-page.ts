import type { LegalPageType } from '@mutua/contracts/legal-pages';
import { api } from '../../../lib/api';

/** POST /tenants/:id/legal-pages: a new version of a legal page (accepted again by members when it requires it). */
export const postLegalPage = (tenantId: string, body: { type: LegalPageType; title: string; content: string; requiresAcceptance: boolean }) =>
  api('POST', `/tenants/${tenantId}/legal-pages`, body);
