import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TInvoiceScan } from '@mutua/contracts/invoice-scan';
import { describe, expect, it } from 'vitest';
import { RouteDialog } from '../../../components/route-dialog';
import { jsonResponse, stubFetch } from '../../../test/fetch';
import { renderAt } from '../../../test/render';
import { globalDetails } from '../../../test/global-details';
import { Component as GetRefund } from './get-refund';

const GP = { code: 'CONSULTATION_GENERALISTE', label: 'Consultation médecin généraliste', category: 'consultation', documents: [] };
const details = globalDetails({
  healthCare: {
    allActs: [GP, { code: 'KINESITHERAPIE', label: 'Kinésithérapie', category: 'paramedical', documents: [] }],
    allFrequentActs: [GP],
    defaultDocuments: [{ code: 'FACTURE_DETAILLEE', label: 'Facture détaillée et acquittée' }],
    hospitalizationTypes: [],
  },
});

const read = (over: Partial<TInvoiceScan> = {}): TInvoiceScan => ({
  careDate: '2026-10-14',
  amountCents: 3000,
  practitioner: { name: 'Dr Marie DURAND', rpps: '10101234567', adeli: null, finess: null },
  actCode: 'KINESITHERAPIE',
  confidence: { careDate: 0.95, amountCents: 0.45, practitioner: 0.9, actCode: 0.6 },
  ...over,
});

const describedBy = (element: HTMLElement) =>
  (element.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');

function renderForm() {
  return renderAt(
    <RouteDialog title="Me faire rembourser">
      <GetRefund />
    </RouteDialog>,
    { details },
  );
}

/** The whole form in jsdom (Mantine, the dialog): seconds on a loaded machine. */
const FORM_TIMEOUT = 30_000;

describe('get-refund prefilled from a scanned invoice', () => {
  it(
    'sends the photo, prefills date, amount and act, attaches the invoice, and marks « À vérifier » only what the reader doubted',
    async () => {
      const { calls } = stubFetch({ '/refund-requests/scan': jsonResponse({ data: read() }) });
      renderForm();
      const user = userEvent.setup();
      const camera = document.querySelector<HTMLInputElement>('input[type="file"][capture="environment"]')!;
      expect(camera.accept).toBe('image/*,application/pdf');
      const photo = new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0])], 'IMG_2041.jpg', { type: 'image/jpeg' });
      await user.upload(camera, photo);

      expect(await screen.findByText('Facture lue, formulaire prérempli')).toBeInTheDocument();
      const scanCall = calls.find((c) => c.url.endsWith('/refund-requests/scan'))!;
      expect((scanCall.init.body as FormData).get('file')).toBeInstanceOf(File);

      const date = screen.getByLabelText(/Date des soins/);
      const amount = screen.getByRole('textbox', { name: /Montant payé/ });
      await waitFor(() => expect(amount).toHaveValue('30,00'));
      expect(date).toHaveValue('2026-10-14');
      expect(screen.getByRole('radio', { name: 'Kinésithérapie' })).toBeChecked();
      expect(describedBy(amount)).toContain('À vérifier');
      expect(describedBy(date)).not.toContain('À vérifier');
      expect(describedBy(screen.getByRole('group', { name: 'Nature de l’acte' }))).toContain('À vérifier');
      expect(screen.getByText(/Professionnel de santé\s*: Dr Marie DURAND, RPPS 10101234567/)).toBeInTheDocument();
      expect(screen.getByRole('group', { name: /Facture détaillée et acquittée/ })).toHaveTextContent('IMG_2041.jpg');
      // Read, not sent: the claim waits for the member.
      expect(calls.some((c) => c.url.endsWith('/refund-requests'))).toBe(false);
    },
    FORM_TIMEOUT,
  );

  it(
    'says in French why a file could not be read and leaves the form empty',
    async () => {
      stubFetch({
        '/refund-requests/scan': jsonResponse(
          {
            error: {
              code: 'INVOICE_SCAN_NOT_INVOICE',
              message: 'Ce document ne ressemble pas à une facture de soins. Vérifiez le document ou saisissez les informations vous-même.',
            },
          },
          422,
        ),
      });
      renderForm();
      await userEvent
        .setup()
        .upload(document.querySelector<HTMLInputElement>('input[type="file"][capture="environment"]')!, new File(['x'], 'chat.jpg', { type: 'image/jpeg' }));
      expect(await screen.findByText(/Ce document ne ressemble pas à une facture de soins/)).toBeInTheDocument();
      expect(screen.getByLabelText(/Date des soins/)).toHaveValue('');
    },
    FORM_TIMEOUT,
  );
});
