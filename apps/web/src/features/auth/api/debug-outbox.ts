import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export type OutboxMail = { id: string; tenantId: string | null; kind: string; to: string; from: string; subject: string; text: string; createdAt: string };

/** GET /debug/outbox?to=&limit=: the development outbox (absent in production: 404). */
export const getOutbox = (query: { to?: string; limit?: number }, signal?: AbortSignal) =>
  api.get<OutboxMail[]>('/debug/outbox', { query: { to: query.to || undefined, limit: query.limit ?? 20 }, signal });

export const outboxQueryOptions = (to: string) =>
  queryOptions({ queryKey: ['debug', 'outbox', to], queryFn: ({ signal }) => getOutbox({ to }, signal), staleTime: 0, retry: false });

export const useOutbox = (to: string) => useQuery(outboxQueryOptions(to));
