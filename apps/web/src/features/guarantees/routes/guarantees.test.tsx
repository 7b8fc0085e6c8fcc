import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, stubFetch, type FetchCall } from '../../../test/fetch';
import { renderAt } from '../../../test/render';
import { osteoAllowance, overview } from '../../../test/guarantees';
import { Component as GuaranteesPage } from './guarantees';

const flat = (text: string | null | undefined) => (text ?? '').replace(/[\u00a0\u202f]/g, ' ');

describe('Mes garanties', () => {
  it('each covered person’s allowances, the table under the five headings and the examples in euros', async () => {
    const position = (call: FetchCall) => Number(new URL(call.url, 'http://x').searchParams.get('familyPosition'));
    stubFetch({
      '/guarantees': jsonResponse({ data: overview() }),
      '/guarantees/allowances': (call) =>
        jsonResponse({
          data: {
            familyPosition: position(call),
            productCode: 'CONFORT',
            asOf: '2026-11-26',
            allowances:
              position(call) === 1
                ? [
                    osteoAllowance(),
                    osteoAllowance({
                      guaranteeCode: 'OPT_B_SIMPLE',
                      unit: 'EQUIPMENT',
                      used: 1,
                      max: 1,
                      remaining: 0,
                      availableFrom: '2027-03-15',
                      sentence: 'Lunettes : prochain équipement remboursable à partir du 15/03/2027.',
                    }),
                  ]
                : [],
          },
        }),
    });
    renderAt(<GuaranteesPage />, { path: '/guarantees', served: ['estimate'] });
    const camille = await screen.findByRole('region', { name: 'Camille Durand' });
    expect(await within(camille).findByText('Ostéopathie : il vous reste 1 séance sur 3 en 2026 (30 € par séance).')).toBeInTheDocument();
    expect(within(camille).getByText('Lunettes : prochain équipement remboursable à partir du 15/03/2027.')).toBeInTheDocument();
    expect(within(camille).getByRole('link', { name: 'Estimer un soin pour Camille' })).toHaveAttribute('href', '/guarantees/estimate?familyPosition=1');
    const lea = screen.getByRole('region', { name: 'Léa Durand' });
    expect(await within(lea).findByText(/Aucune garantie de son contrat n’a de plafond/)).toBeInTheDocument();

    const product = screen.getByRole('region', { name: /Formule Confort/ });
    expect(within(product).getByText('Contrat responsable')).toBeInTheDocument();
    for (const heading of ['Hospitalisation', 'Dentaire', 'Optique', 'Aides auditives', 'Soins courants'])
      expect(within(product).getByRole('heading', { name: heading, level: 4 })).toBeInTheDocument();
    expect(
      within(screen.getByRole('region', { name: 'Dentaire' })).getByText('Votre contrat ne prévoit pas de remboursement sous cette rubrique.'),
    ).toBeInTheDocument();
    const osteo = within(product).getByRole('rowheader', { name: 'Ostéopathie' }).closest('tr')!;
    expect(osteo).toHaveTextContent('30 € par séance, 3 séances par an');
    const example = within(screen.getByTestId('refund-examples'))
      .getByRole('rowheader', { name: /Consultation généraliste secteur 1/ })
      .closest('tr')!;
    expect(
      within(example)
        .getAllByRole('cell')
        .map((c) => flat(c.textContent)),
    ).toEqual(['30,00 €', '19,00 €', '9,00 €', '2,00 €']);
    expect(screen.getByRole('link', { name: 'Estimer un remboursement' })).toHaveAttribute('href', '/guarantees/estimate');
  });

  it('a load failure offers to try again', async () => {
    stubFetch({ '/guarantees': jsonResponse({ error: { code: 'INTERNAL', message: 'Une erreur est survenue.' } }, 500) });
    renderAt(<GuaranteesPage />, { path: '/guarantees' });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Vos garanties n’ont pas pu être chargées');
    expect(within(alert).getByRole('button', { name: 'Réessayer' })).toBeInTheDocument();
  });
});
