import { useQuery, useQueryClient } from '@tanstack/react-query';
import { getGlobalDetailsPart, globalDetailsPartQueryOptions } from '../../../lib/global-details-parts';

/** GET /api/all-info?actionKey=timeline_recent: the recent timeline (steps reached, messages received). */
export const getTimelineRecent = (signal?: AbortSignal) => getGlobalDetailsPart('timeline_recent', signal);

/** Refreshes the recent timeline of the global details when the home page opens. */
export function useRefreshTimelineRecent() {
  const client = useQueryClient();
  return useQuery(globalDetailsPartQueryOptions(client, 'timeline_recent'));
}
