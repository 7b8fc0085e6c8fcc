import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { useRouteDialog } from '../../components/route-dialog';
import { renderRoutes } from '../../test/render';
import { DialogOutlet } from './dialog-outlet';

function Counter() {
  const [n, setN] = useState(0);
  return (
    <>
      <h1>Mes demandes</h1>
      <button type="button" onClick={() => setN(n + 1)}>
        compteur {n}
      </button>
    </>
  );
}

function DialogContent() {
  const { close } = useRouteDialog();
  return (
    <button type="button" onClick={close}>
      Terminer
    </button>
  );
}

const routes = [
  {
    element: (
      <main>
        <DialogOutlet fallback={<h1>Accueil (fond)</h1>} />
      </main>
    ),
    children: [
      { path: '/home', element: <h1>Accueil</h1>, handle: { title: 'Accueil' } },
      { path: '/requests', element: <Counter />, handle: { title: 'Mes demandes' } },
      { path: '/new-request', element: <DialogContent />, handle: { title: 'Nouvelle demande', dialog: true } },
    ],
  },
];

describe('dialog routes', () => {
  it('open as a modal over the page the user came from, which keeps its state', async () => {
    const user = userEvent.setup();
    const { router } = renderRoutes(routes, ['/requests']);
    await user.click(screen.getByRole('button', { name: 'compteur 0' }));

    await router.navigate('/new-request');
    const dialog = await screen.findByRole('dialog', { name: 'Nouvelle demande' });
    expect(dialog).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Mes demandes' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'compteur 1', hidden: true })).toBeInTheDocument();
  });

  it('closing leaves the dialog URL: back to the page behind', async () => {
    const user = userEvent.setup();
    const { router } = renderRoutes(routes, ['/requests']);
    window.history.replaceState({ idx: 1 }, '');
    await router.navigate('/new-request');
    await user.click(await screen.findByRole('button', { name: 'Terminer' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/requests'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('entered directly: over the fallback page; closing goes home', async () => {
    const user = userEvent.setup();
    window.history.replaceState({ idx: 0 }, '');
    const { router } = renderRoutes(routes, ['/new-request']);
    expect(await screen.findByRole('dialog', { name: 'Nouvelle demande' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Accueil (fond)', hidden: true })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Fermer' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
  });
});
