import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { accessStore } from '../../../lib/access-store';
import { jsonResponse, stubFetch } from '../../../test/fetch';
import { mfaState } from '../../../test/fixtures';
import { renderRoutes } from '../../../test/render';
import { endCodeStep, getCodeStep, startCodeStep } from '../mfa-state';
import { Component as MfaScreen } from './mfa';

const MFA = mfaState();

const error = (code: string, status = 400) => jsonResponse({ error: { code, message: 'x' } }, status);

function renderMfa() {
  return renderRoutes(
    [
      { path: '/login/mfa', element: <MfaScreen /> },
      { path: '/login', element: <p>formulaire de connexion</p> },
      { path: '/home', element: <p>accueil</p> },
    ],
    ['/login/mfa'],
  );
}

const codeInput = () => screen.getByRole('textbox', { name: /Code reçu par e-mail/ });
const resendButton = () => screen.getByRole('button', { name: 'Recevoir un nouveau code' });

beforeEach(() => {
  vi.useFakeTimers({ now: new Date('2026-01-15T10:00:00Z'), shouldAdvanceTime: true });
  accessStore.reset();
  startCodeStep(MFA);
});
afterEach(() => {
  endCodeStep();
  vi.useRealTimers();
});

describe('mfa screen', () => {
  it('without a code step in progress, goes back to the login form', async () => {
    endCodeStep();
    renderMfa();
    expect(await screen.findByText('formulaire de connexion')).toBeInTheDocument();
  });

  it('shows where the code went, its countdown in minutes and seconds, and allows a resend after resendTimeout seconds', async () => {
    stubFetch({});
    renderMfa();
    expect(screen.getByText('c***d@example.com')).toBeInTheDocument();
    expect(screen.getByTestId('code-countdown')).toHaveTextContent('Ce code expire dans 10 min 00 s.');
    expect(screen.getByTestId('resend-countdown')).toHaveTextContent('Vous pourrez demander un nouveau code dans 2 min 00 s.');
    expect(resendButton()).toBeDisabled();

    act(() => vi.advanceTimersByTime(65_000));
    expect(screen.getByTestId('code-countdown')).toHaveTextContent('Ce code expire dans 8 min 55 s.');
    expect(screen.getByTestId('resend-countdown')).toHaveTextContent('dans 0 min 55 s.');
    expect(resendButton()).toBeDisabled();

    act(() => vi.advanceTimersByTime(55_000));
    expect(resendButton()).toBeEnabled();
    expect(screen.getByTestId('resend-countdown')).toHaveTextContent('Vous n’avez rien reçu ?');
  });

  it("shows 'Code Expiré' once the code's duration has passed", async () => {
    stubFetch({});
    renderMfa();
    act(() => vi.advanceTimersByTime(10 * 60_000));
    expect(screen.getByTestId('code-expired')).toHaveTextContent('Code Expiré');
    expect(screen.queryByTestId('code-countdown')).not.toBeInTheDocument();
  });

  it('checks the code shape before sending (6 digits)', async () => {
    const { fetchMock } = stubFetch({});
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderMfa();
    await user.type(codeInput(), '12a');
    await user.click(screen.getByRole('button', { name: 'Valider' }));
    expect(await screen.findByText('Le code compte 6 chiffres.')).toBeInTheDocument();
    expect(codeInput()).toHaveAttribute('aria-invalid', 'true');
    expect(codeInput()).toHaveFocus();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("a wrong code: 'Code erroné', announced", async () => {
    stubFetch({ '/auth/validate-mfa': error('MFA_CODE_WRONG') });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderMfa();
    await user.type(codeInput(), '123456');
    await user.click(screen.getByRole('button', { name: 'Valider' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Code erroné');
  });

  it("an expired code from the server: 'Code Expiré' and a new code on offer", async () => {
    stubFetch({ '/auth/validate-mfa': error('MFA_CODE_EXPIRED') });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderMfa();
    act(() => vi.advanceTimersByTime(120_000));
    await user.type(codeInput(), '123456');
    await user.click(screen.getByRole('button', { name: 'Valider' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Code Expiré');
    expect(screen.getByRole('button', { name: 'Générer un nouveau code' })).toBeInTheDocument();
  });

  it('a code not recognised: the message, and generating a new one replaces the code step', async () => {
    const { calls } = stubFetch({
      '/auth/validate-mfa': error('MFA_CODE_UNKNOWN'),
      '/auth/regenerate-mfa': jsonResponse({ data: { mfa: { ...MFA, sessionId: MFA.sessionId } } }),
    });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderMfa();
    act(() => vi.advanceTimersByTime(130_000));
    await user.type(codeInput(), '123456');
    await user.click(screen.getByRole('button', { name: 'Valider' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Code non reconnu. Veuillez générer un nouveau code.');
    await user.click(screen.getByRole('button', { name: 'Générer un nouveau code' }));
    expect(await screen.findByTestId('code-resent')).toHaveTextContent('Un nouveau code a été envoyé à c***d@example.com');
    expect(calls.find((c) => c.url === '/api/auth/regenerate-mfa')?.init.body).toBe(JSON.stringify({ sessionId: MFA.sessionId }));
    // The countdowns start again; the entry is cleared.
    expect(screen.getByTestId('code-countdown')).toHaveTextContent('10 min 00 s');
    expect(resendButton()).toBeDisabled();
    expect(codeInput()).toHaveValue('');
  });

  it('five wrong codes: blocked for 2 hours, the form is disabled', async () => {
    stubFetch({ '/auth/validate-mfa': error('MFA_BLOCKED', 403) });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderMfa();
    await user.type(codeInput(), '123456');
    await user.click(screen.getByRole('button', { name: 'Valider' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Suite à plusieurs codes erronés, votre compte est bloqué pendant 2 heures.');
    expect(codeInput()).toBeDisabled();
    expect(within(screen.getByRole('alert')).getByRole('link', { name: 'Retour à la connexion' })).toHaveAttribute('href', '/login');
  });

  it('the right code opens the session: home, the code step is over', async () => {
    stubFetch({ '/auth/validate-mfa': jsonResponse({ data: { authenticated: true } }) });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderMfa();
    await user.type(codeInput(), '654321');
    await user.click(screen.getByRole('button', { name: 'Valider' }));
    expect(await screen.findByText('accueil')).toBeInTheDocument();
    await waitFor(() => expect(getCodeStep()).toBeNull());
    expect(accessStore.getState().mfa).toEqual({ sessionId: null, emails: [] });
  });
});
