import { GLOBAL_DETAILS_ACTIONS, type GlobalDetailsActionKey, type TGlobalDetails } from '@mutua/contracts/global-details';
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { api } from './api-client';
import { globalDetailsKey } from './global-details';

/**
 * Parts of the global details refreshed by `GET /api/all-info?actionKey=<key>` (requests,
 * timeline_recent): the answer is merged into the one global-details query (lib/global-details.ts),
 * so every screen selecting that part sees the new values. The part's own query exists so that a
 * screen can refresh on open and show the refresh running.
 *
 *   useQuery(globalDetailsPartQueryOptions(queryClient, 'requests'));            // refresh on open
 *   await refreshGlobalDetailsPart(queryClient, 'requests');                     // after a change
 *   updateGlobalDetails(queryClient, (d) => ({ ...d, allRequests: … }));          // local change
 */

/** The fields `?actionKey=<key>` answers. */
export type GlobalDetailsPart<K extends GlobalDetailsActionKey> = Pick<TGlobalDetails, (typeof GLOBAL_DETAILS_ACTIONS)[K][number]>;

export const globalDetailsPartKey = (actionKey: GlobalDetailsActionKey) => [...globalDetailsKey, 'part', actionKey] as const;

export const getGlobalDetailsPart = <K extends GlobalDetailsActionKey>(actionKey: K, signal?: AbortSignal) =>
  api.get<GlobalDetailsPart<K>>('/all-info', { query: { actionKey }, signal });

/** Applies a change to the cached global details (nothing while they are not loaded). */
export function updateGlobalDetails(client: QueryClient, update: (details: TGlobalDetails) => TGlobalDetails): void {
  client.setQueryData<TGlobalDetails>(globalDetailsKey, (current) => (current ? update(current) : current));
}

export const globalDetailsPartQueryOptions = <K extends GlobalDetailsActionKey>(client: QueryClient, actionKey: K) =>
  queryOptions({
    queryKey: globalDetailsPartKey(actionKey),
    queryFn: async ({ signal }) => {
      const part = await getGlobalDetailsPart(actionKey, signal);
      updateGlobalDetails(client, (details) => ({ ...details, ...part }));
      return part;
    },
    staleTime: 30_000,
  });

/** After a call that changed a part (a message sent, …): fetch it again now, whether a screen observes it or not. */
export async function refreshGlobalDetailsPart(client: QueryClient, actionKey: GlobalDetailsActionKey): Promise<void> {
  await client.fetchQuery({ ...globalDetailsPartQueryOptions(client, actionKey), staleTime: 0 });
}
