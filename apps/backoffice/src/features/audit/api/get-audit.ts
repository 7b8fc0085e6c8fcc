import type { TAuditEntry } from '@mutua/contracts/backoffice';
import { api } from '../../../lib/api';

/** GET /audit: the audit log's entries for the given filters. */
export const getAudit = (query: URLSearchParams) => api<TAuditEntry[]>('GET', `/audit?${query.toString()}`);
