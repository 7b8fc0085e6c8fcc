import { INIT_TIMEOUT_MS, ZInitResponse, type TBrand } from '@mutua/contracts';
import { api, ApiError } from '../api-client';
import type { BrandError } from '../access-store';

/** What start-up learns from GET /init (portal-access.md §7, §8). */
export type InitOutcome =
  | { kind: 'brand'; brand: TBrand; logoutRedirectUrl: string | null }
  /** 404 ENVIRONMENT_NOT_FOUND: the host matches no tenant → the no-brand page. */
  | { kind: 'no-brand' }
  /** Timeout → 500 flagged timeout; no answer → 500; any other status → it, with the public reason. */
  | { kind: 'error'; error: BrandError };

/** GET /init (10 s): `{ data: { data: { logoutRedirectUrl, brand } } }`. Never rejects. */
export async function getInit(): Promise<InitOutcome> {
  try {
    const data = await api.get<unknown>('/init', { timeoutMs: INIT_TIMEOUT_MS, handlesMaintenance: true });
    const parsed = ZInitResponse.safeParse({ data });
    if (!parsed.success) return { kind: 'error', error: { status: 500, timeout: false, reason: null } };
    const { brand, logoutRedirectUrl } = parsed.data.data.data;
    return { kind: 'brand', brand, logoutRedirectUrl };
  } catch (error) {
    if (!(error instanceof ApiError)) return { kind: 'error', error: { status: 500, timeout: false, reason: null } };
    if (error.code === 'ENVIRONMENT_NOT_FOUND') return { kind: 'no-brand' };
    if (error.code === 'TIMEOUT') return { kind: 'error', error: { status: 500, timeout: true, reason: null } };
    if (error.code === 'NETWORK') return { kind: 'error', error: { status: 500, timeout: false, reason: null } };
    return { kind: 'error', error: { status: error.status, timeout: false, reason: error.maintenanceReason } };
  }
}
