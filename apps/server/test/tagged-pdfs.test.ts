import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TMandateContent } from '@mutua/contracts/bank-details';
import { describe, expect, it } from 'vitest';
import { buildMandatePdf } from '../src/modules/bank-details/mandate-pdf';
import { sealPdf, selfSignedP12 } from '../src/modules/bank-details/seal';
import { renderLetterPdf } from '../src/modules/contract-life/letter-pdf';
import { makeCardPng } from '../src/modules/documents/public';
import { renderStatementPdf } from '../src/modules/refunds/statement-pdf';
import { expectTaggedPdf, readPdfTags } from './support/pdf-tags';
import { statementInput } from './support/statement-fixture';

/*
 * Every PDF kind the portal draws is a tagged PDF a screen reader can follow: pdfinfo says Tagged and
 * shows the title, the catalogue says fr-FR and asks viewers to show the title, the fonts are embedded
 * with a Unicode map (real text), and the structure tree has the logo as a figure with its alternative
 * text, the headings, and the tables with header cells. The certificate and the guarantees table are
 * checked the same way where their routes are tested (account, documents page).
 */

/** The extractors write no-break spaces as plain ones: compare both sides folded alike. */
const folded = (text: string) => text.replace(/[\s\u00a0\u202f]+/g, ' ');

const statement = (acts: number) => renderStatementPdf(statementInput(acts));

const mandate: TMandateContent = {
  title: 'Mandat de prélèvement SEPA',
  rum: 'MUT-2026-000042',
  creditor: { name: 'Mutua Santé', address: '12 rue de la Paix, 75002 Paris', ics: 'FR12ZZZ123456' },
  debtor: { name: 'Camille Durand', address: '3 place Bellecour, 69002 Lyon', iban: 'FR7630006000011234567890189', bic: null, bankName: null },
  paymentType: 'Paiement récurrent',
  standardText: 'En signant ce formulaire de mandat, vous autorisez (A) Mutua Santé à envoyer des instructions à votre banque.',
} as unknown as TMandateContent;

describe('tagged PDFs', () => {
  it('the refund statement: title, fr-FR, logo figure, headings, the acts and the totals as tables with header cells', async () => {
    const tags = readPdfTags(await statement(3));
    expectTaggedPdf(tags, 'Décompte de remboursement R2026-000123', 'Mutua Santé');
    expect(tags.roles.filter((r) => r === 'Table')).toHaveLength(2);
    // Ten column headers on the acts table, five row headers on the totals.
    expect(tags.headerScopes.filter((s) => s === 'Column')).toHaveLength(10);
    expect(tags.headerScopes.filter((s) => s === 'Row')).toHaveLength(5);
    expect(tags.roles.filter((r) => r === 'TD')).toHaveLength(3 * 10 + 5);
    expect(tags.roles.filter((r) => r === 'H2')).toEqual(['H2', 'H2']);
    // Real text in the embedded font (the extractors write no-break spaces as plain ones).
    expect(folded(tags.text)).toContain(folded('Référence\u00a0: R2026-000123'));
    expect(folded(tags.text)).toContain(folded('150,00\u00a0€'));
  });

  it('a statement over several pages keeps one header row in the tree (the repeated one is an artifact)', async () => {
    const tags = readPdfTags(await statement(40));
    expect(Number(tags.info.Pages)).toBeGreaterThan(1);
    expect(tags.headerScopes.filter((s) => s === 'Column')).toHaveLength(10);
    expect(tags.roles.filter((r) => r === 'TR')).toHaveLength(1 + 40 + 5);
    expect(tags.figures).toHaveLength(1);
  });

  it('a letter (acknowledgement, card): headings, fields, one list of the bullets, the QR code as a figure with its alternative text', async () => {
    const pdf = await renderLetterPdf({
      brandName: 'Azur Prévoyance',
      title: 'Carte de tiers payant',
      blocks: [
        { kind: 'field', label: 'Numéro AMC', value: '775671234' },
        { kind: 'heading', text: 'Bénéficiaires' },
        { kind: 'bullet', text: 'Camille Durand' },
        { kind: 'bullet', text: 'Léa Durand' },
        { kind: 'p', text: 'Cotisation de 29,90\u202f€ prélevée le 1er\u00a0du mois\u202f; «\u00a0œuvre\u00a0» reçue\u202f!' },
        { kind: 'image', png: makeCardPng(), size: 60, alt: 'Code QR de la carte de tiers payant', caption: 'Code QR réservé aux professionnels de santé.' },
      ],
    });
    const tags = readPdfTags(pdf);
    expectTaggedPdf(tags, 'Carte de tiers payant', 'Azur Prévoyance');
    expect(tags.roles).toContain('H2');
    expect(tags.roles.filter((r) => r === 'L')).toHaveLength(1);
    expect(tags.roles.filter((r) => r === 'LI')).toHaveLength(2);
    expect(tags.figures.map((f) => f.alt)).toEqual(['Azur Prévoyance', 'Code QR de la carte de tiers payant']);
    // The French letters are real text; the no-break spaces are glyphs of the embedded font that stand
    // for U+00A0 and U+202F (the extractors write them as plain spaces).
    expect(folded(tags.text)).toContain(folded('29,90\u202f€ prélevée le 1er\u00a0du mois\u202f; «\u00a0œuvre\u00a0» reçue\u202f!'));
    expect(tags.unicodeMaps).toMatch(/<202f>/i);
    expect(tags.unicodeMaps).toMatch(/<00a0>/i);
  });

  it('the sealed SEPA mandate: tagged before sealing, the seal valid, the tags still there after it', async () => {
    const signedAt = new Date('2026-11-20T10:00:00Z');
    const unsigned = await buildMandatePdf(mandate, {
      createdAt: new Date('2026-11-20T09:50:00Z'),
      signature: {
        signerName: 'Camille Durand',
        place: 'Lyon',
        signedAt,
        mobileMasked: '06 •• •• •• 78',
        procedureId: 'p-1',
        method: 'Code à usage unique par SMS',
      },
    });
    const before = readPdfTags(unsigned);
    expectTaggedPdf(before, 'Mandat de prélèvement SEPA MUT-2026-000042', 'Mutua Santé');
    expect(before.roles.filter((r) => r === 'H2')).toEqual(['H2', 'H2', 'H2']);

    const { p12 } = selfSignedP12('Mutua Sante', 'secret', signedAt);
    const sealed = await sealPdf(
      unsigned,
      { p12, passphrase: 'secret' },
      { reason: 'Mandat signé', location: 'Lyon', name: 'Mutua Santé', contactInfo: 'Mutua Santé', signingTime: signedAt },
    );
    expect(sealed.subarray(0, unsigned.length - 1).equals(unsigned.subarray(0, unsigned.length - 1)), 'the seal is an incremental update').toBe(true);
    const after = readPdfTags(sealed);
    expectTaggedPdf(after, 'Mandat de prélèvement SEPA MUT-2026-000042', 'Mutua Santé');
    expect(after.roles).toEqual(before.roles);

    const dir = mkdtempSync(join(tmpdir(), 'sealed-'));
    try {
      writeFileSync(join(dir, 'sealed.pdf'), sealed);
      const verified = spawnSync('pdfsig', [join(dir, 'sealed.pdf')], { encoding: 'utf8' }).stdout;
      expect(verified).toContain('Signature is Valid');
      expect(verified).toContain('Total document signed');
      const tampered = Buffer.from(sealed);
      // One byte of the binary comment after the header: the file still opens, the digest no longer matches.
      tampered[12] = tampered[12]! ^ 1;
      writeFileSync(join(dir, 'tampered.pdf'), tampered);
      expect(spawnSync('pdfsig', [join(dir, 'tampered.pdf')], { encoding: 'utf8' }).stdout).not.toContain('Signature is Valid');
      expect(execFileSync('qpdf', ['--check', join(dir, 'sealed.pdf')], { encoding: 'utf8' })).toContain('No syntax or stream encoding errors');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
