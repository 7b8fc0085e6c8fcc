import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fireEvent, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { jsonResponse, setCookies, stubFetch, type FetchCall } from '../test/fetch';
import { startConsent } from './consent';

const TEMPLATE = readFileSync(path.resolve(__dirname, '../../login.html'), 'utf8');
const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;
const state = (choice: { analytics: boolean } | null, backOffice = false) =>
  jsonResponse({ data: { choice: choice && { ...choice, decidedAt: '2026-11-01T10:00:00Z' }, backOffice } });
const posts = (calls: FetchCall[]) => calls.filter((c) => c.init.method === 'POST').map((c) => JSON.parse(String(c.init.body)) as unknown);

function open(): void {
  document.documentElement.innerHTML = new DOMParser().parseFromString(TEMPLATE, 'text/html').documentElement.innerHTML;
  startConsent(document);
}

const banner = () => $('cookie-consent');
const button = (name: string) => [...banner().querySelectorAll('button')].find((b) => b.textContent?.trim() === name)!;

beforeEach(() => setCookies('XSRF-TOKEN=t'));
afterEach(() => document.body.removeAttribute('style'));

describe('the cookie choices on the login page', () => {
  it('asks a visitor who has not chosen, and records « Tout refuser »', async () => {
    const { calls } = stubFetch({ '/consent': (call) => (call.init.method === 'POST' ? state({ analytics: false }) : state(null)) });
    open();
    await waitFor(() => expect(banner()).toBeVisible());
    expect(banner()).toHaveAccessibleName('Gestion des cookies');
    expect($('cookie-current-choice')).not.toBeVisible();
    fireEvent.click(button('Tout refuser'));
    await waitFor(() => expect(banner()).not.toBeVisible());
    expect(posts(calls)).toEqual([{ analytics: false }]);
  });

  it('lets the visitor choose purpose by purpose, the necessary cookies always on', async () => {
    const { calls } = stubFetch({ '/consent': (call) => (call.init.method === 'POST' ? state({ analytics: true }) : state(null)) });
    open();
    await waitFor(() => expect(banner()).toBeVisible());
    fireEvent.click(button('Personnaliser'));
    expect($('cookie-choices')).toBeVisible();
    expect($('cookie-actions')).not.toBeVisible();
    const necessary = banner().querySelector<HTMLInputElement>('input[disabled]')!;
    expect(necessary).toBeChecked();
    fireEvent.click($('cookie-analytics'));
    fireEvent.submit($('cookie-choices'));
    await waitFor(() => expect(banner()).not.toBeVisible());
    expect(posts(calls)).toEqual([{ analytics: true }]);
  });

  it('stays silent for a visitor who has chosen, and opens from the footer with the current choice, focused', async () => {
    stubFetch({ '/consent': state({ analytics: true }) });
    open();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(banner()).not.toBeVisible();
    const link = $('cookie-settings-link');
    const click = new MouseEvent('click', { bubbles: true, cancelable: true });
    link.dispatchEvent(click);
    expect(click.defaultPrevented).toBe(true);
    expect(banner()).toBeVisible();
    expect($('cookie-current-choice').textContent).toBe('Votre choix actuel\u00a0: mesure d’audience acceptée.');
    expect($('cookie-analytics')).toBeChecked();
    expect(document.activeElement).toBe($('cookie-analytics'));
    fireEvent.click(button('Fermer'));
    expect(banner()).not.toBeVisible();
    expect(document.activeElement).toBe(link);
  });

  it('says when a choice could not be saved, and keeps the banner', async () => {
    stubFetch({ '/consent': (call) => (call.init.method === 'POST' ? jsonResponse({ error: { code: 'INTERNAL', message: 'x' } }, 500) : state(null)) });
    open();
    await waitFor(() => expect(banner()).toBeVisible());
    fireEvent.click(button('Tout accepter'));
    await waitFor(() => expect($('cookie-error')).toBeVisible());
    expect($('cookie-error')).toHaveTextContent('Votre choix n’a pas pu être enregistré. Veuillez réessayer.');
    expect(banner()).toBeVisible();
  });

  it('shows nothing in a back-office session, nor when the state is unknown; the footer link then leads to the portal', async () => {
    stubFetch({ '/consent': state(null, true) });
    open();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(banner()).not.toBeVisible();
    const click = new MouseEvent('click', { bubbles: true, cancelable: true });
    $('cookie-settings-link').dispatchEvent(click);
    expect(click.defaultPrevented).toBe(false);

    stubFetch({ '/consent': 'network' });
    open();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(banner()).not.toBeVisible();
  });
});
