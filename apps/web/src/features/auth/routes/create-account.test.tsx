import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse, stubFetch } from '../../../test/fetch';
import { renderAt } from '../../../test/render';
import { Component as CreateAccount } from './create-account';

async function fillIdentity(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByRole('textbox', { name: /^Numéro d’adhérent/ }), '89012345');
  await user.type(screen.getByRole('textbox', { name: /^Nom/ }), 'Dupont');
  await user.type(screen.getByLabelText(/^Date de naissance/), '1991-10-03');
  await user.click(screen.getByRole('button', { name: 'Continuer' }));
}

describe('create-account', () => {
  it('identity, then the validation step (where the link goes), then the link is sent', async () => {
    const { calls } = stubFetch({
      '/auth/login/create-account-validation': jsonResponse({ data: { email: 'i***t@example.com' } }),
      '/auth/login/create-account': jsonResponse({ data: { email: 'i***t@example.com' } }),
    });
    const user = userEvent.setup();
    renderAt(<CreateAccount />);
    await fillIdentity(user);
    expect(await screen.findByText(/Un lien pour créer votre compte va être envoyé à/)).toHaveTextContent('i***t@example.com');
    await user.click(screen.getByRole('button', { name: 'Recevoir le lien' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Un e-mail vient d’être envoyé à i***t@example.com');
    expect(screen.getByRole('status')).toHaveTextContent('valable 24 heures');
    expect(JSON.parse(String(calls.at(-1)!.init.body))).toEqual({ membershipNumber: '89012345', surName: 'Dupont', birthDate: '1991-10-03' });
  });

  it.each([
    ['IDENTIFIERS_NOT_RECOGNISED', 'Vos identifiants ne sont pas reconnus.'],
    ['NAME_CHECK_FAILED', 'Le nom saisi ne correspond pas à nos informations.'],
    ['ACCOUNT_ALREADY_CREATED', 'Votre compte a déjà été créé. Veuillez vous connecter.'],
    ['EMPTY_RESPONSE', 'Le parcours de première adhésion est momentanément inaccessible. Veuillez contacter votre service des ressources humaines.'],
    ['UNAFFILIATED_ACCOUNT', 'Votre affiliation n’est pas encore finalisée. Vous recevrez un mail dès que votre espace sera disponible.'],
  ])('%s → %s', async (code, message) => {
    stubFetch({ '/auth/login/create-account-validation': jsonResponse({ error: { code, message: 'x' } }, 400) });
    const user = userEvent.setup();
    renderAt(<CreateAccount />);
    await fillIdentity(user);
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
  });

  it('checks the fields with the contracts schema first', async () => {
    const { fetchMock } = stubFetch({});
    const user = userEvent.setup();
    renderAt(<CreateAccount />);
    await user.click(screen.getByRole('button', { name: 'Continuer' }));
    expect(await screen.findByText('Le numéro d’adhérent compte 8 chiffres.')).toBeInTheDocument();
    expect(screen.getByText('Le champ « Nom » est obligatoire.')).toBeInTheDocument();
    expect(screen.getByText('Date invalide.')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
