import type { TAverageRequestResponseDelay, TRequestGroup } from '@mutua/contracts/requests';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useGlobalDetails } from '../../../lib/global-details';
import { getGlobalDetailsPart, globalDetailsPartQueryOptions } from '../../../lib/global-details-parts';

/** GET /api/all-info?actionKey=requests: { allRequests, lastRequests, averageRequestResponseDelay }. */
export const getRequests = (signal?: AbortSignal) => getGlobalDetailsPart('requests', signal);

export const requestsQueryOptions = (client: ReturnType<typeof useQueryClient>) => globalDetailsPartQueryOptions(client, 'requests');

export type RequestsView = {
  groups: TRequestGroup[] | undefined;
  delay: TAverageRequestResponseDelay | undefined;
  isPending: boolean;
  error: Error | null;
  isRefreshing: boolean;
  refresh: () => void;
};

/**
 * The requests page's data: fetched with actionKey=requests when the page opens and on "Actualiser"
 * (the full global details leave the request history out), merged into the global details so that
 * home's lastRequests shows the same state. The list is read from the part first: a later full reload
 * of the global details drops allRequests but not the part.
 */
export function useRequests(): RequestsView {
  const client = useQueryClient();
  const part = useQuery(requestsQueryOptions(client));
  const details = useGlobalDetails((d) => ({ groups: d.allRequests, delay: d.averageRequestResponseDelay }));
  const groups = part.data?.allRequests ?? details.data?.groups;
  const delay = details.data?.delay ?? part.data?.averageRequestResponseDelay;
  return {
    groups,
    delay,
    isPending: groups === undefined && (details.isPending || part.isPending),
    error: groups === undefined ? (details.error ?? part.error) : null,
    isRefreshing: part.isFetching,
    refresh: () => void part.refetch(),
  };
}
