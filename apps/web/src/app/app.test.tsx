import type { FeatureId } from '@mutua/contracts/features';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { accessStore, registerSessionLoader } from '../lib/access-store';
import { api } from '../lib/api-client';
import { setTrackingConsent, setTrackingSink } from '../lib/tracking';
import { BRAND } from '../test/fixtures';
import { jsonResponse, setCookies, stubFetch } from '../test/fetch';
import { renderRoutes } from '../test/render';
import { documentNavigator, resetInit } from './guard-loader';
import { buildRoutes, connectRequestLayer, featureOfPath } from './router';

const init = (logoutRedirectUrl: string | null = null) => jsonResponse({ data: { data: { logoutRedirectUrl, brand: BRAND } } });
const up = () => jsonResponse({ data: { status: 'UP', active_debug_session: false } });

function start(url: string) {
  const view = renderRoutes(buildRoutes(), [url]);
  connectRequestLayer(view.router);
  return view;
}

let leave: ReturnType<typeof vi.fn<(href: string) => void>>;
beforeEach(() => {
  leave = vi.fn<(href: string) => void>();
  documentNavigator.replace = leave;
  accessStore.reset();
  resetInit();
  setCookies();
});
afterEach(() => {
  setTrackingSink(null);
  setTrackingConsent(false);
});

describe('start-up', () => {
  it('an unknown host shows the neutral no-brand page', async () => {
    stubFetch({ '/init': jsonResponse({ error: { code: 'ENVIRONMENT_NOT_FOUND', message: 'x' } }, 404), '/heartbeat': up() });
    const { router } = start('/login/forgot-login');
    expect(await screen.findByRole('heading', { level: 1, name: 'Portail introuvable' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/no-brand');
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Portail introuvable'));
  });

  it('heartbeat DOWN → maintenance', async () => {
    stubFetch({ '/init': init(), '/heartbeat': 'network' });
    const { router } = start('/login/forgot-login');
    expect(await screen.findByRole('heading', { level: 1, name: 'Service momentanément indisponible' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/maintenance');
  });

  it('init in maintenance (503) → maintenance with the public reason and the status', async () => {
    stubFetch({
      '/init': jsonResponse({ error: { code: 'MAINTENANCE', message: 'm' }, maintenance_public_reason: 'Migration de nos serveurs' }, 503),
      '/heartbeat': up(),
    });
    start('/login/forgot-login');
    expect(await screen.findByText('Migration de nos serveurs')).toBeInTheDocument();
    expect(screen.getByText('Code d’erreur : 503')).toBeInTheDocument();
  });

  it('init timeout → maintenance flagged timeout with error 500', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    stubFetch({ '/init': 'hang', '/heartbeat': up() });
    start('/login/forgot-login');
    await vi.advanceTimersByTimeAsync(10_000);
    expect(await screen.findByTestId('maintenance-timeout')).toHaveTextContent('Le serveur n’a pas répondu à temps.');
    expect(screen.getByText('Code d’erreur : 500')).toBeInTheDocument();
    vi.useRealTimers();
  });

  it('/debug skips init and shows the heartbeat', async () => {
    const { calls } = stubFetch({ '/heartbeat': jsonResponse({ data: { status: 'UP', active_debug_session: true } }) });
    start('/debug');
    expect(await screen.findByRole('heading', { level: 1, name: 'Débogage' })).toBeInTheDocument();
    expect(screen.getByTestId('debug-status')).toHaveTextContent('UP');
    expect(screen.getByTestId('debug-session')).toHaveTextContent('Oui');
    expect(screen.getByTestId('debug-version')).toHaveTextContent('test');
    expect(within(screen.getByRole('navigation', { name: 'Liens' })).getByRole('link', { name: 'Page de connexion' })).toHaveAttribute('href', '/login');
    expect(calls.map((c) => c.url)).not.toContain('/api/init');
  });
});

describe('navigation', () => {
  it('anonymous on a screen of the login group: logo and the screen name; title and page view recorded', async () => {
    const pageView = vi.fn();
    setTrackingSink({ pageView, event: vi.fn() });
    setTrackingConsent(true);
    stubFetch({ '/init': init(), '/heartbeat': up() });
    start('/login/forgot-login');
    expect(await screen.findByRole('heading', { level: 1, name: 'Identifiant oublié' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Mutuelle Horizon' })).toHaveAttribute('src', '/api/brand/logo.svg');
    expect(screen.getByRole('link', { name: 'Aller au contenu principal' })).toHaveAttribute('href', '#main-content');
    await waitFor(() => expect(document.title).toBe('Mutuelle Horizon - Identifiant oublié'));
    expect(pageView).toHaveBeenCalledWith({ path: '/login/forgot-login', title: 'Identifiant oublié' });
  });

  it('anonymous on /login: the guard lets it through, then the server’s login page is loaded as a document', async () => {
    stubFetch({ '/init': init(), '/heartbeat': up() });
    start('/login?x=1');
    await waitFor(() => expect(leave).toHaveBeenCalledWith('http://localhost/login?x=1'));
    expect(screen.queryByRole('heading', { level: 1 })).not.toBeInTheDocument();
  });

  it('anonymous on a protected page: logout is called, then login', async () => {
    const { calls } = stubFetch({ '/init': init(), '/heartbeat': up(), '/auth/logout': jsonResponse({ data: { data: null } }) });
    start('/requests');
    await waitFor(() => expect(leave).toHaveBeenCalledWith('http://localhost/login'));
    expect(calls.map((c) => c.url)).toContain('/api/auth/logout');
  });

  it('logged in on /login → home, in the main layout, heartbeat before each navigation', async () => {
    setCookies('vauth=true');
    const { calls } = stubFetch({ '/init': init(), '/heartbeat': up() });
    const { router } = start('/login');
    expect(await screen.findByRole('heading', { level: 1, name: 'Accueil' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/home');
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(screen.getByRole('main')).toHaveAttribute('id', 'main-content');
    expect(within(screen.getByRole('navigation', { name: 'Navigation principale' })).getByRole('link', { name: 'Accueil' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await waitFor(() => expect(document.title).toBe('Mutuelle Horizon - Accueil'));

    const heartbeats = () => calls.filter((c) => c.url === '/api/heartbeat').length;
    const before = heartbeats();
    await router.navigate('/nowhere');
    expect(await screen.findByRole('heading', { level: 1, name: 'Ouch\u00a0! Cette page n’existe pas' })).toBeInTheDocument();
    expect(heartbeats()).toBe(before + 1);
    expect(calls.filter((c) => c.url === '/api/init')).toHaveLength(1);
  });

  it('signed in: the global details are asked for beside init and the heartbeat, not once they answered', async () => {
    setCookies('vauth=true');
    let answerInit: () => void = () => {};
    const loader = vi.fn().mockResolvedValue(null);
    registerSessionLoader(loader);
    stubFetch({ '/init': () => new Promise<Response>((resolve) => (answerInit = () => resolve(init()))), '/heartbeat': up() });
    const { router } = start('/home');
    await waitFor(() => expect(loader).toHaveBeenCalledTimes(1));
    answerInit();
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
    expect(loader).toHaveBeenCalledTimes(1);
  });

  it('loads the session flags through the registered loader before guarding', async () => {
    setCookies('vauth=true');
    const loader = vi.fn().mockResolvedValue({
      invalidPersonalInfo: false,
      legalPagesValidated: false,
      isBoAuthentication: false,
      schoolingPopup: false,
      features: [],
      logoutRedirectUrl: null,
    });
    registerSessionLoader(loader);
    stubFetch({ '/init': init(), '/heartbeat': up() });
    const { router } = start('/home');
    await waitFor(() => expect(router.state.location.pathname).toBe('/validate-legal-pages'));
    expect(loader).toHaveBeenCalledTimes(1);
  });

  it('a route-table entry’s feature gates it: off → home, on → through (rule 11)', async () => {
    setCookies('vauth=true');
    const flags = (features: FeatureId[]) => ({
      invalidPersonalInfo: false,
      legalPagesValidated: true,
      isBoAuthentication: false,
      schoolingPopup: false,
      features,
      logoutRedirectUrl: null,
    });
    registerSessionLoader(vi.fn().mockResolvedValue(flags(['BENEFICIARIES_ADD'])));
    stubFetch({ '/init': init(), '/heartbeat': up() });
    const { router } = start('/services');
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
    accessStore.setState({ session: flags(['MY_SERVICES']) });
    await router.navigate('/services');
    await waitFor(() => expect(router.state.navigation.state).toBe('idle'));
    expect(router.state.location.pathname).toBe('/services');
  });

  it('fails closed when the global details cannot be loaded: the error page, not home without the gates', async () => {
    setCookies('vauth=true');
    registerSessionLoader(() => api.get('/all-info'));
    stubFetch({ '/init': init(), '/heartbeat': up(), '/all-info': jsonResponse({ error: { code: 'INTERNAL', message: 'x' } }, 500) });
    const { router } = start('/home');
    await waitFor(() => expect(router.state.location.pathname).toBe('/error'));
    expect(await screen.findByText('Un problème inattendu est survenu.')).toBeInTheDocument();
  });

  it('an ended session found while loading the global details goes to login', async () => {
    setCookies('vauth=true');
    registerSessionLoader(async () => {
      setCookies(); // the server clears vauth with its 401
      return api.get('/all-info');
    });
    stubFetch({
      '/init': init(),
      '/heartbeat': up(),
      '/auth/logout': jsonResponse({ data: { data: { url: null } } }),
      '/all-info': jsonResponse({ error: { code: 'UNAUTHENTICATED', message: 'x' } }, 401),
    });
    start('/home');
    await waitFor(() => expect(leave).toHaveBeenCalledWith('http://localhost/login'));
  });

  it('a 503 on an ordinary call → maintenance with the reason', async () => {
    setCookies('vauth=true');
    stubFetch({
      '/init': init(),
      '/heartbeat': up(),
      '/all-info': jsonResponse({ error: { code: 'MAINTENANCE', message: 'm' }, maintenance_public_reason: 'Intervention technique' }, 503),
    });
    const { router } = start('/home');
    await screen.findByRole('heading', { level: 1, name: 'Accueil' });
    await expect(api.get('/all-info')).rejects.toMatchObject({ status: 503 });
    expect(await screen.findByText('Intervention technique')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/maintenance');
    // It stays there while the app runs, whatever the heartbeat says.
    await router.navigate('/home');
    await waitFor(() => expect(router.state.navigation.state).toBe('idle'));
    expect(router.state.location.pathname).toBe('/maintenance');
  });

  it('the not-found page buttons go home and back', async () => {
    setCookies('vauth=true');
    stubFetch({ '/init': init(), '/heartbeat': up() });
    const { router } = start('/home');
    await screen.findByRole('heading', { level: 1, name: 'Accueil' });
    await router.navigate('/nowhere');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Aller à l’accueil' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
  });
});

describe('route table', () => {
  it('declares the feature toggles on their routes, once', () => {
    expect(featureOfPath('/services')).toBe('MY_SERVICES');
    expect(featureOfPath('/services/annuaire')).toBe('MY_SERVICES');
    expect(featureOfPath('/add-beneficiary')).toBe('BENEFICIARIES_ADD');
    expect(featureOfPath('/paid-options')).toBe('CONTRACT_RESILIATION');
    expect(featureOfPath('/paid-options-summary')).toBeUndefined();
    expect(featureOfPath('/home')).toBeUndefined();
  });
});
