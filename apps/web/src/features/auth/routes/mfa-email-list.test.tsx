import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { accessStore } from '../../../lib/access-store';
import { jsonResponse, stubFetch } from '../../../test/fetch';
import { mfaState } from '../../../test/fixtures';
import { renderRoutes } from '../../../test/render';
import { displayedEmail } from '../components/email-choice';
import { endCodeStep, getCodeStep, startEmailChoice } from '../mfa-state';
import { Component as EmailList } from './mfa-email-list';

const routes = [
  { path: '/login/mfa-email-list', element: <EmailList /> },
  { path: '/login/mfa', element: <p>écran du code</p> },
  { path: '/login', element: <p>formulaire de connexion</p> },
];

beforeEach(() => accessStore.reset());
afterEach(() => endCodeStep());

describe('displayedEmail', () => {
  it('keeps an address the server masked, masks one that came in clear', () => {
    expect(displayedEmail('j***n@example.com')).toBe('j***n@example.com');
    expect(displayedEmail('julien.martin@example.com')).toBe('j***n@example.com');
    expect(displayedEmail('jo@example.org')).toBe('j***@example.org');
  });
});

describe('mfa-email-list screen', () => {
  it('without an e-mail list, goes back to the login form', async () => {
    renderRoutes(routes, ['/login/mfa-email-list']);
    expect(await screen.findByText('formulaire de connexion')).toBeInTheDocument();
  });

  it('offers the addresses masked only, requires a choice, sends the chosen entry, then the code screen', async () => {
    startEmailChoice('attempt-0123456789abcdef', ['j***n@example.com', 'julien.pro@example.org']);
    const { calls } = stubFetch({
      '/auth/select-email': jsonResponse({
        data: {
          mfa: mfaState({ email: 'j***o@example.org' }),
        },
      }),
    });
    const user = userEvent.setup();
    renderRoutes(routes, ['/login/mfa-email-list']);

    expect(screen.getByRole('radiogroup', { name: /Adresse e-mail de réception du code/ })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'j***n@example.com' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'j***o@example.org' })).toBeInTheDocument();
    expect(screen.queryByText(/julien\.pro/)).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Recevoir mon code' }));
    expect(await screen.findByText('Choisissez une adresse e-mail.')).toBeInTheDocument();
    expect(calls).toHaveLength(0);

    await user.click(screen.getByRole('radio', { name: 'j***n@example.com' }));
    await user.click(screen.getByRole('button', { name: 'Recevoir mon code' }));
    expect(await screen.findByText('écran du code')).toBeInTheDocument();
    expect(JSON.parse(String(calls[0]!.init.body))).toEqual({ sessionId: 'attempt-0123456789abcdef', email: 'j***n@example.com' });
    expect(getCodeStep()?.email).toBe('j***o@example.org');
  });
});
