import type { FeatureId } from '@mutua/contracts/features';
import type { ServiceStatus } from '@mutua/contracts/platform';
import { PUBLIC_ROUTES, isUnder, normalizePathname, paths } from '../lib/paths';

/**
 * The navigation guard as one pure function: eleven rules, in order, first match wins. The router's root loader builds the state (cookie, heartbeat, access
 * store) before each navigation and carries the decision out (router/guard-loader.ts).
 *
 * Readings where the spec leaves a choice (also in apps/web/README.md):
 * - "Public pages needing no session" (login group, FAQ, legal pages, accessibility statement, help) are the exceptions of
 *   rules 2 and 10, with /error (the error page that needs neither session nor brand) and
 *   /no-brand (without a brand nobody can log in: sending it to login would loop with rule 5).
 * - Unknown paths show not-found for everyone (the route table's reading): a mistyped address
 *   is not a protected page, and not-found's "Aller à l’accueil" leads to login when anonymous.
 * - A rule that sends to a screen lets that screen through (rules 3–7), so every chain of
 *   redirects ends (guard.test.ts checks it over every state).
 */

export type AccessState = {
  /** Cookie `vauth` equals `true`. */
  loggedIn: boolean;
  mfaSessionId: string | null;
  mfaEmails: readonly string[];
  /** Last heartbeat (DOWN also after a 503 on an ordinary call); null = never answered. */
  serviceStatus: ServiceStatus | null;
  brandLoaded: boolean;
  /** GET /init failed (timeout, network, status other than 404 ENVIRONMENT_NOT_FOUND, bad shape). */
  brandError: boolean;
  invalidPersonalInfo: boolean;
  legalPagesValidated: boolean;
  isBoAuthentication: boolean;
  schoolingPopup: boolean;
  logoutRedirectUrl: string | null;
  /** The tenant's enabled feature toggles (featureStatus), empty until the global details load. */
  features: readonly FeatureId[];
};

export type GuardTarget = {
  pathname: string;
  /** The target URL carries a `timeout` parameter (rule 4). */
  timeout: boolean;
  /** No route of the table matches the path: it is no protected page, so rules 2 and 10 let it reach not-found. */
  unknownPath?: boolean;
  /** The feature toggle the target's route declares in the route table (rule 11), if any. */
  feature?: FeatureId;
};

export type GuardDecision =
  | { kind: 'allow' }
  | { kind: 'redirect'; to: string }
  /**
   * Leave the app: clear the global details if asked; when `callLogout`, call GET /auth/logout and
   * follow the URL it returns; otherwise (or when it returns none) go to `url`, or to login if null.
   */
  | { kind: 'external'; url: string | null; clearDetails: boolean; callLogout: boolean };

const ALLOW: GuardDecision = { kind: 'allow' };
const to = (path: string): GuardDecision => ({ kind: 'redirect', to: path });

/** The public routes' paths up to their first parameter (`/legal-page/:type` → `/legal-page`). */
const PUBLIC_BASES = PUBLIC_ROUTES.map((id) => paths[id].replace(/\/:.*$/, ''));

export function isPublicPath(pathname: string): boolean {
  return PUBLIC_BASES.some((base) => isUnder(pathname, base));
}

export function guard(state: AccessState, target: GuardTarget): GuardDecision {
  const p = normalizePathname(target.pathname);
  const onMaintenance = p === paths.maintenance;
  const onDebug = isUnder(p, paths.debug);
  const onValidation = p === paths.validateInfo || p === paths.validateLegalPages;
  const gatesApply = state.loggedIn && !state.isBoAuthentication;

  // 1. Logged in: the MFA screens need their MFA state.
  if (state.loggedIn) {
    if (p === paths.mfa && !state.mfaSessionId) return to(paths.login);
    if (p === paths.mfaEmailList && state.mfaEmails.length === 0) return to(paths.login);
  }

  // 2. Not logged in on a protected, non-root path: leave through the logout redirect URL or the logout call.
  if (!state.loggedIn && p !== paths.root && !isPublicPath(p) && !onMaintenance && !target.unknownPath) {
    if (onDebug) return ALLOW;
    return state.logoutRedirectUrl
      ? { kind: 'external', url: state.logoutRedirectUrl, clearDetails: true, callLogout: false }
      : { kind: 'external', url: null, clearDetails: true, callLogout: true };
  }

  // 3. Service down (or never answered): maintenance, except maintenance and debug themselves.
  if (state.serviceStatus !== 'UP') return onMaintenance || onDebug ? ALLOW : to(paths.maintenance);

  // 4. A timeout parameter or a brand configuration error: maintenance.
  if (target.timeout || state.brandError) {
    if (onMaintenance) return ALLOW;
    return to(target.timeout ? `${paths.maintenance}?timeout=true` : paths.maintenance);
  }

  // 5. No brand: the no-brand page (debug and the brandless error page aside); with one, no-brand goes home.
  if (!state.brandLoaded && !onDebug && p !== paths.error) return p === paths.noBrand ? ALLOW : to(paths.noBrand);
  if (state.brandLoaded && p === paths.noBrand) return to(paths.home);

  // 6. Invalid personal information (not for a back-office login): the validation dialog.
  if (gatesApply && state.invalidPersonalInfo) return p === paths.validateInfo ? ALLOW : to(paths.validateInfo);

  // 7. Legal pages not validated (not for a back-office login): the legal-pages dialog.
  if (gatesApply && !state.legalPagesValidated) return p === paths.validateLegalPages ? ALLOW : to(paths.validateLegalPages);

  // 8. Nothing left to validate and no schooling popup: both validation screens go home.
  if (onValidation && state.legalPagesValidated && !state.invalidPersonalInfo && !state.schoolingPopup) return to(paths.home);

  // 9. Logged in on the login group or on /: home.
  if (state.loggedIn && (isUnder(p, paths.login) || p === paths.root)) return to(paths.home);

  // 10. Not logged in, anywhere but the public pages and debug: the logout redirect URL, else login.
  if (!state.loggedIn && !isPublicPath(p) && !onDebug && !target.unknownPath) {
    return state.logoutRedirectUrl ? { kind: 'external', url: state.logoutRedirectUrl, clearDetails: false, callLogout: false } : to(paths.login);
  }

  // 11. Feature-gated routes: the toggle their route-table entry declares must be on.
  if (target.feature && !state.features.includes(target.feature)) return to(paths.home);

  return ALLOW;
}
