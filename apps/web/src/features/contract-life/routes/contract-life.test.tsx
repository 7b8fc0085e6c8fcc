import type { TContract, TContractsAnswer } from '@mutua/contracts';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubFetch } from '../../../test/fetch';
import { renderFeature } from '../../../test/feature-render';
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
  ...over,
});
const answer = (contracts: TContract[]): TContractsAnswer => ({ membershipNumber: '23456789', contracts });

describe('contract life screens', () => {
  it('the summary opened without the form goes home', async () => {
    renderFeature(<Summary />, { path: '/paid-options-summary', served: ['home'] });
    expect(await screen.findByText('served:home')).toBeInTheDocument();
  });

  it('a collective contract: guarantees from HR and the HR message instead of a termination button', async () => {
    stubFetch({ '/contracts': jsonResponse({ data: answer([contract({}), contract({ insurerContract: 'C-0', label: 'Ancien contrat', kind: 'INDIVIDUAL', status: 'FINISHED', startDate: '2019-03-01', endDate: '2023-12-31', nextDueDate: null, guarantees: [], terminationBlock: 'FINISHED' })]) }) });
    renderFeature(<ContractualInfo />, { path: '/contractual-info' });
    expect(await screen.findByText(/à obtenir auprès du service des ressources humaines/)).toBeInTheDocument();
    expect(screen.getByTestId('termination-block')).toHaveTextContent('Contactez le service des ressources humaines');
    expect(screen.getByText('Terminé')).toBeInTheDocument();
    expect(screen.getByText('Du 1er mars 2019 au 31 décembre 2023')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Résilier votre contrat' })).toBeNull();
  });

  it('paid-options says why when no contract can be terminated online (cancellation disabled)', async () => {
    stubFetch({
      '/contracts': jsonResponse({
        data: answer([contract({ kind: 'INDIVIDUAL', label: 'Azur Seniors Viager', terminationBlock: 'CANCELLATION_DISABLED', terminationBlockDetail: 'Résiliation par courrier auprès de votre conseiller.' })]),
      }),
    });
    renderFeature(<PaidOptions />, { path: '/paid-options' });
    expect(await screen.findByText(/Ce type de contrat ne peut pas être résilié en ligne\. Résiliation par courrier auprès de votre conseiller\./)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Continuer vers le récapitulatif' })).toBeNull();
  });
});
