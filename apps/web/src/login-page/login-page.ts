import { IDENTIFIER_MESSAGE, loginTypeOf, PASSWORD_MISSING_MESSAGE, type TLoginRequest } from '@mutua/contracts/auth';
import { ERROR_ACTIONS } from '../features/auth/error-actions';
import { ACCOUNT_CLOSED_NOTICE, handOffCodeStep, takeAccountClosed, takeLoginPrefill, takeSessionExpired, type LoginOutcome } from '../lib/login-hand-off';
import { api, ApiError, errorMessage, type ApiErrorCode } from '../lib/api-client';
import { paths } from '../lib/paths';

/**
 * The password step of /login on the server-rendered page (login.html): the same checks, messages and
 * call as the SPA's forms, in a few kilobytes — no framework, the page is already painted. A right
 * password hands the answer to the SPA's code step (login-hand-off.ts) and leaves for it.
 */
export function startLoginPage(doc: Document, go: (url: string) => void): void {
  const byId = <T extends HTMLElement>(id: string) => {
    const element = doc.getElementById(id);
    if (!element) throw new Error(`#${id} is missing from login.html`);
    return element as T;
  };
  const form = byId<HTMLFormElement>('login-form');
  const login = byId<HTMLInputElement>('login');
  const password = byId<HTMLInputElement>('password');
  const submit = byId<HTMLButtonElement>('login-submit');
  const alertHost = byId<HTMLElement>('login-alert');
  const spamGuide = byId<HTMLElement>('spam-guide');
  const spamCleared = byId<HTMLInputElement>('spam-cleared');
  const spamConfirm = byId<HTMLButtonElement>('spam-confirm');

  let submitted = false;
  let pending = false;
  let lastInput: { login: string; password: string } | null = null;

  // Both are read (and so forgotten): a call that met the closed account's ended session also left « expired ».
  const expired = takeSessionExpired();
  const closed = takeAccountClosed();
  if (expired || closed) {
    const notice = byId<HTMLElement>('login-notice');
    notice.textContent = closed ? ACCOUNT_CLOSED_NOTICE : errorMessage('UNAUTHENTICATED');
    notice.hidden = false;
  }

  const prefill = takeLoginPrefill();
  if (prefill) {
    // Coming from the account creation: the new identifier is typed, the password is what is left.
    login.value = prefill;
    password.focus();
  }

  /** Shows or clears a field's message; the field is marked invalid while it has one. */
  function fieldError(input: HTMLInputElement, message: string | null): void {
    const error = byId<HTMLElement>(`${input.id}-error`);
    error.textContent = message ?? '';
    error.hidden = message === null;
    if (message) input.setAttribute('aria-invalid', 'true');
    else input.removeAttribute('aria-invalid');
  }

  /** The form's checks (ZLoginForm's rules and messages); answers the first field in error. */
  function validate(): HTMLInputElement | null {
    const identifier = login.value.trim();
    const loginOk = identifier.length > 0 && loginTypeOf(identifier) !== null;
    const passwordOk = password.value.length > 0;
    fieldError(login, loginOk ? null : IDENTIFIER_MESSAGE);
    fieldError(password, passwordOk ? null : PASSWORD_MISSING_MESSAGE);
    return !loginOk ? login : !passwordOk ? password : null;
  }

  function setBusy(busy: boolean, button: HTMLButtonElement): void {
    pending = busy;
    // Not `disabled`: the focus stays on the button while the call runs.
    for (const b of [submit, spamConfirm]) {
      if (busy && b === button) b.setAttribute('data-loading', 'true');
      else b.removeAttribute('data-loading');
      if (busy) b.setAttribute('aria-disabled', 'true');
      else b.removeAttribute('aria-disabled');
    }
  }

  /** The answer's message (MEMBER_ERRORS) and its follow-up, announced and focused at the top of the card. */
  function showAlert(code: ApiErrorCode): void {
    const alert = doc.createElement('div');
    alert.className = 'alert';
    alert.setAttribute('role', 'alert');
    alert.setAttribute('data-testid', 'auth-error');
    alert.setAttribute('data-code', code);
    alert.tabIndex = -1;
    const message = doc.createElement('p');
    message.textContent = errorMessage(code);
    alert.append(message);
    const action = ERROR_ACTIONS[code];
    if (action?.kind === 'link') {
      const link = doc.createElement('a');
      link.href = action.to;
      link.textContent = action.label;
      alert.append(link);
    }
    alertHost.replaceChildren(alert);
    alert.focus();
  }

  async function send(input: { login: string; password: string }, spamClearedNow: boolean, button: HTMLButtonElement): Promise<void> {
    if (pending) return;
    setBusy(true, button);
    alertHost.replaceChildren();
    byId('login-notice').hidden = true;
    lastInput = input;
    const body: TLoginRequest = { grant_type: 'PASSWORD', login: input.login, password: input.password, spam_cleared: spamClearedNow };
    try {
      const outcome = await api.post<LoginOutcome>('/auth/login', body);
      // Busy until the next page shows.
      go(handOffCodeStep(outcome));
    } catch (error) {
      setBusy(false, button);
      const code: ApiErrorCode = error instanceof ApiError ? error.code : 'INTERNAL';
      if (code === 'MAINTENANCE') return go(paths.maintenance);
      spamGuide.hidden = code !== 'SPAM_BLOCKED';
      showAlert(code);
    }
  }

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    if (pending) return;
    submitted = true;
    const invalid = validate();
    if (invalid) return invalid.focus();
    void send({ login: login.value.trim(), password: password.value }, false, submit);
  });

  // After a first try, each field is checked again as the member corrects it.
  for (const input of [login, password]) {
    input.addEventListener('input', () => {
      if (submitted) validate();
    });
  }

  spamConfirm.addEventListener('click', () => {
    if (!spamCleared.checked) {
      byId('spam-cleared-error').hidden = false;
      spamCleared.setAttribute('aria-invalid', 'true');
      return spamCleared.focus();
    }
    if (lastInput) void send(lastInput, true, spamConfirm);
  });
  spamCleared.addEventListener('change', () => {
    if (!spamCleared.checked) return;
    byId('spam-cleared-error').hidden = true;
    spamCleared.removeAttribute('aria-invalid');
  });

  const toggle = byId<HTMLButtonElement>('password-toggle');
  toggle.addEventListener('click', () => {
    const visible = password.type === 'password';
    password.type = visible ? 'text' : 'password';
    toggle.setAttribute('aria-pressed', String(visible));
    toggle.querySelector<SVGElement>('.cross')?.toggleAttribute('hidden', !visible);
  });

  // Back from the code step, the page may come out of the browser's cache as it was left: busy.
  doc.defaultView?.addEventListener('pageshow', (event) => {
    if (event.persisted) setBusy(false, submit);
  });
}
