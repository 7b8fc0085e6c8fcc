import { HEARTBEAT_TIMEOUT_MS, ZHeartbeat, type THeartbeat } from '@mutua/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../api-client';
import type { QueryConfig } from '../react-query';

const DOWN: THeartbeat = { status: 'DOWN', active_debug_session: false };

/** GET /heartbeat (10 s). Never rejects: any failure, or an answer of the wrong shape, reads as DOWN. */
export async function getHeartbeat(signal?: AbortSignal): Promise<THeartbeat> {
  try {
    const data = await api.get<unknown>('/heartbeat', { timeoutMs: HEARTBEAT_TIMEOUT_MS, handlesMaintenance: true, signal });
    const parsed = ZHeartbeat.safeParse(data);
    return parsed.success ? parsed.data : DOWN;
  } catch {
    return DOWN;
  }
}

export const heartbeatQueryOptions = () =>
  queryOptions({ queryKey: ['heartbeat'], queryFn: ({ signal }) => getHeartbeat(signal), staleTime: 0 });

export const useHeartbeat = (config: QueryConfig<typeof heartbeatQueryOptions> = {}) =>
  useQuery({ ...heartbeatQueryOptions(), ...config });
