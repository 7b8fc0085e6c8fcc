import { MEMBER_ERRORS } from '@mutua/contracts/errors';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { RouteDialog } from '../../../components/route-dialog';
import { takeAccountClosed } from '../../../lib/login-hand-off';
import { jsonResponse, stubFetch } from '../../../test/fetch';
import { renderAt } from '../../../test/render';
import { Component as AccountClosure } from './account-closure';

const refusal = (code: 'ACCOUNT_CLOSURE_PASSWORD_WRONG' | 'ACCOUNT_CLOSURE_CONTRACT_RUNNING') =>
  jsonResponse({ error: { code, message: MEMBER_ERRORS[code].message } }, MEMBER_ERRORS[code].status);

const open = () =>
  renderAt(
    <RouteDialog title="Fermer mon compte">
      <AccountClosure />
    </RouteDialog>,
    { path: '/account/closure', served: ['paidOptions', 'login'] },
  );

describe('account closure dialog', () => {
  it('says what is erased and what is kept for how long, and asks for the password before calling', async () => {
    const { calls } = stubFetch({});
    open();
    const dialog = await screen.findByRole('dialog', { name: 'Fermer mon compte' });
    expect(dialog).toHaveTextContent('Ce qui est effacé dès la clôture');
    // The periods with their non-breaking spaces (toHaveTextContent would fold them into plain ones).
    expect(dialog.textContent).toContain('10\u00a0ans après leur paiement');
    expect(dialog.textContent).toContain('cette clôture)\u00a0: 1\u00a0an');
    await userEvent.click(screen.getByRole('button', { name: 'Clôturer définitivement mon compte' }));
    expect(screen.getByLabelText(/Mot de passe/, { selector: 'input' })).toHaveAttribute('aria-invalid', 'true');
    expect(dialog).toHaveTextContent('Saisissez votre mot de passe.');
    expect(calls.filter((c) => c.url.includes('/account/closure'))).toHaveLength(0);
  });

  it('puts a wrong password under the field, and a running contract in an alert linking to the termination', async () => {
    let answer = refusal('ACCOUNT_CLOSURE_PASSWORD_WRONG');
    stubFetch({ '/account/closure': () => answer });
    open();
    const password = await screen.findByLabelText(/Mot de passe/, { selector: 'input' });
    await userEvent.type(password, 'Pas-le-bon{Enter}');
    await waitFor(() => expect(password).toHaveAttribute('aria-invalid', 'true'));
    expect(screen.getByRole('dialog').textContent).toContain(MEMBER_ERRORS.ACCOUNT_CLOSURE_PASSWORD_WRONG.message);
    answer = refusal('ACCOUNT_CLOSURE_CONTRACT_RUNNING');
    await userEvent.clear(password);
    await userEvent.type(password, 'Mutua-Demo-2026!{Enter}');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(MEMBER_ERRORS.ACCOUNT_CLOSURE_CONTRACT_RUNNING.message);
    expect(password).not.toHaveAttribute('aria-invalid');
    await userEvent.click(screen.getByRole('link', { name: 'Résilier votre contrat' }));
    expect(await screen.findByText('served:paidOptions')).toBeInTheDocument();
  });

  it('sends once however often the button is pressed, then leaves for the login page, which will confirm', async () => {
    let release: () => void = () => {};
    const { calls } = stubFetch({
      '/account/closure': () => new Promise<Response>((resolve) => (release = () => resolve(jsonResponse({ data: { closed: true } })))),
    });
    open();
    await userEvent.type(await screen.findByLabelText(/Mot de passe/, { selector: 'input' }), 'Mutua-Demo-2026!');
    const confirm = screen.getByRole('button', { name: 'Clôturer définitivement mon compte' });
    await userEvent.click(confirm);
    await userEvent.click(confirm);
    release();
    expect(await screen.findByText('served:login')).toBeInTheDocument();
    expect(calls.filter((c) => c.url.includes('/account/closure'))).toHaveLength(1);
    expect(takeAccountClosed()).toBe(true);
  });
});
