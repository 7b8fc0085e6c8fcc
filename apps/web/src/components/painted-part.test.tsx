import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { createMemoryRouter, Link, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { capturePaintedParts, PaintedPart } from './painted-part';

const rendered = vi.fn();

/** A read part: counts its renders, links to another page. */
function Summary({ refunds }: { refunds: { count: number } }) {
  rendered();
  return (
    <p>
      <Link to="/refunds">Mes {refunds.count} remboursements</Link>
    </p>
  );
}

function Page() {
  const [refunds, setRefunds] = useState({ count: 3 });
  return (
    <>
      <PaintedPart name="summary" data={[refunds]}>
        <Summary refunds={refunds} />
      </PaintedPart>
      {/* Operated, so hydrated: changes what the part shows. */}
      <button type="button" onClick={() => setRefunds({ count: 4 })}>
        Actualiser
      </button>
    </>
  );
}

const routes = () => [
  { path: '/', element: <Page /> },
  { path: '/refunds', element: <h1>Remboursements</h1> },
];

let container: HTMLElement;
let root: Root | undefined;
beforeEach(() => {
  rendered.mockClear();
  container = document.body.appendChild(document.createElement('div'));
});
afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  container.remove();
});

/** The server's render of the page, then the browser's hydration of it, as main.tsx does. */
async function paintThenHydrate() {
  container.innerHTML = renderToString(<RouterProvider router={createMemoryRouter(routes())} />);
  const painted = container.innerHTML;
  rendered.mockClear();
  const errors: unknown[] = [];
  const router = createMemoryRouter(routes());
  capturePaintedParts(container);
  await act(async () => {
    root = hydrateRoot(container, <RouterProvider router={router} />, { onRecoverableError: (error) => errors.push(error) });
  });
  return { router, errors, painted };
}

describe('PaintedPart', () => {
  it('keeps the markup the server painted through the hydration, without running its components again', async () => {
    const { errors, painted } = await paintThenHydrate();
    expect(rendered).not.toHaveBeenCalled();
    expect(errors).toEqual([]);
    expect(container.innerHTML).toBe(painted);
    expect(screen.getByRole('link', { name: 'Mes 3 remboursements' })).toHaveAttribute('href', '/refunds');
  });

  it('follows its links in the app, not by loading a new document', async () => {
    const { router } = await paintThenHydrate();
    await userEvent.click(screen.getByRole('link', { name: 'Mes 3 remboursements' }));
    expect(router.state.location.pathname).toBe('/refunds');
    expect(await screen.findByRole('heading', { name: 'Remboursements' })).toBeInTheDocument();
  });

  it('renders live once what it shows changes', async () => {
    await paintThenHydrate();
    await userEvent.click(screen.getByRole('button', { name: 'Actualiser' }));
    expect(await screen.findByRole('link', { name: 'Mes 4 remboursements' })).toBeInTheDocument();
    expect(rendered).toHaveBeenCalled();
  });

  it('renders its children when the page was not painted by the server', () => {
    capturePaintedParts(document.createElement('div'));
    render(<RouterProvider router={createMemoryRouter(routes())} />);
    expect(screen.getByRole('link', { name: 'Mes 3 remboursements' })).toBeInTheDocument();
    expect(rendered).toHaveBeenCalled();
  });
});
