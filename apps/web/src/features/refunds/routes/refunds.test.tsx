import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubFetch, type FetchCall } from '../../../test/fetch';
import { renderAt } from '../../../test/render';
import { globalDetails, refund } from '../../../test/global-details';
import { Component as RefundsPage } from './refunds';

const details = globalDetails();
const query = (call: FetchCall) => new URL(call.url, 'http://localhost').searchParams;
const listCalls = (calls: FetchCall[]) => calls.filter((c) => c.url.startsWith('/api/refunds?') || c.url === '/api/refunds');

function page(
  items = [refund(), refund({ paymentTarget: 'health_professional', productCents: 4550 })],
  nextCursor: string | null = null,
  total = items.length,
) {
  return jsonResponse({ data: { items, nextCursor, total } });
}

beforeEach(() => {
  URL.createObjectURL = vi.fn(() => 'blob:x');
  URL.revokeObjectURL = vi.fn();
});

describe('refunds page', () => {
  it('filters in the URL become the list query; the table has a caption, column headers and the payment-target columns', async () => {
    const { calls } = stubFetch({ '/refunds': page() });
    renderAt(<RefundsPage />, { path: '/refunds', url: '/refunds?startDate=2025-03-01&endDate=2025-06-30&beneficiaryTypes=main,child', details });
    const table = await screen.findByRole('table', { name: 'Remboursements 1 à 2 sur 2' });
    const q = query(listCalls(calls)[0]!);
    expect(Object.fromEntries(q)).toEqual({ startDate: '2025-03-01', endDate: '2025-06-30', beneficiaryTypes: 'main,child', limit: '50' });
    for (const header of [
      'Date des soins',
      'Bénéficiaire',
      'Acte',
      'Montant des soins',
      'Payé à l’assuré',
      'Payé au professionnel de santé',
      'Inclus dans un autre paiement',
      'Autre mutuelle ou ancienne mutuelle',
      'Remboursement sur compte bancaire',
    ]) {
      expect(within(table).getByRole('columnheader', { name: header })).toBeInTheDocument();
    }
    // Two heading rows (the five targets under « Remboursement … versé… »), then the refunds.
    const rows = within(table).getAllByRole('row');
    // The professional's refund sits in its column, the others are empty.
    const cells = within(rows[3]!).getAllByRole('cell');
    // Row header (care date) first, then beneficiary, act, cost, and the five targets.
    expect(cells[3]).toHaveTextContent('Aucun montant');
    expect(cells[4]!.textContent?.replace(/\s/g, ' ')).toContain('45,50');
  });

  it('changing a filter queries again from the first page, without navigating (focus stays on the control)', async () => {
    const user = userEvent.setup();
    const { calls } = stubFetch({ '/refunds': (call) => (query(call).get('cursor') ? page([refund()], null, 51) : page([refund()], 'c2', 51)) });
    const { router } = renderAt(<RefundsPage />, { path: '/refunds', url: '/refunds', details });
    await screen.findByRole('table');
    await user.click(screen.getByRole('button', { name: 'Page suivante' }));
    await waitFor(() => expect(query(listCalls(calls).at(-1)!).get('cursor')).toBe('c2'));
    const partner = screen.getByRole('checkbox', { name: 'Conjoint (Thomas)' });
    await user.click(partner);
    expect(partner).toBeChecked();
    expect(partner).toHaveFocus();
    await waitFor(() => expect(Object.fromEntries(query(listCalls(calls).at(-1)!))).toEqual({ beneficiaryTypes: 'partner', limit: '50' }));
    await user.click(screen.getByRole('checkbox', { name: 'Dentaire' }));
    await waitFor(() => expect(query(listCalls(calls).at(-1)!).get('operationTypes')).toBe('dental'));
    await user.click(screen.getByRole('button', { name: 'Réinitialiser les filtres' }));
    expect(partner).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Dentaire' })).not.toBeChecked();
    // Back to the unfiltered list, from its first page.
    expect(await screen.findByTestId('refunds-range')).toHaveTextContent('1 à 1 sur 51');
    expect(router.state.location.search).toBe('');
  });

  it('a start date after the end date shows the range error and queries nothing', async () => {
    const { calls } = stubFetch({ '/refunds': page() });
    renderAt(<RefundsPage />, { path: '/refunds', url: '/refunds?startDate=2025-06-30&endDate=2025-03-01', details });
    expect(await screen.findByText('La date de début doit être antérieure ou égale à la date de fin')).toBeInTheDocument();
    expect(listCalls(calls)).toHaveLength(0);
    expect(screen.getByRole('button', { name: 'Exporter en Excel' })).toBeDisabled();
  });

  it('pages with the cursor, and back', async () => {
    const user = userEvent.setup();
    const first = [refund({ actWording: 'Première page' })];
    const second = [refund({ actWording: 'Deuxième page' })];
    const { calls } = stubFetch({ '/refunds': (call) => (query(call).get('cursor') === 'c2' ? page(second, null, 51) : page(first, 'c2', 51)) });
    renderAt(<RefundsPage />, { path: '/refunds', url: '/refunds', details });
    expect(await screen.findByText('Première page')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Page suivante' }));
    expect(await screen.findByText('Deuxième page')).toBeInTheDocument();
    expect(screen.getByTestId('refunds-range')).toHaveTextContent('51 à 51 sur 51 remboursements');
    expect(screen.getByRole('button', { name: 'Page suivante' })).toBeDisabled();
    expect(query(listCalls(calls).at(-1)!).get('cursor')).toBe('c2');
    await user.click(screen.getByRole('button', { name: 'Page précédente' }));
    expect(await screen.findByText('Première page')).toBeInTheDocument();
  });

  it('the export downloads the filtered list', async () => {
    const user = userEvent.setup();
    const { calls } = stubFetch({
      '/refunds': page(),
      '/refunds/export': () => new Response('xlsx', { status: 200 }),
    });
    renderAt(<RefundsPage />, { path: '/refunds', url: '/refunds?operationTypes=dental', details });
    await screen.findByRole('table');
    await user.click(screen.getByRole('button', { name: 'Exporter en Excel' }));
    await waitFor(() => expect(calls.some((c) => c.url.startsWith('/api/refunds/export'))).toBe(true));
    expect(query(calls.find((c) => c.url.startsWith('/api/refunds/export'))!).get('operationTypes')).toBe('dental');
    await waitFor(() => expect(URL.createObjectURL).toHaveBeenCalled());
  });

  it('no refund at all: the empty state points to getting refunded (unavailable until served)', async () => {
    stubFetch({ '/refunds': page([], null, 0) });
    renderAt(<RefundsPage />, { path: '/refunds', url: '/refunds', details });
    const empty = await screen.findByTestId('refunds-empty');
    expect(empty).toHaveTextContent('Vous n’avez aucun remboursement pour le moment.');
    expect(within(empty).getByRole('button', { name: 'Me faire rembourser' })).toHaveAttribute('aria-disabled', 'true');
  });

  it('filters can be hidden and shown again', async () => {
    const user = userEvent.setup();
    stubFetch({ '/refunds': page() });
    renderAt(<RefundsPage />, { path: '/refunds', url: '/refunds', details });
    const toggle = await screen.findByRole('button', { name: 'Masquer les filtres' });
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await user.click(toggle);
    expect(screen.getByRole('button', { name: 'Afficher les filtres' })).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('search')).not.toBeInTheDocument();
  });
});

describe('refund detail panel', () => {
  it('shows the three figures, then each line with the fields of a décompte and its explanation, and downloads the statement', async () => {
    const user = userEvent.setup();
    // Worked example 2: a GP in secteur 2 non-OPTAM, 50 €, Premium 200 % BR.
    const summary = refund({
      totalCostCents: 5000,
      socialSecurityCents: 1410,
      otherMutualCents: 0,
      productCents: 2990,
      remainingChargeCents: 600,
      paymentTarget: 'health_professional',
    });
    const line = {
      id: '00000000-0000-4000-8000-0000000000aa',
      position: 1,
      actCode: 'G_NON_OPTAM',
      label: 'Consultation généraliste',
      wording: 'Consultation généraliste',
      careDate: '2026-01-08',
      quantity: 1,
      billedCents: 5000,
      socialSecurityBaseCents: 2300,
      overrunCents: 2700,
      socialSecurityRate: 70,
      socialSecurityCents: 1410,
      otherMutualCents: 0,
      productCents: 2990,
      remainingChargeCents: 600,
      expenseCents: 5000,
      baseCents: 2300,
      amoRate: 70,
      amoGrossCents: 1610,
      participationCents: 200,
      franchiseCents: 0,
      amoNetCents: 1410,
      amcCents: 2990,
      remainingCents: 600,
      capsApplied: [
        { code: 'RESPONSABLE_NON_OPTAM', label: 'Dépassement limité à 100 % de la base – contrat responsable', beforeCents: 8390, afterCents: 2990 },
      ],
      allowance: null,
      explanation: 'Votre médecin n’adhère pas à l’OPTAM : le dépassement est remboursé au plus à 100 % de la base ; il vous reste 6 €.',
      guarantee: { code: 'CONS_NON_OPTAM', label: 'Consultation non OPTAM : 200 % BR' },
      steps: [],
      engineVersion: '2026.1',
      correction: null,
    };
    const detail = {
      ...summary,
      statementFileName: 'Decompte_2026-01-15_D20260115-0001.pdf',
      acts: [
        line,
        {
          ...line,
          id: '00000000-0000-4000-8000-0000000000ab',
          position: 2,
          amcCents: 2500,
          productCents: 2500,
          correction: { engineAmcCents: 2990, reason: 'Facture partielle' },
        },
      ],
    };
    const { calls } = stubFetch({
      '/refunds': page([summary]),
      [`/refunds/${summary.id}`]: jsonResponse({ data: detail }),
      [`/refunds/${summary.id}/statement`]: () => new Response('%PDF-1.7', { status: 200 }),
    });
    renderAt(<RefundsPage />, { path: '/refunds', url: `/refunds?refund=${summary.id}`, details });
    const panel = await screen.findByRole('dialog', { name: 'Détail du remboursement' });
    const flat = (el: Element) => el.textContent!.replace(/[\s\u00a0\u202f]+/g, ' ').trim();
    const valueOf = (scope: HTMLElement, label: string) =>
      flat(within(scope).getAllByText(label, { selector: 'dt, dt *' })[0]!.closest('dt')!.nextElementSibling!);
    await within(panel).findAllByTestId('refund-line');
    expect(valueOf(panel, 'Sécurité sociale')).toBe('14,10 €');
    expect(valueOf(panel, 'Mutua Santé')).toBe('29,90 €');
    expect(valueOf(panel, 'Reste à votre charge')).toBe('6,00 €');
    expect(valueOf(panel, 'Montant total des soins')).toBe('50,00 €');
    // No first mutuelle: no row saying it paid nothing.
    expect(within(panel).queryByText('Remboursement première mutuelle')).toBeNull();

    const [first, corrected] = within(panel).getAllByTestId('refund-line') as [HTMLElement, HTMLElement];
    expect(within(first).getByRole('heading', { name: /Consultation généraliste/ })).toHaveTextContent('(G_NON_OPTAM)');
    expect(first).toHaveTextContent('Votre médecin n’adhère pas à l’OPTAM');
    expect(valueOf(first, 'Dépense')).toBe('50,00 €');
    expect(valueOf(first, 'Base de remboursement')).toBe('23,00 €');
    expect(valueOf(first, 'Taux Sécurité sociale')).toBe('70 %');
    expect(valueOf(first, 'Remboursé par la Sécurité sociale')).toBe('14,10 € (16,10 € moins 2,00 € retenus)');
    expect(valueOf(first, 'Participation forfaitaire / franchise retenue')).toBe('Participation forfaitaire de 2,00 €');
    expect(valueOf(first, 'Remboursé par votre mutuelle')).toBe('29,90 € · Consultation non OPTAM : 200 % BR');
    expect(valueOf(first, 'Reste à votre charge')).toBe('6,00 €');
    expect(valueOf(first, 'Limite appliquée')).toBe('Dépassement limité à 100 % de la base – contrat responsable');
    expect(valueOf(first, 'Versement')).toBe('Payé au professionnel de santé, le 15 janvier 2026');
    expect(valueOf(corrected, 'Montant ajusté par nos services')).toBe('Le calcul automatique donnait 29,90 € ; votre mutuelle a retenu 25,00 €.');
    // The engine's sentence names an amount that was not paid: a corrected line says what was.
    expect(corrected).not.toHaveTextContent('Votre médecin n’adhère pas');
    expect(flat(corrected)).toContain('Remboursement ajusté par nos services : votre mutuelle vous rembourse 25,00 € (le calcul automatique donnait 29,90 €)');
    expect(within(first).queryByText('Montant ajusté par nos services')).toBeNull();

    await user.click(within(panel).getByRole('button', { name: 'Télécharger le décompte' }));
    await waitFor(() => expect(calls.some((c) => c.url === `/api/refunds/${summary.id}/statement`)).toBe(true));
    await waitFor(() => expect(URL.createObjectURL).toHaveBeenCalled());
  });

  it('a row’s button opens its detail; closing gives the focus back to it', async () => {
    const user = userEvent.setup();
    const summary = refund({ actWording: 'Pharmacie du coin' });
    stubFetch({ '/refunds': page([summary]), [`/refunds/${summary.id}`]: 'hang' });
    renderAt(<RefundsPage />, { path: '/refunds', url: '/refunds', details });
    const opener = await screen.findByRole('button', { name: 'Détail du remboursement du 08/01/2026, Pharmacie du coin' });
    await user.click(opener);
    const panel = await screen.findByRole('dialog', { name: 'Détail du remboursement' });
    await user.click(within(panel).getByRole('button', { name: 'Fermer' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(opener).toHaveFocus());
  });

  it('opened by a link (home’s latest refunds): closing drops the link’s parameter', async () => {
    const user = userEvent.setup();
    const summary = refund();
    stubFetch({ '/refunds': page([summary]), [`/refunds/${summary.id}`]: 'hang' });
    const { router } = renderAt(<RefundsPage />, { path: '/refunds', url: `/refunds?refund=${summary.id}`, details });
    const panel = await screen.findByRole('dialog', { name: 'Détail du remboursement' });
    await user.click(within(panel).getByRole('button', { name: 'Fermer' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
