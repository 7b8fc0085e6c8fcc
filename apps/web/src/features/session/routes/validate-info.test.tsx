import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { accessStore } from '../../../lib/access-store';
import { jsonResponse, stubFetch } from '../../../test/fetch';
import { renderRoutes } from '../../../test/render';
import { globalDetails, signedIn } from '../../../test/global-details';
import { Component as ValidateInfo } from './validate-info';

beforeEach(() => {
  accessStore.reset();
  signedIn();
});

/** Camille without a mobile number nor a city: the two fields the form must ask for. */
const incomplete = (invalidPersonalInformation: boolean) =>
  globalDetails({
    insured: {
      invalidPersonalInformation,
      insuredContact: { email: 'camille.durand@example.com', secondaryEmail: null, mobileNumber: null, phoneNumber: null },
      familyAddresses: { addresses: [{ line1: '12 rue des Lilas', line2: null, line3: null, zipCode: '75011', city: null, country: 'France' }] },
    },
  });

describe('validate-info', () => {
  it('prefills what is known, requires what is missing, saves, and the gate opens', async () => {
    let saved = false;
    const { calls } = stubFetch({
      '/all-info': () => jsonResponse({ data: incomplete(!saved) }),
      '/auth/personal-info/validate': () => {
        saved = true;
        return jsonResponse({ data: { invalidPersonalInformation: false } });
      },
    });
    const user = userEvent.setup();
    renderRoutes(
      [
        { path: '/validate-info', element: <ValidateInfo /> },
        { path: '/home', element: <p>accueil</p> },
      ],
      ['/validate-info'],
    );
    expect(await screen.findByRole('textbox', { name: /^Adresse e-mail/ })).toHaveValue('camille.durand@example.com');
    expect(screen.getByRole('textbox', { name: /^Adresse\s*\*?$/ })).toHaveValue('12 rue des Lilas');
    expect(screen.getByRole('textbox', { name: /^Code postal/ })).toHaveValue('75011');

    await user.click(screen.getByRole('button', { name: 'Valider mes informations' }));
    expect(await screen.findByText('Numéro de mobile invalide.')).toBeInTheDocument();
    expect(screen.getByText('Ville requise.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /^Téléphone mobile/ })).toHaveFocus();

    await user.type(screen.getByRole('textbox', { name: /^Téléphone mobile/ }), '06 11 22 33 44');
    await user.type(screen.getByRole('textbox', { name: /^Ville/ }), 'Paris');
    await user.click(screen.getByRole('button', { name: 'Valider mes informations' }));
    expect(await screen.findByText('accueil')).toBeInTheDocument();
    const body = JSON.parse(String(calls.find((c) => c.url === '/api/auth/personal-info/validate')!.init.body));
    expect(body).toMatchObject({
      email: 'camille.durand@example.com',
      mobileNumber: '0611223344',
      address: { line1: '12 rue des Lilas', zipCode: '75011', city: 'Paris' },
    });
    expect(accessStore.getState().session?.invalidPersonalInfo).toBe(false);
  });
});
