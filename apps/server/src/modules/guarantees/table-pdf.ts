import { formatEuros } from '@mutua/contracts/guarantees';
import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import type { Db } from '../../db/client';
import { loadOverview } from './allowances';

/*
 * The documents page's « Tableau de garanties »: the product the main insured holds today, drawn from
 * its structured guarantees under the five headings, then the refund examples in euros the engine
 * computes — never a stored text that could drift from what is paid.
 */

const A4: [number, number] = [595.28, 841.89];
const MARGIN = 50;

/** Splits a text into lines that fit `width` at `size` (the standard fonts have no narrow no-break space: a no-break space instead). */
function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.replaceAll('\u202f', '\u00a0').split(' ')) {
    const next = line ? `${line} ${word}` : word;
    if (font.widthOfTextAtSize(next, size) > width && line) {
      lines.push(line);
      line = word;
    } else line = next;
  }
  if (line) lines.push(line);
  return lines;
}

/** The PDF of the main insured's product, or null when nobody of the contract holds one today. */
export async function guaranteesTablePdf(db: Db, tenant: { id: string; name: string }, memberId: string, today: string): Promise<Buffer | null> {
  const overview = await loadOverview(db, tenant.id, memberId, today);
  const held = overview.beneficiaries.find((b) => b.familyPosition === 1) ?? overview.beneficiaries[0];
  const product = overview.products.find((p) => p.code === held?.productCode);
  if (!product) return null;

  const pdf = await PDFDocument.create();
  pdf.setTitle(`Tableau de garanties – ${product.label}`);
  pdf.setProducer('Mutua');
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  let page: PDFPage = pdf.addPage(A4);
  let y = A4[1] - MARGIN;
  const text = (value: string, opts: { font?: PDFFont; size?: number; x?: number; width?: number; color?: [number, number, number] } = {}) => {
    const size = opts.size ?? 10;
    const x = opts.x ?? MARGIN;
    for (const line of wrap(value, opts.font ?? regular, size, opts.width ?? A4[0] - x - MARGIN)) {
      if (y < MARGIN + size) {
        page = pdf.addPage(A4);
        y = A4[1] - MARGIN;
      }
      page.drawText(line, { x, y, size, font: opts.font ?? regular, color: opts.color ? rgb(...opts.color) : rgb(0, 0, 0) });
      y -= size + 4;
    }
  };
  text(tenant.name, { font: bold, size: 12, color: [0.11, 0.31, 0.85] });
  y -= 8;
  text(`Tableau de garanties – ${product.label}`, { font: bold, size: 18 });
  text(`En vigueur depuis le ${product.validFrom.split('-').reverse().join('/')}${product.responsable ? ' · contrat responsable' : ''}. Remboursements Sécurité sociale comprise, sauf mention contraire.`, { size: 9 });
  for (const heading of product.table) {
    y -= 10;
    text(heading.label, { font: bold, size: 13 });
    for (const row of heading.rows) {
      const top = y;
      text(row.label, { width: 300 });
      const after = y;
      y = top;
      text(row.value, { x: MARGIN + 310, font: bold });
      y = Math.min(after, y);
    }
  }
  y -= 10;
  text('Exemples de remboursement', { font: bold, size: 13 });
  text('Calculés pour un adulte dans le parcours de soins, sans plafond déjà consommé.', { size: 9 });
  for (const e of product.examples) {
    text(e.label, { font: bold });
    text(`Dépense ${formatEuros(e.expenseCents)} · Sécurité sociale ${formatEuros(e.amoCents)} · ${product.label} ${formatEuros(e.amcCents)} · reste à charge ${formatEuros(e.remainingCents)}`, { x: MARGIN + 10 });
  }
  return Buffer.from(await pdf.save());
}
