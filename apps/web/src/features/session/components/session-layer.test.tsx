import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useQuery } from '@tanstack/react-query';
import { Outlet } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { takeSessionExpired } from '../../../lib/login-hand-off';
import { accessStore, setSessionFlags, type SessionFlags } from '../../../lib/access-store';
import { api } from '../../../lib/api-client';
import { sessionFlagsOf } from '../../../lib/global-details';
import { jsonResponse, stubFetch } from '../../../test/fetch';
import { renderRoutes } from '../../../test/render';
import { globalDetails, signedIn } from '../../../test/global-details';
import SessionLayer from './session-layer';

const FLAGS: SessionFlags = sessionFlagsOf(globalDetails());

function Requests() {
  const query = useQuery({ queryKey: ['requests-probe'], queryFn: () => api.get('/requests-probe'), retry: false });
  return <p>{query.isError ? 'erreur' : 'mes demandes'}</p>;
}

function renderLayer(path = '/home') {
  return renderRoutes(
    [
      {
        path: '/',
        element: (
          <>
            <Outlet />
            <SessionLayer />
          </>
        ),
        children: [
          { path: 'home', element: <p>accueil</p> },
          { path: 'requests', element: <Requests /> },
        ],
      },
      { path: '/login', element: <p>formulaire de connexion</p> },
    ],
    [path],
  );
}

beforeEach(() => {
  accessStore.reset();
  signedIn();
  sessionStorage.clear();
  setSessionFlags(FLAGS);
});
afterEach(() => sessionStorage.clear());

describe('session layer', () => {
  it('first connection: the tenant’s tutorial steps (entityTutorialDtos), step by step; finishing it is stored', async () => {
    const { calls } = stubFetch({
      '/all-info': jsonResponse({ data: globalDetails({ insured: { finishedTutorial: false } }) }),
      '/auth/tutorial/finished': jsonResponse({ data: { ok: true } }),
    });
    const user = userEvent.setup();
    renderLayer();
    const dialog = await screen.findByRole('dialog', { name: 'Découvrir votre espace' });
    expect(within(dialog).getByText('Étape 1 sur 2')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Suivant' }));
    expect(within(dialog).getByRole('heading', { name: 'Mes remboursements' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Terminer' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.filter((c) => c.url === '/api/auth/tutorial/finished')).toHaveLength(1);
  });

  it('a tenant without tutorial steps shows none, even on a first connection', async () => {
    // The next popup in the order (password validity) shows instead: the layer did read the details.
    stubFetch({
      '/all-info': jsonResponse({ data: globalDetails({ entityTutorialDtos: [], insured: { finishedTutorial: false, showPopupPasswordValidity: true } }) }),
    });
    renderLayer();
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Votre mot de passe n’a pas été modifié depuis plus d’un an.');
    expect(screen.queryByRole('dialog', { name: 'Découvrir votre espace' })).not.toBeInTheDocument();
  });

  it('password to renew: a popup that cannot be put off, with the password rule of contracts', async () => {
    const { calls } = stubFetch({
      '/all-info': jsonResponse({ data: globalDetails({ insured: { mustRenewPassword: true, finishedTutorial: false } }) }),
      '/auth/password': jsonResponse({ data: { ok: true } }),
    });
    const user = userEvent.setup();
    renderLayer();
    const dialog = await screen.findByRole('dialog', { name: 'Renouvellement de votre mot de passe' });
    expect(within(dialog).queryByRole('button', { name: 'Plus tard' })).not.toBeInTheDocument();
    await user.type(within(dialog).getByLabelText(/^Mot de passe actuel/, { selector: 'input' }), 'Mutua-Demo-2026!');
    await user.type(within(dialog).getByLabelText(/^Nouveau mot de passe/, { selector: 'input' }), 'tropcourt');
    await user.type(within(dialog).getByLabelText(/^Confirmation/, { selector: 'input' }), 'tropcourt');
    await user.click(within(dialog).getByRole('button', { name: 'Modifier mon mot de passe' }));
    expect(await within(dialog).findByText('Au moins 12 caractères', { selector: '.mantine-InputWrapper-error' })).toBeInTheDocument();
    expect(calls.filter((c) => c.url === '/api/auth/password')).toHaveLength(0);

    const field = within(dialog).getByLabelText(/^Nouveau mot de passe/, { selector: 'input' });
    await user.clear(field);
    await user.type(field, 'Nouveau-Secret-2026!');
    const confirm = within(dialog).getByLabelText(/^Confirmation/, { selector: 'input' });
    await user.clear(confirm);
    await user.type(confirm, 'Nouveau-Secret-2026!');
    await user.click(within(dialog).getByRole('button', { name: 'Modifier mon mot de passe' }));
    await waitFor(() => expect(calls.filter((c) => c.url === '/api/auth/password')).toHaveLength(1));
    expect(JSON.parse(String(calls.find((c) => c.url === '/api/auth/password')!.init.body))).toEqual({
      currentPassword: 'Mutua-Demo-2026!',
      newPassword: 'Nouveau-Secret-2026!',
    });
  });

  it('an old password: the validity popup, which can be put off for the session', async () => {
    stubFetch({ '/all-info': jsonResponse({ data: globalDetails({ insured: { showPopupPasswordValidity: true } }) }) });
    const user = userEvent.setup();
    renderLayer();
    const dialog = await screen.findByRole('dialog', { name: 'Votre mot de passe' });
    expect(dialog).toHaveTextContent('Votre mot de passe n’a pas été modifié depuis plus d’un an.');
    await user.click(within(dialog).getAllByRole('button', { name: 'Plus tard' }).at(-1)!);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sessionStorage.getItem('mutua:password-popup-later')).toBe('1');
  });

  it('a back-office login sees none of them', async () => {
    setSessionFlags({ ...FLAGS, isBoAuthentication: true });
    stubFetch({
      '/all-info': jsonResponse({ data: globalDetails({ isBoAuthentication: true, insured: { finishedTutorial: false, showPopupPasswordValidity: true } }) }),
    });
    renderLayer();
    expect(await screen.findByText('accueil')).toBeInTheDocument();
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('gates first: nothing while the legal pages are pending', async () => {
    setSessionFlags({ ...FLAGS, legalPagesValidated: false });
    stubFetch({ '/all-info': jsonResponse({ data: globalDetails({ insured: { finishedTutorial: false } }) }) });
    renderLayer();
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('a call answering UNAUTHENTICATED (session over on the server): everything cleared, back to login', async () => {
    stubFetch({
      '/all-info': jsonResponse({ data: globalDetails() }),
      '/requests-probe': jsonResponse({ error: { code: 'UNAUTHENTICATED', message: 'x' } }, 401),
    });
    renderLayer('/requests');
    expect(await screen.findByText('formulaire de connexion')).toBeInTheDocument();
    expect(accessStore.getState().session).toBeNull();
    // The login page (another document) says why.
    expect(takeSessionExpired()).toBe(true);
  });
});
