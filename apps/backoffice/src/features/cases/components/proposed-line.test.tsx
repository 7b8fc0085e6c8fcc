import type { TEstimateLine } from '@mutua/contracts/guarantees-api';
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderBo } from '../../../test/render';
import { ProposedLine } from './proposed-line';

const line = {
  label: 'Couronne céramique',
  actCode: 'HBLD634',
  quantity: 1,
  expenseCents: 123456,
  baseCents: 10750,
  amoRate: 70,
  amoNetCents: 7525,
  amcCents: 95100,
  remainingCents: 20831,
} as TEstimateLine;

const figure = (label: string) => screen.getByText(label).nextElementSibling!.textContent;

describe('a proposed refund line', () => {
  it('shows each amount the server sends in cents as French euros', () => {
    renderBo(<ProposedLine line={line} position={1} correction={{ on: false, amount: '', reason: '' }} onCorrection={vi.fn()} errors={{}} />);
    const article = screen.getByRole('article', { name: /Acte 1.*Couronne céramique/ });
    expect(within(article).getByText('Dépense')).toBeInTheDocument();
    expect(figure('Dépense')).toBe('1\u202f234,56\u00a0€');
    expect(figure('Base de remboursement')).toBe('107,50\u00a0€');
    expect(figure('Mutuelle (calcul du moteur)')).toBe('951,00\u00a0€');
    expect(figure('Reste à charge')).toBe('208,31\u00a0€');
  });
});
