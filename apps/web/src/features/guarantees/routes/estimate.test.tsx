import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse, stubFetch } from '../../../test/fetch';
import { renderAt } from '../../../test/render';
import { careAct, osteoAllowance, osteoLine, overview } from '../../../test/guarantees';
import { Component as EstimatePage } from './estimate';

const flat = (text: string | null | undefined) => (text ?? '').replace(/[\u00a0\u202f]/g, ' ');

function serve(
  estimateAnswer = jsonResponse({ data: { familyPosition: 3, careDate: '2026-11-26', productCode: 'CONFORT', lines: [osteoLine()], totals: {} } }),
) {
  return stubFetch({
    '/guarantees': jsonResponse({ data: overview() }),
    '/care-acts': jsonResponse({ data: [careAct()] }),
    '/guarantees/allowances': jsonResponse({ data: { familyPosition: 3, productCode: 'CONFORT', asOf: '2026-11-26', allowances: [osteoAllowance()] } }),
    '/guarantees/estimate': estimateAnswer,
  });
}

describe('estimate page', () => {
  it('the beneficiary of the link, an act found by « osteo », a French price: the estimation, what is left before and after', async () => {
    const user = userEvent.setup();
    const { calls } = serve();
    renderAt(<EstimatePage />, { path: '/guarantees/estimate', url: '/guarantees/estimate?familyPosition=3' });
    const form = await screen.findByRole('form', { name: 'Estimer un remboursement' });
    expect(within(form).getByRole('combobox', { name: /Bénéficiaire des soins/ })).toHaveDisplayValue('Léa Durand');
    await user.type(within(form).getByRole('searchbox', { name: 'Rechercher un soin' }), 'osteo');
    await user.click(await within(form).findByRole('radio', { name: /Ostéopathie/ }));
    // Ostéopathie asks neither the sector nor a quantity.
    expect(within(form).queryByRole('radiogroup', { name: /Secteur/ })).toBeNull();
    expect(new URL(calls.find((c) => c.url.startsWith('/api/care-acts'))!.url, 'http://x').searchParams.get('q')).toBe('osteo');
    await user.type(within(form).getByRole('textbox', { name: /^Prix/ }), '60,00');
    await user.click(within(form).getByRole('button', { name: 'Estimer mon remboursement' }));

    const sent = calls.find((c) => c.url === '/api/guarantees/estimate')!;
    expect(JSON.parse(String(sent.init.body))).toEqual({
      familyPosition: 3,
      careDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      lines: [{ actCode: 'OSTEO', expenseCents: 6000, quantity: 1, sector: '1' }],
    });
    const result = await screen.findByTestId('estimate-result');
    expect(within(result).getByText('Estimation')).toBeInTheDocument();
    const heading = within(result).getByRole('heading', { level: 2 });
    expect(flat(heading.textContent)).toBe('Ostéopathie · 60,00 €');
    expect(heading).toHaveFocus();
    expect(flat(result.textContent)).toContain('Votre mutuelle30,00 €');
    expect(flat(result.textContent)).toContain('Reste à votre charge30,00 €');
    const allowance = within(result).getByTestId('estimate-allowance');
    expect(await within(allowance).findByText(/il vous reste 1 séance sur 3 en 2026/)).toBeInTheDocument();
    expect(allowance).toHaveTextContent('Il vous restera 0 séance sur 3 en 2026.');
  });

  it('nothing is sent while a field is wrong; the first one to correct takes the focus', async () => {
    const user = userEvent.setup();
    const { calls } = serve();
    renderAt(<EstimatePage />, { path: '/guarantees/estimate' });
    const form = await screen.findByRole('form', { name: 'Estimer un remboursement' });
    await user.click(within(form).getByRole('button', { name: 'Estimer mon remboursement' }));
    expect(within(form).getByRole('combobox', { name: /Bénéficiaire des soins/ })).toHaveFocus();
    expect(within(form).getByText('Veuillez choisir un bénéficiaire.')).toBeInTheDocument();
    expect(within(form).getByText('Veuillez choisir un acte.')).toBeInTheDocument();
    expect(within(form).getByText('Veuillez saisir le prix des soins, en euros.')).toBeInTheDocument();
    expect(calls.some((c) => c.url === '/api/guarantees/estimate')).toBe(false);
  });

  it('the server’s refusal is read in French beside the form', async () => {
    const user = userEvent.setup();
    serve(jsonResponse({ error: { code: 'GUARANTEE_NOT_COVERED', message: 'Ce bénéficiaire n’est pas couvert par un contrat à cette date.' } }, 400));
    renderAt(<EstimatePage />, { path: '/guarantees/estimate', url: '/guarantees/estimate?familyPosition=1' });
    const form = await screen.findByRole('form', { name: 'Estimer un remboursement' });
    await user.type(within(form).getByRole('searchbox', { name: 'Rechercher un soin' }), 'os');
    await user.click(await within(form).findByRole('radio', { name: /Ostéopathie/ }));
    await user.type(within(form).getByRole('textbox', { name: /^Prix/ }), '60');
    await user.click(within(form).getByRole('button', { name: 'Estimer mon remboursement' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('Ce bénéficiaire n’est pas couvert par un contrat à cette date.');
    expect(screen.queryByTestId('estimate-result')).toBeNull();
  });

  it('a family with nobody covered today is told where to look', async () => {
    stubFetch({ '/guarantees': jsonResponse({ data: overview({ beneficiaries: [], products: [] }) }) });
    renderAt(<EstimatePage />, { path: '/guarantees/estimate', served: ['contractualInfo'] });
    expect(await screen.findByText('Aucune personne n’est couverte aujourd’hui')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Voir mes contrats' })).toHaveAttribute('href', '/contractual-info');
  });
});
