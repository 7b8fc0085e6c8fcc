import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { closeCookieSettings, openCookieSettings } from '../../../lib/cookie-settings';
import { isTrackingAllowed, setTrackingConsent } from '../../../lib/tracking';
import { jsonResponse, stubFetch, type FetchCall } from '../../../test/fetch';
import { renderAt } from '../../../test/render';
import { forgetConsent, prefetchConsent, readConsent } from '../api/consent';
import { CookieConsent } from './cookie-consent';

afterEach(() => {
  setTrackingConsent(false);
  forgetConsent();
  // The panel's state lives in its module, which the next test (and the next file) shares.
  closeCookieSettings();
});

const state = (choice: { analytics: boolean } | null, backOffice = false) =>
  jsonResponse({ data: { choice: choice && { ...choice, decidedAt: '2026-11-23T10:00:00.000Z' }, backOffice } });

function stubConsent(initial: { analytics: boolean } | null, backOffice = false) {
  const posts: unknown[] = [];
  const { calls } = stubFetch({
    '/consent': (call: FetchCall) => {
      if (call.init.method === 'POST') {
        const body = JSON.parse(String(call.init.body)) as { analytics: boolean };
        posts.push(body);
        return state(body);
      }
      return state(initial, backOffice);
    },
  });
  return { posts, calls };
}

describe('CookieConsent', () => {
  it('asks a visitor who has not chosen; « Tout accepter » stores it, hides the banner and lets tracking speak', async () => {
    const { posts } = stubConsent(null);
    renderAt(<CookieConsent />);
    const banner = await screen.findByRole('region', { name: 'Gestion des cookies' });
    expect(isTrackingAllowed()).toBe(false);
    expect(screen.getByRole('button', { name: 'Tout refuser' })).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Tout accepter' }));
    await waitFor(() => expect(banner).not.toBeInTheDocument());
    expect(posts).toEqual([{ analytics: true }]);
    expect(isTrackingAllowed()).toBe(true);
  });

  it('« Personnaliser » lists the purposes; saving with audience unticked refuses it', async () => {
    const { posts } = stubConsent(null);
    renderAt(<CookieConsent />);
    await userEvent.click(await screen.findByRole('button', { name: 'Personnaliser' }));
    expect(screen.getByRole('checkbox', { name: /Cookies nécessaires/ })).toBeDisabled();
    const audience = screen.getByRole('checkbox', { name: /Mesure d’audience/ });
    expect(audience).not.toBeChecked();
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer mes choix' }));
    await waitFor(() => expect(posts).toEqual([{ analytics: false }]));
    expect(isTrackingAllowed()).toBe(false);
  });

  it('a stored acceptance: no banner, tracking on; the footer link reopens the choices to withdraw', async () => {
    const { posts } = stubConsent({ analytics: true });
    renderAt(<CookieConsent />);
    await waitFor(() => expect(isTrackingAllowed()).toBe(true));
    expect(screen.queryByRole('region', { name: 'Gestion des cookies' })).not.toBeInTheDocument();
    act(() => openCookieSettings());
    const audience = await screen.findByRole('checkbox', { name: /Mesure d’audience/ });
    expect(audience).toBeChecked();
    expect(audience).toHaveFocus();
    expect(screen.getByTestId('cookie-current-choice')).toHaveTextContent('mesure d’audience acceptée');
    await userEvent.click(audience);
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer mes choix' }));
    await waitFor(() => expect(isTrackingAllowed()).toBe(false));
    expect(posts).toEqual([{ analytics: false }]);
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Gestion des cookies' })).not.toBeInTheDocument());
  });

  it('a back-office session: nothing shown, tracking stays silent, even when asked from the footer', async () => {
    stubConsent(null, true);
    renderAt(<CookieConsent />);
    act(() => openCookieSettings());
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByRole('region', { name: 'Gestion des cookies' })).not.toBeInTheDocument();
    expect(isTrackingAllowed()).toBe(false);
  });

  it('asks the server once per page load, from start-up, however often the banner’s first render is retried', async () => {
    const { calls } = stubConsent(null);
    prefetchConsent();
    prefetchConsent();
    // A first render that suspends is thrown away and retried: each try reads the same answer.
    const first = readConsent();
    const again = readConsent();
    expect(await first).toEqual(await again);
    renderAt(<CookieConsent />);
    await screen.findByRole('region', { name: 'Gestion des cookies' });
    expect(calls.filter((c) => String(c.url).endsWith('/consent'))).toHaveLength(1);
  });
});
