import { beforeEach, describe, expect, it, vi } from 'vitest';
import { mfaState } from '../test/fixtures';
import { handOffCodeStep, handOffLoginPrefill, takeCodeStepHandOff, takeLoginPrefill } from './login-hand-off';

const MFA = mfaState({ sessionId: 's-1', email: 'c***e@example.com' });

beforeEach(() => {
  sessionStorage.clear();
  vi.resetModules();
});

describe('the hand-off from the login page to the code step', () => {
  it('names the screen to open and is read once', () => {
    expect(handOffCodeStep({ mfa: MFA })).toBe('/login/mfa');
    expect(takeCodeStepHandOff()?.outcome).toEqual({ mfa: MFA });
    expect(takeCodeStepHandOff()).toBeNull();
    expect(handOffCodeStep({ sessionId: 's-2', emails: ['a***@x.fr', 'b***@x.fr'] })).toBe('/login/mfa-email-list');
  });

  it('is picked up by the code step, its deadlines counted from the answer’s arrival, not from the next page', async () => {
    const arrived = Date.now() - 30_000;
    handOffCodeStep({ mfa: MFA }, arrived);
    const { getCodeStep } = await import('../features/auth/mfa-state');
    const { accessStore } = await import('./access-store');
    expect(getCodeStep()).toMatchObject({
      sessionId: 's-1',
      email: 'c***e@example.com',
      codeDeadline: arrived + 10 * 60_000,
      resendDeadline: arrived + 120_000,
    });
    expect(accessStore.getState().mfa.sessionId).toBe('s-1');
  });

  it('gives the choice of address its list', async () => {
    handOffCodeStep({ sessionId: 's-2', emails: ['a***@x.fr', 'b***@x.fr'] });
    const { getCodeStep } = await import('../features/auth/mfa-state');
    const { accessStore } = await import('./access-store');
    expect(getCodeStep()).toBeNull();
    expect(accessStore.getState().mfa).toEqual({ sessionId: 's-2', emails: ['a***@x.fr', 'b***@x.fr'] });
  });

  it('ignores what is not an outcome (a stale or tampered entry): back to the login form', async () => {
    sessionStorage.setItem('mutua:code-step', '{"outcome":{"x":1},"at":1}');
    expect(takeCodeStepHandOff()).toBeNull();
    sessionStorage.setItem('mutua:code-step', 'not json');
    expect(takeCodeStepHandOff()).toBeNull();
    const { getCodeStep } = await import('../features/auth/mfa-state');
    expect(getCodeStep()).toBeNull();
  });

  it('carries a new account’s identifier to the login form, once', () => {
    handOffLoginPrefill('12345678');
    expect(takeLoginPrefill()).toBe('12345678');
    expect(takeLoginPrefill()).toBeNull();
  });
});
