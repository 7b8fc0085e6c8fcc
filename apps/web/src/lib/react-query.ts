import { QueryClient, type UseMutationOptions } from '@tanstack/react-query';
import { ApiError } from './api-client';

/**
 * Server state goes through TanStack Query, one file per endpoint (bulletproof-react style):
 *
 *   // features/requests/api/get-requests.ts
 *   export const getRequests = (signal?: AbortSignal) => api.get<TRequests>('/all-info', { query: { actionKey: 'requests' }, signal });
 *   export const requestsQueryOptions = () => queryOptions({ queryKey: ['requests'], queryFn: ({ signal }) => getRequests(signal) });
 *   export const useRequests = (config: QueryConfig<typeof requestsQueryOptions> = {}) =>
 *     useQuery({ ...requestsQueryOptions(), ...config });
 *
 * Mutations: `export const useMarkRead = (config: MutationConfig<typeof markRead> = {}) => useMutation({ ...config, mutationFn: markRead })`.
 */

/** Extra useQuery options a hook accepts beside the endpoint's own key and function. */
export type QueryConfig<T extends (...args: never[]) => unknown> = Omit<ReturnType<T>, 'queryKey' | 'queryFn'>;

export type ApiFnReturnType<T extends (...args: never[]) => Promise<unknown>> = Awaited<ReturnType<T>>;

/** Extra useMutation options a hook accepts beside the endpoint's own function. */
export type MutationConfig<T extends (...args: never[]) => Promise<unknown>> = Omit<
  UseMutationOptions<ApiFnReturnType<T>, ApiError, Parameters<T>[0]>,
  'mutationFn'
>;

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 60_000,
        refetchOnWindowFocus: false,
        // One retry for a lost connection; an answer from the server is final.
        retry: (failureCount, error) => error instanceof ApiError && error.code === 'NETWORK' && failureCount < 1,
      },
      mutations: { retry: false },
    },
  });
}

/** The app's client (cleared with the global details on logout). */
export const queryClient = createQueryClient();
