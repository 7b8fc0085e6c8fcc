import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { RouteDialog } from '../../../components/route-dialog';
import { stubFetch } from '../../../test/fetch';
import { renderAt } from '../../../test/render';
import { globalDetails } from '../../../test/global-details';
import { Component as GetRefund } from './get-refund';

/*
 * The documents get-refund asks for follow each person's teletransmission state (the one home shows):
 * the Sécurité sociale statement is required only for care the fund did not teletransmit.
 */

const GP = { code: 'CONSULTATION_GENERALISTE', label: 'Consultation médecin généraliste', category: 'consultation', documents: [] };
const details = globalDetails({
  healthCare: {
    allActs: [GP],
    allFrequentActs: [GP],
    defaultDocuments: [
      { code: 'FACTURE_DETAILLEE', label: 'Facture détaillée et acquittée' },
      { code: 'DECOMPTE_SECURITE_SOCIALE', label: 'Décompte de la Sécurité sociale' },
    ],
    hospitalizationTypes: [],
  },
  noemieStateDtoList: [
    { beneficiaryId: 'b1', firstName: 'CAMILLE', state: 'ACTIVE', reason: null, since: '2025-03-12' },
    {
      beneficiaryId: 'b3',
      firstName: 'LÉA',
      state: 'REJECTED',
      reason: 'Bénéficiaire rattaché à une autre complémentaire santé auprès de la caisse.',
      since: '2026-10-18',
    },
  ],
});

const FORM_TIMEOUT = 30_000;

async function openFor(person: string) {
  const { calls } = stubFetch({});
  renderAt(
    <RouteDialog title="Me faire rembourser">
      <GetRefund />
    </RouteDialog>,
    { details },
  );
  const user = userEvent.setup();
  await user.click(await screen.findByRole('radio', { name: GP.label }));
  await user.selectOptions(screen.getByRole('combobox', { name: /Bénéficiaire des soins/ }), person);
  return { user, calls };
}

/** Exact text, non-breaking spaces included (the default normalizer would turn them into plain ones). */
const EXACT = { normalizer: (text: string) => text.trim() };
const statementGroup = () => screen.getByRole('group', { name: /Décompte de la Sécurité sociale/ });

describe('get-refund: the Sécurité sociale statement only for care not teletransmitted', () => {
  it(
    'asks only the invoice for a person whose teletransmission is active, the statement optional and why',
    async () => {
      await openFor('Camille Durand');
      expect(screen.getByRole('group', { name: /Facture détaillée et acquittée/ })).toBeInTheDocument();
      expect(statementGroup()).toHaveAccessibleName(/Décompte de la Sécurité sociale \(facultatif\)/);
      expect(
        within(statementGroup()).getByText('Vos soins sont télétransmis par votre caisse\u00a0: inutile de nous envoyer ce décompte.', EXACT),
      ).toBeInTheDocument();
    },
    FORM_TIMEOUT,
  );

  it(
    'requires the statement when the fund refused the link, and for care before the link was connected',
    async () => {
      const { user, calls } = await openFor('Léa Durand');
      expect(statementGroup()).not.toHaveAccessibleName(/facultatif/);
      await user.selectOptions(screen.getByRole('combobox', { name: /Bénéficiaire des soins/ }), 'Camille Durand');
      expect(statementGroup()).toHaveAccessibleName(/facultatif/);
      await user.type(screen.getByLabelText(/Date des soins/), '2025-03-11');
      expect(statementGroup()).not.toHaveAccessibleName(/facultatif/);
      await user.type(screen.getByRole('textbox', { name: /Montant payé/ }), '30');
      await user.click(screen.getByRole('button', { name: 'Envoyer ma demande' }));
      expect(await screen.findByText('Veuillez ajouter le document correspondant\u00a0: Décompte de la Sécurité sociale.', EXACT)).toBeInTheDocument();
      expect(calls.some((c) => c.url.includes('/refund-requests'))).toBe(false);
    },
    FORM_TIMEOUT,
  );
});
