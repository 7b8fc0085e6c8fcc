import { readFileSync } from 'node:fs';
import path from 'node:path';
import { IDENTIFIER_MESSAGE, PASSWORD_MISSING_MESSAGE } from '@mutua/contracts/auth';
import { MEMBER_ERRORS } from '@mutua/contracts/errors';
import { fireEvent, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ACCOUNT_CLOSED_NOTICE, handOffAccountClosed, handOffLoginPrefill, handOffSessionExpired, takeCodeStepHandOff } from '../lib/login-hand-off';
import { mfaState } from '../test/fixtures';
import { jsonResponse, setCookies, stubFetch, type FetchCall } from '../test/fetch';
import { startLoginPage } from './login-page';

// The page as the server sends it (placeholders left: they hold only the brand).
const TEMPLATE = readFileSync(path.resolve(__dirname, '../../login.html'), 'utf8');
const MFA = mfaState();

let go: ReturnType<typeof vi.fn<(url: string) => void>>;
const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;
const field = (id: 'login' | 'password') => $<HTMLInputElement>(id);

function open(): void {
  document.documentElement.innerHTML = new DOMParser().parseFromString(TEMPLATE, 'text/html').documentElement.innerHTML;
  go = vi.fn<(url: string) => void>();
  startLoginPage(document, go);
}

function fill(login: string, password: string): void {
  fireEvent.input(field('login'), { target: { value: login } });
  fireEvent.input(field('password'), { target: { value: password } });
}

const submit = () => fireEvent.submit($('login-form'));
const bodyOf = (call: FetchCall) => JSON.parse(String(call.init.body)) as Record<string, unknown>;

beforeEach(() => {
  sessionStorage.clear();
  setCookies('XSRF-TOKEN=token-1');
});
afterEach(() => vi.unstubAllGlobals());

describe('the login page’s checks', () => {
  it('shows both messages of ZLoginForm on an empty form, marks the fields, focuses the first and calls nothing', () => {
    const { fetchMock } = stubFetch({});
    open();
    submit();
    expect($('login-error')).toHaveTextContent(IDENTIFIER_MESSAGE);
    expect($('login-error')).toBeVisible();
    expect($('password-error')).toHaveTextContent(PASSWORD_MISSING_MESSAGE);
    expect(field('login')).toHaveAttribute('aria-invalid', 'true');
    expect(field('login')).toHaveAccessibleDescription(/Votre adresse e-mail.*Saisissez votre adresse e-mail/);
    expect(document.activeElement).toBe(field('login'));
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('refuses an identifier that is neither an e-mail nor 8 digits, and clears the message as it is corrected', () => {
    stubFetch({});
    open();
    fill('1234', 'secret');
    submit();
    expect($('login-error')).toHaveTextContent(IDENTIFIER_MESSAGE);
    expect($('password-error')).not.toBeVisible();
    expect(field('password')).not.toHaveAttribute('aria-invalid');
    fireEvent.input(field('login'), { target: { value: '12345678' } });
    expect($('login-error')).not.toBeVisible();
    expect(field('login')).not.toHaveAttribute('aria-invalid');
  });

  it('does not check before a first try (no message while typing)', () => {
    stubFetch({});
    open();
    fireEvent.input(field('login'), { target: { value: 'x' } });
    expect($('login-error')).not.toBeVisible();
  });
});

describe('the password step', () => {
  it('sends the identifier (trimmed) and password with the anti-forgery header, then hands the code step to the SPA', async () => {
    const { calls } = stubFetch({ '/auth/login': jsonResponse({ data: { mfa: MFA } }) });
    open();
    fill('  12345678 ', 'Mutua-Demo-2026!');
    submit();
    await waitFor(() => expect(go).toHaveBeenCalledWith('/login/mfa'));
    expect(calls).toHaveLength(1);
    expect(calls[0]!.init.method).toBe('POST');
    expect(new Headers(calls[0]!.init.headers).get('X-XSRF-TOKEN')).toBe('token-1');
    expect(bodyOf(calls[0]!)).toEqual({ grant_type: 'PASSWORD', login: '12345678', password: 'Mutua-Demo-2026!', spam_cleared: false });
    const handed = takeCodeStepHandOff();
    expect(handed?.outcome).toEqual({ mfa: MFA });
    // Read once: a reload of the code step returns to the form.
    expect(takeCodeStepHandOff()).toBeNull();
  });

  it('sends a member with two addresses to the choice of address', async () => {
    stubFetch({ '/auth/login': jsonResponse({ data: { sessionId: 's-2', emails: ['j***n@example.com', 'j***t@example.com'] } }) });
    open();
    fill('julien@example.com', 'secret');
    submit();
    await waitFor(() => expect(go).toHaveBeenCalledWith('/login/mfa-email-list'));
    expect(takeCodeStepHandOff()?.outcome).toEqual({ sessionId: 's-2', emails: ['j***n@example.com', 'j***t@example.com'] });
  });

  it('sends once however often the form is submitted while the call runs, the button busy but still focused', async () => {
    let release: (r: Response) => void = () => {};
    const { calls } = stubFetch({ '/auth/login': () => new Promise<Response>((resolve) => (release = resolve)) });
    open();
    fill('12345678', 'secret');
    $('login-submit').focus();
    submit();
    submit();
    expect($('login-submit')).toHaveAttribute('aria-disabled', 'true');
    expect(document.activeElement).toBe($('login-submit'));
    release(jsonResponse({ data: { mfa: MFA } }));
    await waitFor(() => expect(go).toHaveBeenCalledTimes(1));
    expect(calls).toHaveLength(1);
  });

  it('announces a refusal with its French message and follow-up, focused; the form stays as typed', async () => {
    stubFetch({ '/auth/login': jsonResponse({ error: { code: 'ACCOUNT_NOT_ACTIVATED', message: 'x' } }, 401) });
    open();
    fill('12345678', 'secret');
    submit();
    await waitFor(() => expect($('login-alert').querySelector('[role="alert"]')).not.toBeNull());
    const alert = $('login-alert').querySelector<HTMLElement>('[role="alert"]')!;
    expect(alert).toHaveTextContent(MEMBER_ERRORS.ACCOUNT_NOT_ACTIVATED.message);
    expect(alert.querySelector('a')).toHaveAttribute('href', '/login/activate-account');
    expect(alert.querySelector('a')).toHaveTextContent('Activer mon compte');
    expect(alert).toHaveAttribute('data-code', 'ACCOUNT_NOT_ACTIVATED');
    expect(document.activeElement).toBe(alert);
    expect(field('login').value).toBe('12345678');
    expect($('login-submit')).not.toHaveAttribute('aria-disabled');
    expect(go).not.toHaveBeenCalled();
  });

  it('says the generic message when the network fails, and a new try clears the old message', async () => {
    const { calls } = stubFetch({ '/auth/login': 'network' });
    open();
    fill('12345678', 'secret');
    submit();
    await waitFor(() => expect($('login-alert').querySelector('[role="alert"]')).toHaveTextContent(MEMBER_ERRORS.INTERNAL.message));
    stubFetch({ '/auth/login': jsonResponse({ data: { mfa: MFA } }) });
    submit();
    await waitFor(() => expect(go).toHaveBeenCalledWith('/login/mfa'));
    expect($('login-alert').querySelector('[role="alert"]')).toBeNull();
    expect(calls).toHaveLength(1);
  });

  it('leaves for the maintenance page on a 503', async () => {
    stubFetch({ '/auth/login': jsonResponse({ error: { code: 'MAINTENANCE', message: 'x' } }, 503) });
    open();
    fill('12345678', 'secret');
    submit();
    await waitFor(() => expect(go).toHaveBeenCalledWith('/maintenance'));
  });
});

describe('mails flagged as spam', () => {
  it('shows the guide; confirming needs the box ticked, then retries the same login with spam_cleared', async () => {
    const { calls } = stubFetch({
      '/auth/login': (call) =>
        bodyOf(call).spam_cleared ? jsonResponse({ data: { mfa: MFA } }) : jsonResponse({ error: { code: 'SPAM_BLOCKED', message: 'x' } }, 403),
    });
    open();
    expect($('spam-guide')).not.toBeVisible();
    fill('12345678', 'secret');
    submit();
    await waitFor(() => expect($('spam-guide')).toBeVisible());
    expect($('login-alert').querySelector('[role="alert"]')?.textContent).toContain(MEMBER_ERRORS.SPAM_BLOCKED.message);

    fireEvent.click($('spam-confirm'));
    expect($('spam-cleared-error')).toBeVisible();
    expect(document.activeElement).toBe($('spam-cleared'));
    expect(calls).toHaveLength(1);

    // The form changed since: the retry sends what was refused, not what is typed now.
    fireEvent.input(field('password'), { target: { value: 'other' } });
    fireEvent.click($('spam-cleared'));
    expect($('spam-cleared-error')).not.toBeVisible();
    fireEvent.click($('spam-confirm'));
    await waitFor(() => expect(go).toHaveBeenCalledWith('/login/mfa'));
    expect(bodyOf(calls[1]!)).toEqual({ grant_type: 'PASSWORD', login: '12345678', password: 'secret', spam_cleared: true });
  });
});

describe('the rest of the page', () => {
  it('says the session expired when the SPA left for it for that reason, once, and not after a try', async () => {
    stubFetch({ '/auth/login': 'network' });
    expect(() => open()).not.toThrow();
    expect($('login-notice')).not.toBeVisible();
    handOffSessionExpired();
    open();
    expect($('login-notice')).toBeVisible();
    expect($('login-notice')).toHaveTextContent(MEMBER_ERRORS.UNAUTHENTICATED.message);
    expect($('login-notice')).toHaveAttribute('role', 'status');
    fill('12345678', 'secret');
    submit();
    expect($('login-notice')).not.toBeVisible();
    open();
    expect($('login-notice')).not.toBeVisible();
  });

  it('confirms a closed account once, rather than an expired session', () => {
    stubFetch({});
    handOffSessionExpired();
    handOffAccountClosed();
    open();
    expect($('login-notice')).toBeVisible();
    expect($('login-notice')).toHaveTextContent(ACCOUNT_CLOSED_NOTICE);
    expect($('login-notice')).not.toHaveTextContent(MEMBER_ERRORS.UNAUTHENTICATED.message);
    open();
    expect($('login-notice')).not.toBeVisible();
  });

  it('shows the identifier a new account was given, once, and puts the focus on the password', () => {
    stubFetch({});
    handOffLoginPrefill('camille.durand@example.com');
    open();
    expect(field('login').value).toBe('camille.durand@example.com');
    expect(document.activeElement).toBe(field('password'));
    open();
    expect(field('login').value).toBe('');
  });

  it('shows and hides the password with a labelled toggle button', () => {
    stubFetch({});
    open();
    const toggle = $('password-toggle');
    expect(toggle).toHaveAccessibleName('Afficher le mot de passe');
    fireEvent.click(toggle);
    expect(field('password').type).toBe('text');
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
    fireEvent.click(toggle);
    expect(field('password').type).toBe('password');
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
  });
});
