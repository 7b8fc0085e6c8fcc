import { ZInvoiceScanResponse } from '@mutua/contracts/invoice-scan';
import { count, eq, and } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoiceFixture } from '../bench/invoices/fixtures';
import { invoicePhoto } from '../bench/invoices/render';
import { auditEvents, healthcareActs, requests, sessions, storedFiles } from '../src/db/schema';
import { AuthClient, DEMO_ACCOUNTS, createTestMember, signIn } from './support/auth';
import { encryptedPdf, fakePdf, multipart, sampleGif } from './support/documents-fixtures';
import type { TestApp, TestClient } from './support/test-app';
import { openSignedIn } from './support/signed-in';

/*
 * POST /api/refund-requests/scan through the whole app: a generated GP invoice photo and PDF read for
 * real (OCR in its worker thread), the refusals, access. Kept to three OCR readings: each costs seconds.
 */

let t: TestApp;
let camille: AuthClient;
beforeAll(async () => void ([t, camille] = await openSignedIn('camille')));
afterAll(() => t.close());

const scan = (client: TestClient, file: { filename: string; content: Buffer; contentType?: string } | null, extra: { name: string; value: string }[] = []) => {
  const body = multipart([...(file ? [{ name: 'file', ...file }] : []), ...extra]);
  return client.post('/api/refund-requests/scan', body.payload, { headers: body.headers });
};

async function stored() {
  const [f] = await t.database.db.select({ n: count() }).from(storedFiles);
  const [r] = await t.database.db.select({ n: count() }).from(requests);
  return { files: f!.n, requests: r!.n };
}

const OCR_TIMEOUT = 120_000;

describe('POST /api/refund-requests/scan', () => {
  it(
    'reads a GP invoice photo: care date, amount, practitioner with RPPS, act; sure of each; nothing stored',
    async () => {
      const fixture = invoiceFixture('gp-photo');
      const before = await stored();
      const res = await scan(camille, { filename: 'IMG_2041.jpg', content: await fixture.make(), contentType: 'image/jpeg' });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['cache-control']).toContain('no-store');
      const { data } = ZInvoiceScanResponse.parse(res.json());
      expect(data).toMatchObject({
        careDate: '2026-10-14',
        amountCents: 3000,
        actCode: 'CONSULTATION_GENERALISTE',
        practitioner: { name: 'Dr Marie DURAND', rpps: '10101234567', adeli: null, finess: null },
      });
      for (const value of Object.values(data.confidence)) expect(value).toBeGreaterThanOrEqual(0.8);
      expect(await stored()).toEqual(before);
    },
    OCR_TIMEOUT,
  );

  it('reads a clinic PDF from its text layer: FINESS kept, act of the catalogue', async () => {
    const fixture = invoiceFixture('clinic-pdf');
    const res = await scan(camille, { filename: 'facture.pdf', content: await fixture.make(), contentType: 'application/pdf' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      careDate: fixture.truth.careDate,
      amountCents: 22500,
      actCode: 'CHAMBRE_PARTICULIERE',
      practitioner: { name: 'Clinique Saint-Roch', finess: fixture.truth.practitioner.finess },
    });
  });

  it('answers no act the member’s own tenant does not offer', async () => {
    await t.database.db
      .update(healthcareActs)
      .set({ code: 'CHAMBRE_PARTICULIERE_AZUR' })
      .where(and(eq(healthcareActs.tenantId, 'azur'), eq(healthcareActs.code, 'CHAMBRE_PARTICULIERE')));
    const lea = await signIn(t, DEMO_ACCOUNTS.lea.membershipNumber, { host: 'azur.localhost' });
    const res = await scan(lea, { filename: 'facture.pdf', content: await invoiceFixture('clinic-pdf').make() });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ amountCents: 22500, actCode: null, confidence: { actCode: 0 } });
  });

  it(
    'refuses a photo of something else, and a blank picture, in French',
    async () => {
      const recipe = await invoicePhoto(
        {
          id: 'recipe',
          layout: 'letter',
          truth: invoiceFixture('gp-pdf').truth,
          ink: [
            'Tarte aux pommes de grand-mère',
            'Préchauffer le four à thermostat six.',
            'Éplucher quatre pommes et les couper en lamelles.',
            'Étaler la pâte brisée dans le moule beurré.',
            'Disposer les pommes en rosace, saupoudrer de sucre.',
            'Enfourner quarante minutes, servir tiède.',
          ].map((text, i) => ({ x: 20, y: 30 + i * 12, size: i === 0 ? 16 : 12, text })),
        },
        { tilt: 1, turn: 0, blur: 0, shadow: 0.2, light: 1, quality: 85, seed: 7 },
      );
      const other = await scan(camille, { filename: 'photo.jpg', content: recipe });
      expect(other.statusCode, other.body).toBe(422);
      expect(other.json().error).toEqual({
        code: 'INVOICE_SCAN_NOT_INVOICE',
        message: 'Ce document ne ressemble pas à une facture de soins. Vérifiez le document ou saisissez les informations vous-même.',
      });
      const blank = await invoicePhoto(
        { id: 'blank', layout: 'letter', truth: invoiceFixture('gp-pdf').truth, ink: [] },
        { tilt: 0, turn: 0, blur: 2, shadow: 0.3, light: 0.9, quality: 80, seed: 3 },
      );
      const unreadable = await scan(camille, { filename: 'photo.jpg', content: blank });
      expect(unreadable.statusCode, unreadable.body).toBe(422);
      expect(unreadable.json().error.code).toBe('INVOICE_SCAN_UNREADABLE');
    },
    OCR_TIMEOUT,
  );

  it('refuses by content what is not a photo or a PDF, an encrypted PDF, an empty or missing file', async () => {
    // A session of its own (another address): the readings above count in camille's rate limit.
    const camille = await signIn(t, DEMO_ACCOUNTS.camille.loginEmail);
    for (const content of [fakePdf(), sampleGif(), Buffer.from('<html><body>%PDF-1.7</body></html>')]) {
      const res = await scan(camille, { filename: 'facture.pdf', content, contentType: 'application/pdf' });
      expect(res.statusCode).toBe(415);
      expect(res.json().error).toEqual({
        code: 'INVOICE_SCAN_FORMAT',
        message: 'Ce fichier ne peut pas être lu. Prenez une photo de la facture ou importez-la en PDF, JPEG ou PNG.',
      });
    }
    const locked = await encryptedPdf();
    expect(locked, 'qpdf makes the encrypted PDF').not.toBeNull();
    const encrypted = await scan(camille, { filename: 'facture.pdf', content: locked! });
    expect(encrypted.statusCode).toBe(400);
    expect(encrypted.json().error.code).toBe('UPLOAD_ENCRYPTED');
    expect((await scan(camille, { filename: 'vide.jpg', content: Buffer.alloc(0) })).json().error.code).toBe('UPLOAD_EMPTY_FILE');
    const missing = await scan(camille, null, [{ name: 'note', value: 'rien' }]);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error).toMatchObject({ code: 'VALIDATION_FAILED', message: 'Prenez en photo ou importez votre facture.' });
    const two = multipart([
      { name: 'file', filename: 'a.pdf', content: fakePdf() },
      { name: 'file', filename: 'b.pdf', content: fakePdf() },
    ]);
    expect((await camille.post('/api/refund-requests/scan', two.payload, { headers: two.headers })).json().error).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: 'Envoyez une seule facture à la fois.',
    });
  });

  it('is for signed-in members only, refused to a read-only staff session (403, audited)', async () => {
    const visitor = await AuthClient.open(t.app);
    expect((await scan(visitor, { filename: 'f.pdf', content: fakePdf() })).statusCode).toBe(401);
    const m = await createTestMember(t);
    const client = await signIn(t, m.login);
    await t.database.db.update(sessions).set({ isBoAuthentication: true }).where(eq(sessions.memberId, m.memberId));
    const res = await scan(client, { filename: 'f.pdf', content: await invoiceFixture('gp-pdf').make() });
    expect(res.statusCode).toBe(403);
    const [audited] = await t.database.db.select({ n: count() }).from(auditEvents).where(eq(auditEvents.memberId, m.memberId));
    expect(audited!.n).toBeGreaterThan(0);
  });

  it('is rate limited: 10 a minute from one address', async () => {
    const m = await createTestMember(t);
    const client = await signIn(t, m.login);
    const codes: number[] = [];
    for (let i = 0; i < 11; i++) codes.push((await scan(client, { filename: 'f.txt', content: fakePdf() })).statusCode);
    expect(codes.slice(0, 10).every((c) => c === 415)).toBe(true);
    expect(codes[10]).toBe(429);
  });
});
