import type { TMfaState } from '@mutua/contracts/auth';
import { useSyncExternalStore } from 'react';
import { setMfa } from '../../lib/access-store';
import { takeCodeStepHandOff } from '../../lib/login-hand-off';

/**
 * The code step as the screens need it, beside the access store's part (session id, e-mail list) that
 * the guard reads. Deadlines are taken on this device's clock when an answer arrives (from
 * `codeDuration` and `resendTimeout`), so a server clock ahead or behind never shortens them.
 * Memory only, once taken from the login page's hand-off (login-hand-off.ts): a reload during the
 * code step goes back to the login form.
 */
export type CodeStep = {
  sessionId: string;
  /** Masked address the code went to. */
  email: string;
  environmentNoReplyEmail: string;
  codeDurationMinutes: number;
  resendTimeoutSeconds: number;
  /** Epoch ms at which the code stops being accepted. */
  codeDeadline: number;
  /** Epoch ms from which a new code may be asked for. */
  resendDeadline: number;
};

let codeStep: CodeStep | null = null;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

export function codeStepFrom(mfa: TMfaState, now = Date.now()): CodeStep {
  return {
    sessionId: mfa.sessionId,
    email: mfa.email,
    environmentNoReplyEmail: mfa.environmentNoReplyEmail,
    codeDurationMinutes: mfa.codeDuration,
    resendTimeoutSeconds: mfa.resendTimeout,
    codeDeadline: mfa.expired ? now : now + mfa.codeDuration * 60_000,
    resendDeadline: now + mfa.resendTimeout * 1000,
  };
}

/** A code was sent (login, e-mail chosen, resend): the mfa screen shows this step. */
export function startCodeStep(mfa: TMfaState): CodeStep {
  codeStep = codeStepFrom(mfa);
  // The e-mail list (if any) stays until the step ends: the list screen is still leaving.
  setMfa({ sessionId: mfa.sessionId });
  emit();
  return codeStep;
}

/** The member has two addresses: the mfa-email-list screen offers them (masked). */
export function startEmailChoice(sessionId: string, emails: string[]): void {
  codeStep = null;
  setMfa({ sessionId, emails });
  emit();
}

/** The send failed: a new code may be asked for at once. */
export function allowResendNow(): void {
  if (!codeStep) return;
  codeStep = { ...codeStep, resendDeadline: Date.now() };
  emit();
}

/** Session opened, or the attempt abandoned. */
export function endCodeStep(): void {
  codeStep = null;
  setMfa({ sessionId: null, emails: [] });
  emit();
}

// The login page is its own document: what its password step answered is picked up here, once.
const handed = takeCodeStepHandOff();
if (handed && 'mfa' in handed.outcome) {
  codeStep = codeStepFrom(handed.outcome.mfa, handed.at);
  setMfa({ sessionId: handed.outcome.mfa.sessionId });
} else if (handed && 'emails' in handed.outcome) {
  setMfa({ sessionId: handed.outcome.sessionId, emails: handed.outcome.emails });
}

export const getCodeStep = (): CodeStep | null => codeStep;

export function useCodeStep(): CodeStep | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => codeStep,
  );
}
