import { INVOICES, type InvoiceSpec, type Truth } from './specs';
import { invoicePdf, invoicePhoto, scannedPdf, type PhotoLook } from './render';

/*
 * The reader's fixtures, generated (nothing binary is kept in the repository): every invoice as a PDF
 * with its text layer and as a phone photo, four scanned PDFs, and five harder photos — upside down,
 * sideways, sideways with the camera's EXIF tag, in a deep shadow, in a dim room. Deterministic: the
 * same bytes on every run.
 */

export type FixtureKind = 'pdf' | 'scan' | 'photo';
export type InvoiceFixture = { name: string; kind: FixtureKind; fileName: string; mimeType: string; truth: Truth; make: () => Promise<Buffer> };

const spec = (id: string): InvoiceSpec => {
  const found = INVOICES.find((s) => s.id === id);
  if (!found) throw new Error(`no invoice spec ${id}`);
  return found;
};

/** An ordinary phone picture: a little tilt, a little blur, a soft shadow (varied by the seed). */
function everydayLook(seed: number): PhotoLook {
  const r = (n: number) => ((seed * 9301 + n * 49297) % 233280) / 233280;
  return {
    tilt: (r(1) - 0.5) * 6,
    turn: 0,
    blur: Math.round(r(2) * 10) / 10,
    shadow: 0.15 + r(3) * 0.3,
    light: 0.85 + r(4) * 0.15,
    quality: 70 + Math.round(r(5) * 20),
    seed,
  };
}

const HARD_PHOTOS: [name: string, id: string, look: Partial<PhotoLook>][] = [
  ['gp-upside-down', 'gp', { turn: 180, tilt: 1.5 }],
  ['physio-sideways', 'physio', { turn: 90, tilt: -2 }],
  ['dentist-exif-sideways', 'dentist', { turn: 270, exif: true, tilt: 1 }],
  ['nurse-deep-shadow', 'nurse', { shadow: 0.6, blur: 1.2, tilt: 3 }],
  ['optician-dim-room', 'optician', { light: 0.6, quality: 65, tilt: -3 }],
];

const pdf = (s: InvoiceSpec): InvoiceFixture => ({
  name: `${s.id}-pdf`,
  kind: 'pdf',
  fileName: `${s.id}.pdf`,
  mimeType: 'application/pdf',
  truth: s.truth,
  make: () => invoicePdf(s),
});
const scan = (s: InvoiceSpec): InvoiceFixture => ({
  name: `${s.id}-scan`,
  kind: 'scan',
  fileName: `${s.id}-scan.pdf`,
  mimeType: 'application/pdf',
  truth: s.truth,
  make: () => scannedPdf(s),
});
const photo = (name: string, s: InvoiceSpec, look: PhotoLook): InvoiceFixture => ({
  name,
  kind: 'photo',
  fileName: `${name}.jpg`,
  mimeType: 'image/jpeg',
  truth: s.truth,
  make: () => invoicePhoto(s, look),
});

export const INVOICE_FIXTURES: readonly InvoiceFixture[] = [
  ...INVOICES.map(pdf),
  ...INVOICES.map((s, i) => photo(`${s.id}-photo`, s, everydayLook(i + 1))),
  ...['gp', 'pharmacy', 'clinic', 'lab'].map((id) => scan(spec(id))),
  ...HARD_PHOTOS.map(([name, id, look], i) => photo(name, spec(id), { ...everydayLook(100 + i), ...look })),
];

export function invoiceFixture(name: string): InvoiceFixture {
  const found = INVOICE_FIXTURES.find((f) => f.name === name);
  if (!found) throw new Error(`no invoice fixture ${name}`);
  return found;
}
