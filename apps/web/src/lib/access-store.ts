import { useSyncExternalStore } from 'react';
import type { TBrand } from '@mutua/contracts/brand';
import type { FeatureId } from '@mutua/contracts/features';
import type { ServiceStatus } from '@mutua/contracts/platform';

/**
 * The access state of the navigation guard that is not in a cookie or the URL, in one small store
 * readable outside React (the navigation guard runs in the router's loader) and from components
 * (`useAccessState`). The app writes the platform part (init, heartbeat, maintenance); the auth
 * feature writes the MFA step and the session flags derived from the global details (`/all-info`).
 */

/** Why the init call failed: the maintenance page shows it. */
export type BrandError = { status: number; timeout: boolean; reason: string | null };

/** Flags from the logged-in global details. `null` in the store = not loaded (or cleared). */
export type SessionFlags = {
  invalidPersonalInfo: boolean;
  legalPagesValidated: boolean;
  isBoAuthentication: boolean;
  schoolingPopup: boolean;
  /** The feature toggles that are on; routes declare which one they need (app/router.tsx). */
  features: readonly FeatureId[];
  /** The global details' logoutRedirectUrl; overrides the one from init while logged in. */
  logoutRedirectUrl: string | null;
};

export type MfaState = { sessionId: string | null; emails: readonly string[] };

export type AccessStoreState = {
  /** Brand from GET /init; null while unknown or when the host matches no tenant. */
  brand: TBrand | null;
  brandError: BrandError | null;
  /** logoutRedirectUrl from GET /init. */
  logoutRedirectUrl: string | null;
  /** From the last heartbeat (null before the first one). */
  serviceStatus: ServiceStatus | null;
  activeDebugSession: boolean;
  /** Set by a 503 on an ordinary call: the app stays on the maintenance page until reloaded. */
  maintenance: { reason: string | null } | null;
  mfa: MfaState;
  session: SessionFlags | null;
};

const initialState: AccessStoreState = {
  brand: null,
  brandError: null,
  logoutRedirectUrl: null,
  serviceStatus: null,
  activeDebugSession: false,
  maintenance: null,
  mfa: { sessionId: null, emails: [] },
  session: null,
};

let state = initialState;
const listeners = new Set<() => void>();

export const accessStore = {
  getState: (): AccessStoreState => state,
  setState(patch: Partial<AccessStoreState>): void {
    state = { ...state, ...patch };
    listeners.forEach((listener) => listener());
  },
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  /** Tests only. */
  reset(): void {
    state = initialState;
    sessionLoader = null;
    listeners.forEach((listener) => listener());
  },
};

/** Reads a slice of the access state and re-renders when it changes (return a stable value). */
export function useAccessState<T>(selector: (s: AccessStoreState) => T): T {
  const read = () => selector(accessStore.getState());
  // The server renders with the store seeded from the page's answers, as the browser hydrates it.
  return useSyncExternalStore(accessStore.subscribe, read, read);
}

/** The auth feature: after the password step, and after choosing the e-mail that receives the code. */
export function setMfa(mfa: Partial<MfaState>): void {
  accessStore.setState({ mfa: { ...state.mfa, ...mfa } });
}

/** The auth feature: once the global details are (re)loaded. */
export function setSessionFlags(flags: SessionFlags): void {
  accessStore.setState({ session: flags });
}

/** "Global details are cleared" (guard rule 2, logout): session flags and MFA state. */
export function clearSession(): void {
  accessStore.setState({ session: null, mfa: initialState.mfa });
}

type SessionLoader = () => Promise<SessionFlags | null>;
let sessionLoader: SessionLoader | null = null;

/**
 * The auth feature registers how to load the global details. The guard awaits it before a
 * navigation while logged in with no flags yet (reload, first navigation after the code step),
 * so rules 6, 7, 8 and 11 read real values. Without a loader, no session gate applies.
 */
export function registerSessionLoader(loader: SessionLoader | null): void {
  sessionLoader = loader;
}

export async function ensureSessionFlags(): Promise<SessionFlags | null> {
  if (state.session || !sessionLoader) return state.session;
  const flags = await sessionLoader();
  if (flags) setSessionFlags(flags);
  return flags;
}

// ---- appended by the auth/session feature ------------------------------------------------------

/**
 * The default session loader: the global details (GET /all-info) into the query cache, then the
 * flags (lib/global-details.ts, loaded on demand: anonymous pages never fetch it). Registered here
 * because no feature module is loaded before the first navigation; tests replace or reset it.
 */
registerSessionLoader(() => import('./global-details').then((m) => m.loadSessionFlags()));
