import type { TBrand } from '@mutua/contracts/brand';
import { INIT_TIMEOUT_MS, type TInitData } from '@mutua/contracts/platform';
import { api, ApiError } from '../api-client';
import type { BrandError } from '../access-store';

/** What start-up learns from GET /init. */
export type InitOutcome =
  | { kind: 'brand'; brand: TBrand; logoutRedirectUrl: string | null }
  /** 404 ENVIRONMENT_NOT_FOUND: the host matches no tenant → the no-brand page. */
  | { kind: 'no-brand' }
  /** Timeout → 500 flagged timeout; no answer → 500; any other status → it, with the public reason. */
  | { kind: 'error'; error: BrandError };

const HEX = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i;
const isText = (v: unknown): v is string => typeof v === 'string' && v.length > 0;
const isRounding = (v: unknown) => Number.isInteger(v) && (v as number) >= 0 && (v as number) <= 48;

/**
 * Checks the answer against ZInitData's rules by hand. The server already validates it with that
 * schema; repeating it here with zod would put zod (~23 kB gzip) in the start-up bundle of every page.
 */
export function readInitData(value: unknown): TInitData | null {
  const data = value as Partial<TInitData> | null;
  const brand = data?.brand;
  const charter = brand?.graphical_charter;
  if (!brand || !isText(brand.name) || !charter || !brand.cookies) return null;
  const { fonts, colors, fontColors, rounding } = charter;
  const ok =
    isText(fonts?.body) &&
    isText(fonts?.heading) &&
    [colors?.primary, colors?.secondary, fontColors?.body, fontColors?.heading, fontColors?.onPrimary].every((c) => typeof c === 'string' && HEX.test(c)) &&
    [rounding?.small, rounding?.medium, rounding?.large].every(isRounding) &&
    isText(charter.logo) &&
    isText(charter.favicon);
  if (!ok) return null;
  return { brand, logoutRedirectUrl: isText(data.logoutRedirectUrl) ? data.logoutRedirectUrl : null };
}

/** GET /init (10 s): `{ data: { data: { logoutRedirectUrl, brand } } }`. Never rejects. */
export async function getInit(): Promise<InitOutcome> {
  try {
    const answer = await api.get<{ data?: unknown } | null>('/init', { timeoutMs: INIT_TIMEOUT_MS, handlesMaintenance: true });
    const data = readInitData(answer?.data);
    if (!data) return { kind: 'error', error: { status: 500, timeout: false, reason: null } };
    return { kind: 'brand', brand: data.brand, logoutRedirectUrl: data.logoutRedirectUrl };
  } catch (error) {
    if (!(error instanceof ApiError)) return { kind: 'error', error: { status: 500, timeout: false, reason: null } };
    if (error.code === 'ENVIRONMENT_NOT_FOUND') return { kind: 'no-brand' };
    if (error.code === 'TIMEOUT') return { kind: 'error', error: { status: 500, timeout: true, reason: null } };
    if (error.code === 'NETWORK') return { kind: 'error', error: { status: 500, timeout: false, reason: null } };
    return { kind: 'error', error: { status: error.status, timeout: false, reason: error.maintenanceReason } };
  }
}
