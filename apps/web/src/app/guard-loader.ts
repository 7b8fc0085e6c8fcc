import type { FeatureId } from '@mutua/contracts/features';
import { redirect, type LoaderFunctionArgs } from 'react-router';
import { rememberAfterSignIn } from '../lib/after-sign-in';
import { ApiError } from '../lib/api-client';
import { accessStore, clearSession, ensureSessionFlags, type AccessStoreState } from '../lib/access-store';
import { isLoggedIn } from '../lib/cookies';
import { isKnownPath, isUnder, normalizePathname, paths } from '../lib/paths';
import { getHeartbeat } from '../lib/platform/heartbeat';
import { getInit, type InitOutcome } from '../lib/platform/init';
import { logout } from '../lib/platform/logout';
import { queryClient } from '../lib/react-query';
import { guard, isPublicPath, type AccessState, type GuardDecision } from './guard';

let initPromise: Promise<void> | null = null;

function applyInit(outcome: InitOutcome): void {
  if (outcome.kind === 'brand') accessStore.setState({ brand: outcome.brand, logoutRedirectUrl: outcome.logoutRedirectUrl, brandError: null });
  else if (outcome.kind === 'no-brand') accessStore.setState({ brand: null, brandError: null });
  else accessStore.setState({ brand: null, brandError: outcome.error });
}

/** Start-up learnt the brand otherwise (the page's answers, app/start-up.ts): init is not asked again. */
export function initKnown(outcome: InitOutcome): void {
  applyInit(outcome);
  initPromise = Promise.resolve();
}

/** GET /init once per page load, at the first navigation outside /debug (the spec skips it there). */
export function ensureInit(pathname: string): Promise<void> {
  if (isUnder(pathname, paths.debug)) return Promise.resolve();
  initPromise ??= getInit().then(applyInit);
  return initPromise;
}

/** The guard's input from the store and the `vauth` cookie. A session not loaded yet gates nothing. */
export function toAccessState(store: AccessStoreState, loggedIn: boolean): AccessState {
  const session = store.session;
  return {
    loggedIn,
    mfaSessionId: store.mfa.sessionId,
    mfaEmails: store.mfa.emails,
    serviceStatus: store.maintenance ? 'DOWN' : store.serviceStatus,
    brandLoaded: store.brand !== null,
    brandError: store.brandError !== null,
    invalidPersonalInfo: session?.invalidPersonalInfo ?? false,
    legalPagesValidated: session?.legalPagesValidated ?? true,
    isBoAuthentication: session?.isBoAuthentication ?? false,
    schoolingPopup: session?.schoolingPopup ?? false,
    logoutRedirectUrl: session?.logoutRedirectUrl ?? store.logoutRedirectUrl,
    features: session?.features ?? [],
  };
}

function hasTimeoutParam(url: URL): boolean {
  const value = url.searchParams.get('timeout');
  return value !== null && value !== 'false';
}

/** Carries a decision out: returns for allow, throws a redirect (internal or to another site) otherwise. */
export async function applyDecision(decision: GuardDecision): Promise<null> {
  switch (decision.kind) {
    case 'allow':
      return null;
    case 'redirect':
      throw redirect(decision.to);
    case 'external': {
      if (decision.clearDetails) {
        clearSession();
        queryClient.clear();
      }
      const url = (decision.callLogout ? await logout() : null) ?? decision.url ?? paths.login;
      throw redirect(url);
    }
  }
}

/** How the SPA loads another document (tests replace it: jsdom does not navigate). */
export const documentNavigator = { replace: (href: string) => location.replace(href) };

/**
 * /login is not a screen of the SPA: the server renders it, painted before any script
 * (apps/server/src/http/login-page.ts). Once the guard lets a navigation reach it, the SPA loads it as
 * a document, replacing the entry (a redirect's semantics; links to it ask for a document load
 * themselves with `reloadDocument`). The SPA itself served at /login means the server has no page to
 * give (a build without login.html): reloading would loop, the error screen says it.
 */
function leaveForLoginPage(url: URL): Promise<never> {
  if (url.pathname === location.pathname && url.search === location.search) throw new Error('The login page is not served');
  documentNavigator.replace(url.href);
  return new Promise<never>(() => {});
}

/** The feature toggle a path's route declares (the route table, given by the router). */
export type FeatureOfPath = (pathname: string) => FeatureId | undefined;

/**
 * Root loader, re-run on every navigation: init (first time), heartbeat, the global details when
 * logged in without them, then the guard.
 */
export async function guardLoader({ request }: LoaderFunctionArgs, featureOf: FeatureOfPath = () => undefined): Promise<null> {
  const url = new URL(request.url);
  const wantsFlags = () => isLoggedIn() && !accessStore.getState().session && !isUnder(url.pathname, paths.error);
  // Signed in: the global details are asked for beside init and the heartbeat, not after them (one
  // round trip less before home paints). Used only if the service is up and the brand known.
  const flags = wantsFlags() ? ensureSessionFlags() : null;
  flags?.catch(() => {});
  const [, heartbeat] = await Promise.all([ensureInit(url.pathname), getHeartbeat(request.signal)]);
  accessStore.setState({ serviceStatus: heartbeat.status, activeDebugSession: heartbeat.active_debug_session });

  const store = accessStore.getState();
  if (heartbeat.status === 'UP' && store.brand && wantsFlags()) {
    try {
      await (flags ?? ensureSessionFlags());
    } catch (error) {
      // Without the global details the gates (legal pages, personal information) cannot be decided:
      // fail closed. An ended session has cleared vauth, and the guard below sends it to login.
      if (!(error instanceof ApiError && error.code === 'UNAUTHENTICATED')) throw redirect(paths.error);
    }
  }
  // Read after loading: the call above may have found the session ended.
  const loggedIn = isLoggedIn();
  const target = { pathname: url.pathname, timeout: hasTimeoutParam(url), unknownPath: !isKnownPath(url.pathname), feature: featureOf(url.pathname) };
  const decision = guard(toAccessState(accessStore.getState(), loggedIn), target);
  // Signed out on a page of the member space (a mailed link, a reload after the session ended): open it
  // again after the next sign-in.
  if (!loggedIn && decision.kind !== 'allow' && !target.unknownPath && !isPublicPath(url.pathname) && url.pathname !== paths.root) {
    rememberAfterSignIn(url.pathname + url.search);
  }
  if (decision.kind === 'allow' && normalizePathname(url.pathname) === paths.login) return leaveForLoginPage(url);
  return applyDecision(decision);
}

/** Tests only. */
export function resetInit(): void {
  initPromise = null;
}
