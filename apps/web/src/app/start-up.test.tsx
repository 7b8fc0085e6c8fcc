import { renderToString } from 'react-dom/server';
import { flushSync } from 'react-dom';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { act } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { AfterHydration, deferUntilHydrated } from '../components/after-hydration';
import { forgetConsent, readConsent } from '../features/consent/api/consent';
import { accessStore } from '../lib/access-store';
import { globalDetailsKey } from '../lib/global-details';
import { createQueryClient } from '../lib/react-query';
import { BRAND } from '../test/fixtures';
import { globalDetails } from '../test/global-details';
import { resetInit } from './guard-loader';
import { seedFromAnswers, type PageAnswers } from './start-up';

const DETAILS = globalDetails();
const ANSWERS: PageAnswers = {
  '/init': { data: { data: { brand: BRAND, logoutRedirectUrl: null } } },
  '/heartbeat': { data: { status: 'UP', active_debug_session: false } },
  '/all-info': { data: DETAILS },
  '/consent': { data: { choice: null, backOffice: false } },
};

afterEach(() => {
  accessStore.reset();
  resetInit();
  forgetConsent();
});

describe('a painted page’s start-up from its answers', () => {
  it('seeds the brand, the service status, the global details, the session flags and the cookie choice', () => {
    const client = createQueryClient();
    expect(seedFromAnswers(ANSWERS, client)).toBe(true);
    const state = accessStore.getState();
    expect(state.brand?.name).toBe(BRAND.name);
    expect(state.serviceStatus).toBe('UP');
    expect(state.session).toMatchObject({ legalPagesValidated: true, invalidPersonalInfo: false });
    expect(client.getQueryData(globalDetailsKey)).toEqual(DETAILS);
    // Known at once: the banner renders the same on the server and while hydrating.
    expect(readConsent()).toEqual({ choice: null, backOffice: false });
  });

  it('seeds nothing when an answer is missing or unreadable: the page is rendered in the browser', () => {
    for (const missing of ['/init', '/heartbeat', '/all-info', '/consent'] as const) {
      const client = createQueryClient();
      expect(seedFromAnswers({ ...ANSWERS, [missing]: undefined }, client), missing).toBe(false);
      expect(accessStore.getState().brand).toBeNull();
      expect(client.getQueryData(globalDetailsKey)).toBeUndefined();
    }
    expect(seedFromAnswers({ ...ANSWERS, '/init': { data: { data: { brand: { name: 'x' } } } } }, createQueryClient())).toBe(false);
  });
});

describe('AfterHydration', () => {
  const tree = (
    <main>
      <h1>Accueil</h1>
      <AfterHydration>
        <p>Fenêtre de campagne</p>
      </AfterHydration>
    </main>
  );

  it('is left out of the server’s render, then shown once the browser has hydrated the page, without a mismatch', async () => {
    // As the server's build and main.tsx before its hydration say it.
    deferUntilHydrated();
    const html = renderToString(tree);
    expect(html).not.toContain('Fenêtre de campagne');
    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.append(container);
    const errors: unknown[] = [];
    await act(async () => {
      hydrateRoot(container, tree, { onRecoverableError: (error) => errors.push(error) });
    });
    expect(errors).toEqual([]);
    expect(container.textContent).toContain('Fenêtre de campagne');
    container.remove();
  });

  it('shows its parts at once on a page rendered in the browser', () => {
    const container = document.createElement('div');
    const root = createRoot(container);
    flushSync(() => root.render(tree));
    expect(container.textContent).toContain('Fenêtre de campagne');
    root.unmount();
  });
});
