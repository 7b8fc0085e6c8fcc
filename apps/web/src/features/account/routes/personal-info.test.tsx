import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TPersonalInfo } from '@mutua/contracts/account';
import { describe, expect, it } from 'vitest';
import { jsonResponse, stubFetch } from '../../../test/fetch';
import { renderAt } from '../../../test/render';
import { Component as PersonalInfo } from './personal-info';

const info = (over: Partial<TPersonalInfo> = {}): TPersonalInfo => ({
  membershipNumber: '10000001',
  firstName: 'CAMILLE',
  surName: 'DURAND',
  birthDate: '1986-04-12',
  nirMasked: '••••••••••123 47',
  email: 'camille.durand@example.com',
  secondaryEmail: null,
  mobileNumber: '0612345678',
  phoneNumber: null,
  address: { line1: '12 rue des Lilas', line2: null, line3: null, zipCode: '75011', city: 'PARIS', country: 'France', foreignResidence: false },
  loginType: 'EMAIL',
  loginEmail: 'camille.durand@example.com',
  nirLoginAllowed: false,
  certificateAvailable: true,
  ...over,
});

const loginSection = async () => within(await screen.findByRole('region', { name: 'Identifiant de connexion' }));

describe('personal-info login identifier (MF-70)', () => {
  it('offers the NIR only where the server allows it', async () => {
    stubFetch({ '/personal-info': jsonResponse({ data: info() }) });
    renderAt(<PersonalInfo />, { path: '/personal-info' });
    const section = await loginSection();
    expect(section.getByRole('radio', { name: 'Mon numéro d’adhérent (10000001)' })).toBeInTheDocument();
    expect(section.getByRole('radio', { name: 'Mon adresse e-mail (camille.durand@example.com)' })).toBeChecked();
    expect(section.queryByRole('radio', { name: /Sécurité sociale/ })).not.toBeInTheDocument();
  });

  it('sends the NIR choice by its type (the page only has it masked) and confirms', async () => {
    const { calls } = stubFetch({
      '/personal-info': jsonResponse({ data: info({ nirLoginAllowed: true }) }),
      '/auth/login/update': jsonResponse({ data: { loginType: 'NIR', login: '••••••••••123 47' } }),
    });
    renderAt(<PersonalInfo />, { path: '/personal-info' });
    const section = await loginSection();
    await userEvent.click(section.getByRole('radio', { name: 'Mon numéro de Sécurité sociale (••••••••••123 47)' }));
    await userEvent.click(section.getByRole('button', { name: 'Enregistrer mon identifiant' }));
    expect(await section.findByText('Votre identifiant de connexion a été modifié')).toBeInTheDocument();
    const put = calls.find((c) => c.url.endsWith('/auth/login/update'))!;
    expect(put.init.method).toBe('PUT');
    expect(JSON.parse(String(put.init.body))).toEqual({ loginType: 'NIR' });
  });

  it('shows the NIR as the current choice', async () => {
    stubFetch({ '/personal-info': jsonResponse({ data: info({ nirLoginAllowed: true, loginType: 'NIR', loginEmail: null }) }) });
    renderAt(<PersonalInfo />, { path: '/personal-info' });
    expect((await loginSection()).getByRole('radio', { name: /Mon numéro de Sécurité sociale/ })).toBeChecked();
  });
});
