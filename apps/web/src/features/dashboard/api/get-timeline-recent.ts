import { useQuery, useQueryClient } from '@tanstack/react-query';
import { getGlobalDetailsPart, globalDetailsPartQueryOptions } from '../../../lib/global-details-parts';

/** GET /api/all-info?actionKey=timeline_recent: the recent timeline (steps reached, messages received). */
export const getTimelineRecent = (signal?: AbortSignal) => getGlobalDetailsPart('timeline_recent', signal);

/**
 * Refreshes the recent timeline of the global details when the home page opens. The page reads the
 * new timeline from the global details; the refresh's own state re-renders nothing (each change of it
 * rendered the whole dashboard again, in one task, just after the hydration).
 */
export function useRefreshTimelineRecent(): void {
  const client = useQueryClient();
  useQuery({ ...globalDetailsPartQueryOptions(client, 'timeline_recent'), notifyOnChangeProps: [] });
}
