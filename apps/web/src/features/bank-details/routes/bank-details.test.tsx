import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { maskIban, type TBankAccount, type TBankDetails } from '@mutua/contracts/bank-details';
import { describe, expect, it } from 'vitest';
import { RouteDialog } from '../../../components/route-dialog';
import { jsonResponse, stubFetch } from '../../../test/fetch';
import { renderAt } from '../../../test/render';
import { Component as BankingInfo } from './banking-info';
import { Component as UpdateRib } from './update-rib';

/** An account as the server answers it, masked from its full IBAN the server's way. */
const account = ({ iban = 'FR7630004000031234567890143', ...over }: Partial<TBankAccount> & { iban?: string } = {}): TBankAccount => ({
  holder: 'Camille Durand',
  bankName: 'BNP Paribas',
  ibanMasked: maskIban(iban),
  ibanLast4: iban.slice(-4),
  bic: 'BNPAFRPPXXX',
  updatedAt: '2025-03-01T09:00:00.000Z',
  ...over,
});
const pending = {
  changeId: '0d6f6b1e-2f0a-4d44-9c1e-5b7a8c9d0e1f',
  requestId: '1e7a7c2f-3a1b-4e55-8d2f-6c8b9d0e1f2a',
  holder: 'Camille Durand',
  bankName: 'LCL',
  ibanMasked: 'FR33 •••• •••• •••• 1Z25',
  ibanLast4: '1Z25',
  sentOn: '2026-11-23',
};
const details = (over: Partial<TBankDetails> = {}): TBankDetails => ({
  contribution: account(),
  refund: account(),
  pendingRefund: null,
  beneficiaries: [
    { familyPosition: 2, firstName: 'THOMAS', surName: 'DURAND', sameAsMain: true, account: null, pending: null },
    {
      familyPosition: 3,
      firstName: 'LÉA',
      surName: 'DURAND',
      sameAsMain: false,
      account: account({ holder: 'Léa Durand', bankName: 'La Banque Postale', iban: 'FR7620041010050500013M02606' }),
      pending: null,
    },
  ],
  mandate: {
    id: '6b0c9a52-4c33-4df8-9d0b-3f1a2b3c4d5e',
    rum: 'MUTUA-12345678-20261123-A1B2C3',
    signedAt: '2026-11-23T10:00:00.000Z',
    place: 'Paris',
    ibanMasked: 'FR76 •••• •••• •••• 0143',
  },
  contributionsDebited: true,
  ...over,
});

describe('banking-info', () => {
  it('shows each account masked, « identique » for a beneficiary on the main account, the mandate, and opens update-rib on the right account', async () => {
    stubFetch({ '/bank-details': jsonResponse({ data: details() }) });
    renderAt(<BankingInfo />, { path: '/banking-info', served: ['updateRib'] });
    const contribution = await screen.findByRole('region', { name: 'Prélèvement des cotisations' });
    // The account and the mandate in force: both masked.
    expect(within(contribution).getAllByText('FR76 •••• •••• •••• 0143')).toHaveLength(2);
    expect(within(contribution).getByText('MUTUA-12345678-20261123-A1B2C3')).toBeInTheDocument();
    expect(within(contribution).getByRole('button', { name: /Télécharger le mandat signé/ })).toBeInTheDocument();
    expect(screen.getByText('Identique à l’assuré principal')).toBeInTheDocument();
    expect(screen.getByText('La Banque Postale')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Modifier le compte de remboursement de Thomas Durand' })).toHaveAttribute('href', '/update-rib/refund-2');
    expect(screen.getByRole('link', { name: 'Modifier le compte de prélèvement des cotisations' })).toHaveAttribute('href', '/update-rib/contribution');
  });

  it('shows a refund account change being checked next to the account still in force, with its request', async () => {
    stubFetch({ '/bank-details': jsonResponse({ data: details({ pendingRefund: pending }) }) });
    renderAt(<BankingInfo />, { path: '/banking-info', served: ['requests'] });
    const refund = await screen.findByRole('region', { name: 'Remboursement de vos prestations' });
    expect(within(refund).getByText('Compte en vigueur')).toBeInTheDocument();
    expect(within(refund).getByText('FR76 •••• •••• •••• 0143')).toBeInTheDocument();
    expect(within(refund).getByText('Nouveau RIB en cours de vérification (IBAN FR33 •••• 1Z25), envoyé le 23 novembre 2026')).toBeInTheDocument();
    expect(within(refund).getByText(/restent versés sur le compte en vigueur/)).toBeInTheDocument();
    expect(within(refund).getByRole('link', { name: 'Voir ma demande' })).toHaveAttribute('href', `/requests?request=${pending.requestId}`);
    // Nothing pending for the beneficiaries: no line there.
    expect(screen.getAllByText(/en cours de vérification/)).toHaveLength(1);
  });

  it('without accounts, points to the add actions', async () => {
    stubFetch({ '/bank-details': jsonResponse({ data: details({ contribution: null, refund: null, beneficiaries: [], mandate: null }) }) });
    renderAt(<BankingInfo />, { path: '/banking-info' });
    expect(await screen.findByText('Aucun compte de prélèvement n’est enregistré.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ajouter un compte de prélèvement' })).toHaveAttribute('href', '/update-rib/contribution');
    expect(screen.getByRole('link', { name: 'Ajouter un compte de remboursement' })).toHaveAttribute('href', '/update-rib/refund');
  });
});

describe('update-rib', () => {
  const dialog = (
    <RouteDialog title="Modifier mes coordonnées bancaires">
      <UpdateRib />
    </RouteDialog>
  );

  it('checks the IBAN as typed and asks the RIB copy before sending anything', async () => {
    const user = userEvent.setup({ delay: null });
    const { calls } = stubFetch({ '/bank-details': jsonResponse({ data: details() }) });
    renderAt(dialog, { path: '/update-rib/:openRib', url: '/update-rib/refund-2' });
    expect(await screen.findByText('Compte de remboursement de Thomas Durand')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: /IBAN/ }), 'FR77 3000 4000 0312 3456 7890 143');
    await user.click(screen.getByRole('button', { name: 'Valider' }));
    expect(await screen.findByText(/L’IBAN est incorrect/)).toBeInTheDocument();
    await user.clear(screen.getByRole('textbox', { name: /IBAN/ }));
    await user.type(screen.getByRole('textbox', { name: /IBAN/ }), 'FR33 3000 2005 5000 0015 7841 Z25');
    await user.click(screen.getByRole('button', { name: 'Valider' }));
    expect(await screen.findByText('Ajoutez une copie de votre relevé d’identité bancaire (RIB).')).toBeInTheDocument();
    expect(calls.filter((c) => c.url.includes('/bank-details/changes'))).toHaveLength(0);
  }, 30_000);

  it('while a change is being checked, shows it instead of the form, and says why', async () => {
    const { calls } = stubFetch({
      '/bank-details': jsonResponse({
        data: details({ beneficiaries: [{ ...details().beneficiaries[0]!, pending: { ...pending, holder: 'Thomas Durand' } }] }),
      }),
    });
    renderAt(dialog, { path: '/update-rib/:openRib', url: '/update-rib/refund-2', served: ['requests'] });
    expect(await screen.findByText('Nouveau RIB en cours de vérification (IBAN FR33 •••• 1Z25), envoyé le 23 novembre 2026')).toBeInTheDocument();
    expect(screen.getByText(/Compte en vigueur/)).toHaveTextContent('FR76 •••• •••• •••• 0143 (Camille Durand)');
    expect(screen.getByText(/déjà en cours de vérification pour cette personne/)).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: /IBAN/ })).not.toBeInTheDocument();
    expect(calls.filter((c) => c.url.includes('/bank-details/changes'))).toHaveLength(0);
  });

  it('an unknown account says so', async () => {
    stubFetch({ '/bank-details': jsonResponse({ data: details() }) });
    renderAt(dialog, { path: '/update-rib/:openRib', url: '/update-rib/savings' });
    expect(await screen.findByText(/Ce compte n’existe pas/)).toBeInTheDocument();
  });
});
