import type { TMfaState } from '@mutua/contracts/auth';
import { paths } from './paths';

/** What the password step answers: the code was sent, or the member chooses between two addresses. */
export type LoginOutcome = { mfa: TMfaState } | { sessionId: string; emails: string[] };

/**
 * What crosses from the login page (login.html, its own document) to the SPA's code step, and from
 * the account creation back to the login page. Session storage: this tab only, read once and removed,
 * so a reload of the code step still returns to the login form (as when it lived in memory only).
 */
const CODE_STEP_KEY = 'mutua:code-step';
const PREFILL_KEY = 'mutua:login-prefill';
const EXPIRED_KEY = 'mutua:session-expired';
const CLOSED_KEY = 'mutua:account-closed';

type HandOff = { outcome: LoginOutcome; at: number };

function take(key: string): string | null {
  try {
    const value = sessionStorage.getItem(key);
    sessionStorage.removeItem(key);
    return value;
  } catch {
    return null; // Storage disabled: the member starts the login again.
  }
}

function put(key: string, value: string): void {
  try {
    sessionStorage.setItem(key, value);
  } catch {
    // Storage disabled: the next screen finds nothing and sends back to the login form.
  }
}

/** After a right password on the login page: keeps the outcome, and answers the screen to open. */
export function handOffCodeStep(outcome: LoginOutcome, now = Date.now()): string {
  put(CODE_STEP_KEY, JSON.stringify({ outcome, at: now } satisfies HandOff));
  return 'mfa' in outcome ? paths.mfa : paths.mfaEmailList;
}

/** The outcome the login page left, with the time it arrived (the code's deadlines count from it). */
export function takeCodeStepHandOff(): HandOff | null {
  const raw = take(CODE_STEP_KEY);
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<HandOff> | null;
    const outcome = value?.outcome as Record<string, unknown> | undefined;
    if (typeof value?.at !== 'number' || !outcome) return null;
    if ('mfa' in outcome || (typeof outcome.sessionId === 'string' && Array.isArray(outcome.emails))) return value as HandOff;
    return null;
  } catch {
    return null;
  }
}

/** The identifier a new account was given: the login form shows it typed (« Me connecter »). */
export function handOffLoginPrefill(login: string): void {
  put(PREFILL_KEY, login);
}

export function takeLoginPrefill(): string | null {
  return take(PREFILL_KEY);
}

/** The session ended while the member used the portal: the login page says so (« Votre session a expiré »). */
export function handOffSessionExpired(): void {
  put(EXPIRED_KEY, '1');
}

export function takeSessionExpired(): boolean {
  return take(EXPIRED_KEY) === '1';
}

/** What the login page says once the member has closed their account (the session ended with it). */
export const ACCOUNT_CLOSED_NOTICE =
  'Votre compte a été clôturé. Vos données personnelles ont été effacées, sauf celles que la loi nous oblige à conserver (remboursements, cotisations, contrats), rattachées à un dossier anonyme. Merci de votre confiance.';

/** The member closed their account: the login page, another document, confirms it once. */
export function handOffAccountClosed(): void {
  put(CLOSED_KEY, '1');
}

export function takeAccountClosed(): boolean {
  return take(CLOSED_KEY) === '1';
}
