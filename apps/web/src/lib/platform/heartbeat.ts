import { HEARTBEAT_TIMEOUT_MS, SERVICE_STATUSES, type THeartbeat } from '@mutua/contracts/platform';
import { api } from '../api-client';

const DOWN: THeartbeat = { status: 'DOWN', active_debug_session: false };

/** GET /heartbeat (10 s). Never rejects: any failure, or an answer of the wrong shape, reads as DOWN. */
export async function getHeartbeat(signal?: AbortSignal): Promise<THeartbeat> {
  try {
    const data = await api.get<Partial<THeartbeat> | null>('/heartbeat', { timeoutMs: HEARTBEAT_TIMEOUT_MS, handlesMaintenance: true, signal });
    // ZHeartbeat's rules by hand: zod stays out of the start-up bundle (see init.ts).
    const ok = SERVICE_STATUSES.includes(data?.status as THeartbeat['status']) && typeof data?.active_debug_session === 'boolean';
    return ok ? (data as THeartbeat) : DOWN;
  } catch {
    return DOWN;
  }
}
