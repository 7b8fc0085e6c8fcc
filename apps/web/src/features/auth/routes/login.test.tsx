import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { accessStore } from '../../../lib/access-store';
import { jsonResponse, stubFetch } from '../../../test/fetch';
import { mfaState } from '../../../test/fixtures';
import { renderRoutes } from '../../../test/render';
import { endCodeStep, getCodeStep } from '../mfa-state';
import { Component as LoginScreen } from './login';

const MFA = mfaState();
const error = (code: string, status: number) => jsonResponse({ error: { code, message: 'message du serveur' } }, status);

function renderLogin() {
  return renderRoutes(
    [
      { path: '/login', element: <LoginScreen /> },
      { path: '/login/mfa', element: <p>écran du code</p> },
      { path: '/login/mfa-email-list', element: <p>choix de l’adresse</p> },
      { path: '/login/activate-account', element: <p>activation</p> },
    ],
    ['/login'],
  );
}

async function fillAndSubmit(login: string, password = 'Mutua-Demo-2026!') {
  const user = userEvent.setup();
  await user.type(screen.getByRole('textbox', { name: /^Identifiant/ }), login);
  await user.type(screen.getByLabelText(/^Mot de passe/, { selector: 'input' }), password);
  await user.click(screen.getByRole('button', { name: 'Se connecter' }));
  return user;
}

beforeEach(() => accessStore.reset());
afterEach(() => endCodeStep());

describe('login form', () => {
  it('checks the identifier with the contracts rule (e-mail or 8 digits) before sending', async () => {
    const { fetchMock } = stubFetch({});
    renderLogin();
    await fillAndSubmit('1234567');
    const field = screen.getByRole('textbox', { name: /^Identifiant/ });
    expect(await screen.findByText('Saisissez votre adresse e-mail ou votre numéro d’adhérent (8 chiffres).')).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field.getAttribute('aria-describedby')).toContain(screen.getByText('Saisissez votre adresse e-mail ou votre numéro d’adhérent (8 chiffres).').id);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it.each([
    ['INVALID_CREDENTIALS', 401, 'Identifiant ou mot de passe incorrect.'],
    ['ACCOUNT_BLOCKED', 403, 'Votre compte a été bloqué suite à un trop grand nombre d’erreurs. Veuillez réessayer dans quelques heures.'],
    ['MFA_BLOCKED', 403, 'Suite à plusieurs codes erronés, votre compte est bloqué pendant 2 heures.'],
    ['IP_BLOCKED', 429, 'Suite à de nombreuses tentatives infructueuses, les connexions depuis votre adresse IP sont temporairement bloquées. Veuillez réessayer plus tard.'],
    ['ENVIRONMENT_NOT_AUTHORISED', 403, 'Environnement inconnu ou pas encore autorisé.'],
    ['PROFILE_FAILURE', 500, 'Toutes les informations de votre compte n’ont pas pu être chargées.'],
    ['MAIL_SEND_FAILED', 502, 'L’envoi du mail contenant votre code a échoué. Veuillez demander un nouveau code.'],
    ['INTERNAL', 500, 'Un problème inattendu est survenu.'],
  ])('%s → its French message, announced', async (code, status, message) => {
    stubFetch({ '/auth/login': error(code, status) });
    renderLogin();
    await fillAndSubmit('12345678');
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(screen.queryByText('message du serveur')).not.toBeInTheDocument();
  });

  it('not activated: the message links to the activation', async () => {
    stubFetch({ '/auth/login': error('ACCOUNT_NOT_ACTIVATED', 403) });
    renderLogin();
    const user = await fillAndSubmit('emma.roux@example.com');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Votre compte n’est pas encore activé. Veuillez l’activer pour vous connecter.');
    await user.click(within(alert).getByRole('link', { name: 'Activer mon compte' }));
    expect(await screen.findByText('activation')).toBeInTheDocument();
  });

  it('spam block: the guide, a confirmation to tick, then the same login with spam_cleared', async () => {
    const { calls } = stubFetch({
      '/auth/login': ({ init }) =>
        JSON.parse(String(init.body)).spam_cleared ? jsonResponse({ data: { mfa: MFA } }) : error('SPAM_BLOCKED', 409),
    });
    renderLogin();
    const user = await fillAndSubmit('camille.durand@example.com');
    expect(await screen.findByRole('alert')).toHaveTextContent('Vous avez signalé nos mails comme indésirables');
    const guide = await screen.findByRole('region', { name: 'Recevoir à nouveau nos e-mails' });
    await user.click(within(guide).getByRole('button', { name: 'Confirmer et recevoir mon code' }));
    expect(await within(guide).findByText('Veuillez confirmer avoir suivi le guide.')).toBeInTheDocument();
    expect(calls.filter((c) => c.url === '/api/auth/login')).toHaveLength(1);

    await user.click(within(guide).getByRole('checkbox', { name: 'J’ai retiré vos e-mails de mes courriers indésirables' }));
    await user.click(within(guide).getByRole('button', { name: 'Confirmer et recevoir mon code' }));
    expect(await screen.findByText('écran du code')).toBeInTheDocument();
    expect(JSON.parse(String(calls.at(-1)!.init.body))).toEqual({
      grant_type: 'PASSWORD',
      login: 'camille.durand@example.com',
      password: 'Mutua-Demo-2026!',
      spam_cleared: true,
    });
  });

  it('a right password: the code step starts (state for the mfa screen)', async () => {
    stubFetch({ '/auth/login': jsonResponse({ data: { mfa: MFA } }) });
    renderLogin();
    await fillAndSubmit('12345678');
    expect(await screen.findByText('écran du code')).toBeInTheDocument();
    expect(getCodeStep()).toMatchObject({ sessionId: MFA.sessionId, email: 'c***d@example.com', codeDurationMinutes: 10, resendTimeoutSeconds: 120 });
    expect(accessStore.getState().mfa.sessionId).toBe(MFA.sessionId);
  });

  it('two addresses: the e-mail list, with the session id and the (masked) list in the access state', async () => {
    stubFetch({ '/auth/login': jsonResponse({ data: { sessionId: 'attempt-xyz-0123456789', emails: ['j***n@example.com', 'j***o@example.org'] } }) });
    renderLogin();
    await fillAndSubmit('23456789');
    expect(await screen.findByText('choix de l’adresse')).toBeInTheDocument();
    await waitFor(() => expect(accessStore.getState().mfa).toEqual({ sessionId: 'attempt-xyz-0123456789', emails: ['j***n@example.com', 'j***o@example.org'] }));
  });
});
