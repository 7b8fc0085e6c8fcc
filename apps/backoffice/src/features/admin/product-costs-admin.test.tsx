import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderBo, stubApi } from '../../test/render';
import { ProductCostsAdmin } from './product-costs-admin';

const row = { productNumber: 'SANTE-PLUS', year: 2025, redistributionBp: 8125, claimsManagementBp: 600, acquisitionBp: 450, administrationBp: 775 };

describe('the management costs administration', () => {
  it('says there is nothing to fill while no member holds a product, with no form', async () => {
    stubApi(() => ({ body: { data: { products: [], rows: [], lastClosedYear: 2025 } } }));
    renderBo(<ProductCostsAdmin tenantId="azur" />);
    expect(await screen.findByText('Aucun adhérent ne détient encore de produit.', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Enregistrer' })).not.toBeInTheDocument();
  });

  it('shows the saved figures in French, sends the year’s figures for the product and confirms', async () => {
    const calls = stubApi((method) => ({
      body: { data: method === 'GET' ? { products: [{ productNumber: 'SANTE-PLUS', label: 'Santé Plus' }], rows: [row], lastClosedYear: 2025 } : { ok: true } },
    }));
    const user = userEvent.setup();
    renderBo(<ProductCostsAdmin tenantId="azur" />);
    const saved = await screen.findByRole('table', { name: 'Chiffres enregistrés' }, { timeout: 10_000 });
    const cells = within(saved)
      .getAllByRole('cell')
      .map((c) => c.textContent);
    expect(cells.some((text) => text?.endsWith('81,25\u00a0%'))).toBe(true);
    expect(cells.some((text) => text?.endsWith('18,25\u00a0%'))).toBe(true);
    const form = screen.getByRole('form', { name: 'Frais de gestion et taux de redistribution' });
    await user.click(within(form).getByRole('button', { name: 'Enregistrer' }));
    expect((await screen.findByRole('status')).textContent).toBe('Frais de gestion enregistrés.');
    expect(calls.filter((c) => c.method === 'PUT')).toEqual([
      {
        method: 'PUT',
        path: '/tenants/azur/product-costs/SANTE-PLUS/2025',
        body: { redistribution: 81.25, claimsManagement: 6, acquisition: 4.5, administration: 7.75 },
      },
    ]);
  });
});
