import { readFileSync } from 'node:fs';
import path from 'node:path';
import { render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { Footer } from '../app/layout/footer';
import { CookieConsent } from '../features/consent/components/cookie-consent';
import { forgetConsent } from '../features/consent/api/consent';
import { SpamGuide } from '../features/auth/components/spam-guide';
import { IdentifierField } from '../features/auth/components/identifier-field';
import { jsonResponse, stubFetch } from '../test/fetch';
import { renderAt, TestProviders } from '../test/render';

// The login page (login.html, plain HTML the server fills) repeats what the SPA's components say: the
// same member must read the same words on both. These compare them, so that one is not changed alone.
const page = new DOMParser().parseFromString(readFileSync(path.resolve(__dirname, '../../login.html'), 'utf8'), 'text/html');
const words = (element: Element | null) => (element?.textContent ?? '').replace(/\s+/g, ' ').trim();

beforeEach(() => forgetConsent());

describe('the login page says what the SPA says', () => {
  it('the cookie banner: heading, explanation and purposes', async () => {
    stubFetch({ '/consent': jsonResponse({ data: { choice: null, backOffice: false } }) });
    render(
      <TestProviders>
        <CookieConsent />
      </TestProviders>,
    );
    const banner = await screen.findByTestId('cookie-consent');
    const spa = [...banner.querySelectorAll('h2, p')].map(words);
    const ours = page.getElementById('cookie-consent')!;
    expect(words(ours.querySelector('h2'))).toBe(spa[0]);
    expect(words(ours.querySelector('.consent-text p'))).toBe(spa[1]);
    for (const name of ['Tout accepter', 'Tout refuser', 'Personnaliser']) {
      expect(screen.getByRole('button', { name })).toBeInTheDocument();
      expect([...ours.querySelectorAll('button')].map(words)).toContain(name);
    }
    screen.getByRole('button', { name: 'Personnaliser' }).click();
    const labels = [...(await screen.findAllByRole('checkbox'))].map((box) => words(box.closest('label')));
    expect([...ours.querySelectorAll('label')].map(words)).toEqual(labels);
  });

  it('the spam-block guide', () => {
    render(
      <TestProviders>
        <SpamGuide onConfirm={() => {}} />
      </TestProviders>,
    );
    const spa = screen.getByTestId('spam-guide');
    const ours = page.getElementById('spam-guide')!;
    expect(words(ours.querySelector('h2'))).toBe(words(spa.querySelector('h2')));
    expect(words(ours.querySelector('p'))).toBe(words(spa.querySelector('p')));
    // The third step names the sender: the server writes the tenant's address where the SPA has a default.
    const steps = (root: Element) => [...root.querySelectorAll('li')].map(words);
    expect(steps(ours).slice(0, 2)).toEqual(steps(spa).slice(0, 2));
    expect(words(ours.querySelector('label'))).toBe(words(spa.querySelector('label')));
    expect(words(ours.querySelector('#spam-confirm'))).toBe(words(screen.getByRole('button')));
  });

  it('the identifier field', () => {
    renderAt(<IdentifierField name="login" onChange={async () => {}} onBlur={async () => {}} ref={() => {}} />);
    const field = screen.getByRole('textbox', { name: /Identifiant/ });
    expect(field).toHaveAccessibleDescription(words(page.getElementById('login-description')));
  });

  it('the footer: the same links, in the same order', () => {
    renderAt(<Footer signedIn={false} />);
    const spa = screen.getAllByRole('listitem').map(words);
    expect([...page.querySelectorAll('footer li')].map(words)).toEqual(spa);
  });
});
