import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderRoutes } from '../test/render';
import { ErrorScreen } from './error-screen';

const routes = [
  { path: '/home', element: <h1>Page d&apos;accueil</h1> },
  { path: '/before', element: <h1>Page précédente</h1> },
  { path: '/oops', element: <ErrorScreen kind="not-found" /> },
  { path: '/denied', element: <ErrorScreen kind="forbidden" /> },
  { path: '/broken', element: <ErrorScreen kind="default" /> },
];

describe('ErrorScreen', () => {
  it('shows the spec texts', () => {
    renderRoutes(routes, ['/oops']);
    expect(screen.getByRole('heading', { level: 1, name: 'Ouch\u00a0! Cette page n’existe pas' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retour' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Aller à l’accueil' })).toBeInTheDocument();
  });

  it('not authorised and default variants', () => {
    renderRoutes(routes, ['/denied']);
    expect(screen.getByRole('heading', { level: 1, name: 'Défense d’entrer' })).toBeInTheDocument();
    expect(screen.getByText('Vous n’êtes pas autorisé à accéder à cette page.')).toBeInTheDocument();
  });

  it('default variant', () => {
    renderRoutes(routes, ['/broken']);
    expect(screen.getByRole('heading', { level: 1, name: 'Un problème inattendu est survenu.' })).toBeInTheDocument();
  });

  it('"Aller à l\'accueil" goes home', async () => {
    const { router } = renderRoutes(routes, ['/oops']);
    await userEvent.click(screen.getByRole('button', { name: 'Aller à l’accueil' }));
    expect(router.state.location.pathname).toBe('/home');
  });

  it('"Retour" goes back when the app has history, home otherwise', async () => {
    const { router } = renderRoutes(routes, ['/before']);
    await router.navigate('/oops');
    window.history.replaceState({ idx: 1 }, '');
    await userEvent.click(await screen.findByRole('button', { name: 'Retour' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/before'));

    window.history.replaceState({ idx: 0 }, '');
    await router.navigate('/oops');
    window.history.replaceState({ idx: 0 }, '');
    await userEvent.click(await screen.findByRole('button', { name: 'Retour' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
  });
});
