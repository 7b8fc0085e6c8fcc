import type { TMandateContent } from '@mutua/contracts';
import { formatDate, formatIban } from '@mutua/contracts';
import { PDFDocument, StandardFonts, rgb, type PDFFont } from 'pdf-lib';
import { winAnsiText } from '../../lib/pdf-text';

/** How the mandate was signed, printed on the signed copy. */
export type MandateSignature = { signerName: string; place: string; signedAt: Date; mobileMasked: string; procedureId: string; method: string };

const PAGE: [number, number] = [595.28, 841.89]; // A4 portrait
const MARGIN = 50;

const safe = winAnsiText;

function wrap(font: PDFFont, size: number, text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    const next = line ? `${line} ${word}` : word;
    if (font.widthOfTextAtSize(next, size) > width && line) {
      lines.push(line);
      line = word;
    } else line = next;
  }
  if (line) lines.push(line);
  return lines;
}

/**
 * The SEPA mandate as a PDF: every field the SEPA rulebook requires and its standard text; with `signature`, the
 * signature block (date, place, method). Returns the document, unsaved, so that the signed copy can be
 * sealed before it is saved.
 */
export async function buildMandatePdf(content: TMandateContent, opts: { createdAt: Date; signature?: MandateSignature }): Promise<PDFDocument> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(`${content.title} ${content.rum}`);
  pdf.setAuthor(content.creditor.name);
  pdf.setProducer(content.creditor.name);
  pdf.setCreator('Mutua');
  pdf.setLanguage('fr-FR');
  pdf.setCreationDate(opts.createdAt);
  pdf.setModificationDate(opts.signature?.signedAt ?? opts.createdAt);
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const page = pdf.addPage(PAGE);
  const width = PAGE[0] - 2 * MARGIN;
  let y = PAGE[1] - MARGIN;
  const text = (t: string, o: { font?: PDFFont; size?: number; gap?: number } = {}) => {
    const font = o.font ?? regular;
    const size = o.size ?? 10;
    for (const line of wrap(font, size, safe(font, t), width)) {
      page.drawText(line, { x: MARGIN, y, size, font, color: rgb(0.1, 0.1, 0.15) });
      y -= size + 4;
    }
    y -= o.gap ?? 2;
  };
  const field = (label: string, value: string) => text(`${label}\u00a0: ${value}`);

  text(content.title, { font: bold, size: 18, gap: 8 });
  field('Référence unique du mandat (RUM)', content.rum);
  text(content.paymentType, { gap: 10 });

  text('Créancier', { font: bold, size: 12 });
  field('Nom', content.creditor.name);
  field('Adresse', content.creditor.address);
  field('Identifiant créancier SEPA (ICS)', content.creditor.ics);
  y -= 6;

  text('Débiteur', { font: bold, size: 12 });
  field('Nom', content.debtor.name);
  field('Adresse', content.debtor.address);
  field('IBAN', formatIban(content.debtor.iban));
  field('BIC', content.debtor.bic ?? 'non renseigné');
  if (content.debtor.bankName) field('Banque', content.debtor.bankName);
  y -= 6;

  text(content.standardText, { gap: 10 });
  text('Vos droits concernant le présent mandat sont expliqués dans un document que vous pouvez obtenir auprès de votre banque.', { size: 9, gap: 12 });

  if (opts.signature) {
    const s = opts.signature;
    text('Signature', { font: bold, size: 12 });
    field('Signé à', s.place);
    field('Le', formatDate(s.signedAt, 'words'));
    field('Signataire', s.signerName);
    field('Méthode', s.method);
    field('Téléphone', s.mobileMasked);
    field('Procédure', s.procedureId);
    text('Ce document est scellé électroniquement\u00a0: toute modification ultérieure invalide le cachet.', { size: 9 });
  } else {
    text('Signature', { font: bold, size: 12 });
    text('Lieu et date de signature\u00a0: à renseigner lors de la signature électronique par code SMS.');
  }
  return pdf;
}

export async function renderMandatePreview(content: TMandateContent, createdAt: Date): Promise<Buffer> {
  const doc = await buildMandatePdf(content, { createdAt });
  return Buffer.from(await doc.save());
}
