import type { TCaseDetail } from '@mutua/contracts/backoffice';
import type { TRefundClaimDefaults } from '@mutua/contracts/backoffice-approvals';
import type { TEstimateLine } from '@mutua/contracts/guarantees-api';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderBo, stubApi } from '../../../test/render';
import { RefundCard } from './refund-card';

const openCase = { id: '5f1c2b7e-3a4d-4e8f-9b0a-1c2d3e4f5a6b', state: 'OPEN' } as TCaseDetail;
const line = {
  label: 'Consultation',
  actCode: 'G',
  quantity: 1,
  expenseCents: 6000,
  baseCents: 3000,
  amoRate: 70,
  amoNetCents: 2000,
  amcCents: 2500,
  remainingCents: 1500,
} as TEstimateLine;
const input = { actCode: 'G', expenseCents: 6000, quantity: 1 };
const defaults = {
  actWording: 'Consultation',
  actFamily: 'CONSULTATION',
  careDate: '2026-11-02',
  totalCostCents: 6000,
  familyPosition: 1,
  proposal: { productCode: 'ESS2', inputs: [input], lines: [line], totals: { expenseCents: 6000, amoNetCents: 2000, amcCents: 2500 } },
  problem: null,
} as unknown as TRefundClaimDefaults;

function serve(refund: unknown) {
  return stubApi((method, path) =>
    method === 'GET' && path === `/cases/${openCase.id}/refund` ? { body: { data: refund } } : { body: { data: { id: 'a1' } } },
  );
}

describe('the refund card', () => {
  it('totals the engine’s cents in euros, follows a correction, and proposes the corrected cents', async () => {
    const calls = serve({ defaults, approvals: [] });
    const user = userEvent.setup();
    renderBo(<RefundCard c={openCase} />);
    const total = await screen.findByTestId('proposal-total', {}, { timeout: 10_000 });
    expect(total.textContent).toContain(
      'Remboursement de la mutuelle\u00a0: 25,00\u00a0€ · Sécurité sociale 20,00\u00a0€ · reste à charge de l’adhérent 15,00\u00a0€',
    );
    await user.click(screen.getByRole('checkbox', { name: 'Corriger le montant de la mutuelle' }));
    await user.type(screen.getByRole('textbox', { name: /Montant corrigé/ }), '30,50');
    await user.type(screen.getByRole('textbox', { name: /Motif de la correction/ }), 'Dépassement pris en charge');
    expect(total.textContent).toContain('Remboursement de la mutuelle\u00a0: 30,50\u00a0€ (calcul du moteur\u00a0: 25,00\u00a0€)');
    expect(total.textContent).toContain('reste à charge de l’adhérent 9,50\u00a0€');
    await user.click(screen.getByRole('button', { name: 'Accepter et proposer le remboursement' }));
    const post = calls.find((c) => c.method === 'POST');
    expect(post).toEqual({
      method: 'POST',
      path: '/refunds',
      body: {
        caseId: openCase.id,
        familyPosition: 1,
        careDate: '2026-11-02',
        lines: [{ ...input, correction: { amcCents: 3050, reason: 'Dépassement pris en charge' } }],
      },
    });
  });

  it('refuses a correction that is no amount, in French, and sends nothing', async () => {
    const calls = serve({ defaults, approvals: [] });
    const user = userEvent.setup();
    renderBo(<RefundCard c={openCase} />);
    await user.click(await screen.findByRole('checkbox', { name: 'Corriger le montant de la mutuelle' }));
    await user.type(screen.getByRole('textbox', { name: /Montant corrigé/ }), 'trente');
    await user.click(screen.getByRole('button', { name: 'Accepter et proposer le remboursement' }));
    expect(await screen.findByText('Saisissez un montant en euros (par exemple 12,50).')).toBeInTheDocument();
    expect(screen.getByText('Indiquez le motif de la correction (5 caractères au moins).')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it('shows a proposal waiting for four eyes and past decisions in euros, with no form', async () => {
    const refund = (productCents: number) => ({ productCents });
    serve({
      defaults,
      approvals: [
        {
          id: 'p',
          state: 'PENDING',
          refund: refund(190000),
          proposedBy: { displayName: 'Inès Agent' },
          proposedAt: '2026-11-03T09:05:00Z',
          decidedBy: null,
          reason: null,
        },
        {
          id: 'r',
          state: 'REJECTED',
          refund: refund(2500),
          proposedBy: { displayName: 'Inès Agent' },
          proposedAt: '2026-11-02T09:05:00Z',
          decidedBy: { displayName: 'Marc Responsable' },
          reason: 'Facture illisible',
        },
      ],
    });
    renderBo(<RefundCard c={openCase} />);
    expect((await screen.findByTestId('refund-pending')).textContent).toContain(
      'Remboursement de 1\u202f900,00\u00a0€ proposé par Inès Agent le 03/11/2026 à 10:05\u00a0: en attente de la validation d’un responsable.',
    );
    expect(screen.getByRole('region', { name: 'Remboursement' }).textContent).toContain(
      'Refusé\u00a0: 25,00\u00a0€ par Marc Responsable (motif\u00a0: Facture illisible)',
    );
    expect(screen.queryByRole('button', { name: 'Accepter et proposer le remboursement' })).not.toBeInTheDocument();
  });

  it('says why the engine cannot compute, and asks the agent to answer the member', async () => {
    serve({ defaults: { ...defaults, proposal: null, problem: 'Cet acte n’a pas de tarif connu.' }, approvals: [] });
    renderBo(<RefundCard c={openCase} />);
    expect((await screen.findByRole('status')).textContent).toContain(
      'Cet acte n’a pas de tarif connu. Répondez à l’adhérent pour obtenir les informations manquantes.',
    );
  });
});
