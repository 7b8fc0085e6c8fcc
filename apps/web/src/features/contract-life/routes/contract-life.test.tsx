import { terminationDatesByReason, type TContract, type TContractsAnswer } from '@mutua/contracts/termination';
import { getDefaultNormalizer, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubFetch } from '../../../test/fetch';
import { renderAt } from '../../../test/render';
import { Component as ContractualInfo } from './contractual-info';
import { Component as PaidOptions } from './paid-options';
import { Component as Summary } from './paid-options-summary';

afterEach(() => vi.unstubAllGlobals());

const contract = (over: Partial<TContract>): TContract => ({
  insurerContract: 'C-1',
  label: 'Santé Entreprise Collective',
  kind: 'COLLECTIVE',
  productNumber: 'P-COL-11',
  status: 'ACTIVE',
  startDate: '2024-01-01',
  endDate: null,
  nextDueDate: '2027-01-01',
  persons: [{ familyPosition: 1, firstName: 'JULIEN', surName: 'MARTIN', rank: 'MAIN' }],
  options: [],
  guarantees: null,
  terminationBlock: 'COLLECTIVE',
  terminationBlockDetail: null,
  terminationDates: [],
  ...over,
});
const answer = (contracts: TContract[]): TContractsAnswer => ({ membershipNumber: '23456789', contracts });

describe('contract life screens', () => {
  it('the summary opened without the form goes home', async () => {
    renderAt(<Summary />, { path: '/paid-options-summary', served: ['home'] });
    expect(await screen.findByText('served:home')).toBeInTheDocument();
  });

  it('a collective contract: guarantees from HR and the HR message instead of a termination button', async () => {
    stubFetch({
      '/contracts': jsonResponse({
        data: answer([
          contract({}),
          contract({
            insurerContract: 'C-0',
            label: 'Ancien contrat',
            kind: 'INDIVIDUAL',
            status: 'FINISHED',
            startDate: '2019-03-01',
            endDate: '2023-12-31',
            nextDueDate: null,
            guarantees: [],
            terminationBlock: 'FINISHED',
          }),
        ]),
      }),
    });
    renderAt(<ContractualInfo />, { path: '/contractual-info' });
    expect(await screen.findByText(/à obtenir auprès du service des ressources humaines/)).toBeInTheDocument();
    expect(screen.getByTestId('termination-block')).toHaveTextContent('Contactez le service des ressources humaines');
    expect(screen.getByText('Terminé')).toBeInTheDocument();
    expect(screen.getByText('Du 1er mars 2019 au 31 décembre 2023')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Résilier votre contrat' })).toBeNull();
  });

  it('paid-options shows each reason with its effective date and chooses none for the member', async () => {
    // Keeps the non-breaking spaces the texts carry (the default normaliser turns them into plain ones).
    const exact = { normalizer: getDefaultNormalizer({ collapseWhitespace: false }) };
    const terminationDates = terminationDatesByReason('2026-11-23', '2024-01-01');
    stubFetch({
      '/contracts': jsonResponse({ data: answer([contract({ kind: 'INDIVIDUAL', label: 'Santé Essentielle', terminationBlock: null, terminationDates })]) }),
    });
    renderAt(<PaidOptions />, { path: '/paid-options' });
    const dueDate = await screen.findByRole('radio', { name: 'Résiliation à échéance' });
    expect(dueDate).not.toBeChecked();
    expect(screen.getAllByRole('radio', { checked: true }).filter((r) => r.closest('[role="radiogroup"]')?.textContent?.includes('Motif'))).toHaveLength(0);
    expect(dueDate).toHaveAccessibleDescription('Date d’effet\u00a0: 1er janvier 2028 (à l’échéance annuelle, demandée au moins 2\u00a0mois avant).');
    expect(screen.getByRole('radio', { name: 'Résiliation après un an d’adhésion' })).toHaveAccessibleDescription(
      'Date d’effet\u00a0: 23 décembre 2026 (un mois après réception).',
    );
    // The four changes of situation, with the non-breaking spaces of French typography.
    expect(
      screen.getAllByText('Date d’effet\u00a0: 23 décembre 2026 si l’événement date de moins de 3\u00a0mois (un mois après réception).', exact),
    ).toHaveLength(4);
  });

  it('paid-options says why when no contract can be terminated online (cancellation disabled)', async () => {
    stubFetch({
      '/contracts': jsonResponse({
        data: answer([
          contract({
            kind: 'INDIVIDUAL',
            label: 'Azur Seniors Viager',
            terminationBlock: 'CANCELLATION_DISABLED',
            terminationBlockDetail: 'Résiliation par courrier auprès de votre conseiller.',
          }),
        ]),
      }),
    });
    renderAt(<PaidOptions />, { path: '/paid-options' });
    expect(
      await screen.findByText(/Ce type de contrat ne peut pas être résilié en ligne\. Résiliation par courrier auprès de votre conseiller\./),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Continuer vers le récapitulatif' })).toBeNull();
  });
});
