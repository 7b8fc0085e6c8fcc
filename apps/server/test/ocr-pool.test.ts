import { describe, expect, it } from 'vitest';
import { invoiceFixture } from '../bench/invoices/fixtures';
import { scanInvoice } from '../src/modules/invoice-scan/public';
import { takeOcr } from '../src/modules/invoice-scan/ocr-pool';

/*
 * The OCR workers outlive the app that gives them back while a page is being read: the decision job
 * an app's close waits for must not have its worker stopped under it (a TypeError deep in tesseract.js,
 * lost as an unhandled rejection).
 */

const OCR_TIMEOUT = 120_000;

describe('OCR workers', () => {
  it(
    'finish the page being read when the last app gives them back, and read again once taken',
    async () => {
      const fixture = invoiceFixture('gp-photo');
      const photo = { bytes: await fixture.make(), mimeType: 'image/jpeg', fileName: 'IMG_2041.jpg' };
      const giveBack = takeOcr();
      const reading = scanInvoice(photo, { today: '2026-11-20' });
      // Let the page reach its worker, then close under it.
      await new Promise((resolve) => setTimeout(resolve, 300));
      await giveBack();
      await expect(reading).resolves.toMatchObject({ careDate: '2026-10-14', amountCents: 3000 });

      const again = takeOcr();
      try {
        await expect(scanInvoice(photo, { today: '2026-11-20' })).resolves.toMatchObject({ amountCents: 3000 });
      } finally {
        await again();
      }
    },
    OCR_TIMEOUT,
  );
});
