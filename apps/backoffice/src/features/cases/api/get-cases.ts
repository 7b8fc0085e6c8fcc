import type { TCaseSummary } from '@mutua/contracts/backoffice';
import { api } from '../../../lib/api';

/** GET /cases: one page of the queue for the given filters (the query string). */
export const getCases = (query: URLSearchParams) => api<{ items: TCaseSummary[]; next: string | null }>('GET', `/cases?${query.toString()}`);
