import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { accessStore } from '../../../lib/access-store';
import { jsonResponse, stubFetch } from '../../../test/fetch';
import { renderRoutes } from '../../../test/render';
import { globalDetails, legalPages, signedIn } from '../../../test/global-details';
import { Component as LegalPages } from './validate-legal-pages';

const routes = [
  { path: '/validate-legal-pages', element: <LegalPages /> },
  { path: '/home', element: <p>accueil</p> },
];

function scrollToBottom() {
  const region = screen.getByTestId('scroll-to-end');
  region.scrollTop = 600;
  fireEvent.scroll(region);
}

beforeEach(() => {
  accessStore.reset();
  signedIn();
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(400);
  vi.spyOn(HTMLElement.prototype, 'scrollHeight', 'get').mockReturnValue(1000);
});
afterEach(() => vi.restoreAllMocks());

describe('validate-legal-pages', () => {
  it('each unaccepted page read to the end; Validate accepts every page requiring it in its version; the flags follow', async () => {
    let accepted = false;
    const { calls } = stubFetch({
      '/all-info': () =>
        jsonResponse({
          data: accepted ? globalDetails() : globalDetails({ insured: { validatedLegalPages: false }, legalPages: legalPages('cgu', 'confidentialite') }),
        }),
      '/auth/legal-pages/accept': () => {
        accepted = true;
        return jsonResponse({ data: { validatedLegalPages: true, acceptedAt: '2026-01-15T10:00:00Z' } });
      },
    });
    const user = userEvent.setup();
    renderRoutes(routes, ['/validate-legal-pages']);

    expect(await screen.findByRole('heading', { name: 'Conditions générales d’utilisation' })).toBeInTheDocument();
    expect(screen.getByText('Document 1 sur 2')).toBeInTheDocument();
    expect(screen.getByText('Premier paragraphe.')).toBeInTheDocument();
    expect(screen.getByText('Second paragraphe.')).toBeInTheDocument();
    const next = screen.getByRole('button', { name: 'Suivant' });
    expect(next).toBeDisabled();
    scrollToBottom();
    await user.click(next);

    expect(screen.getByRole('heading', { name: 'Politique de confidentialité' })).toBeInTheDocument();
    const validate = screen.getByRole('button', { name: 'Valider' });
    // A new text starts unread.
    expect(validate).toBeDisabled();
    scrollToBottom();
    await user.click(validate);

    expect(await screen.findByText('accueil')).toBeInTheDocument();
    const body = JSON.parse(String(calls.find((c) => c.url === '/api/auth/legal-pages/accept')!.init.body));
    expect(body).toEqual({
      pages: [
        { type: 'cgu', version: 2 },
        { type: 'confidentialite', version: 1 },
      ],
    });
    expect(accessStore.getState().session?.legalPagesValidated).toBe(true);
  });

  it('a page changed meanwhile: the message of contracts', async () => {
    stubFetch({
      '/all-info': jsonResponse({ data: globalDetails({ insured: { validatedLegalPages: false }, legalPages: legalPages('cgu') }) }),
      '/auth/legal-pages/accept': jsonResponse({ error: { code: 'LEGAL_PAGES_OUTDATED', message: 'x' } }, 409),
    });
    const user = userEvent.setup();
    renderRoutes(routes, ['/validate-legal-pages']);
    await screen.findByRole('heading', { name: 'Conditions générales d’utilisation' });
    scrollToBottom();
    await user.click(screen.getByRole('button', { name: 'Valider' }));
    expect(within(await screen.findByRole('alert')).getByText('Les documents légaux ont été mis à jour. Veuillez les relire.')).toBeInTheDocument();
  });
});
