import { PAYMENT_TARGET_LABELS, type TRefundDetail } from '@mutua/contracts';
import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage, type RGB } from 'pdf-lib';
import { capitalizeName, formatEuroCents, formatFrenchDate, formatPercent } from './french-format';
import { winAnsiText } from '../../lib/pdf-text';

export type StatementInput = {
  brand: { name: string; primaryColor: string };
  member: { membershipNumber: string; firstName: string; surName: string };
  refund: TRefundDetail;
  /** Day the statement is issued (YYYY-MM-DD). */
  issuedOn: string;
};

const PAGE: [number, number] = [841.89, 595.28]; // A4 landscape: the acts table has ten columns
const MARGIN = 40;

function hexToRgb(hex: string): RGB {
  const h = hex.replace('#', '');
  const full = h.length === 3 ? [...h].map((c) => c + c).join('') : h;
  const n = Number.parseInt(full, 16);
  return Number.isNaN(n) ? rgb(0.11, 0.31, 0.85) : rgb(((n >> 16) & 255) / 255, ((n >> 8) & 255) / 255, (n & 255) / 255);
}

type Column = { title: string; width: number; align: 'left' | 'right'; value: (a: TRefundDetail['acts'][number]) => string };

const COLUMNS: Column[] = [
  { title: 'Date des soins', width: 96, align: 'left', value: (a) => formatFrenchDate(a.careDate) },
  { title: 'Acte', width: 190, align: 'left', value: (a) => `${a.actCode} - ${a.wording}` },
  { title: 'Qté', width: 26, align: 'right', value: (a) => String(a.quantity) },
  { title: 'Montant facturé', width: 70, align: 'right', value: (a) => formatEuroCents(a.billedCents) },
  { title: 'Base SS', width: 62, align: 'right', value: (a) => formatEuroCents(a.socialSecurityBaseCents) },
  { title: 'Taux SS', width: 42, align: 'right', value: (a) => formatPercent(a.socialSecurityRate) },
  { title: 'Remb. Sécu', width: 66, align: 'right', value: (a) => formatEuroCents(a.socialSecurityCents) },
  { title: 'Autre mutuelle', width: 68, align: 'right', value: (a) => formatEuroCents(a.otherMutualCents) },
  { title: 'Remb. mutuelle', width: 70, align: 'right', value: (a) => formatEuroCents(a.productCents) },
  { title: 'Reste à charge', width: 70, align: 'right', value: (a) => formatEuroCents(a.remainingChargeCents) },
];

/**
 * The refund statement ("décompte") as a real PDF: brand, member, beneficiary, each act with its
 * billing, the amounts in French format and the dates in words. Standard fonts (WinAnsi): text is
 * extractable and searchable; characters outside WinAnsi are replaced.
 */
export async function renderStatementPdf(input: StatementInput): Promise<Buffer> {
  const { refund, brand, member } = input;
  const pdf = await PDFDocument.create();
  const title = `Décompte de remboursement ${refund.reference}`;
  pdf.setTitle(title);
  pdf.setAuthor(brand.name);
  pdf.setProducer(brand.name);
  pdf.setLanguage('fr-FR');
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const primary = hexToRgb(brand.primaryColor);
  const grey = rgb(0.35, 0.35, 0.4);

  const safe = winAnsiText;
  const fit = (font: PDFFont, text: string, size: number, width: number) => {
    let t = safe(font, text);
    if (font.widthOfTextAtSize(t, size) <= width) return t;
    while (t.length > 1 && font.widthOfTextAtSize(`${t}...`, size) > width) t = t.slice(0, -1);
    return `${t}...`;
  };
  const text = (page: PDFPage, s: string, x: number, y: number, size = 10, font = regular, color = rgb(0.1, 0.1, 0.15)) =>
    page.drawText(safe(font, s), { x, y, size, font, color });

  let page = pdf.addPage(PAGE);
  const [width, height] = PAGE;
  let y = height - MARGIN;

  const header = (p: PDFPage) => {
    p.drawRectangle({ x: 0, y: height - 8, width, height: 8, color: primary });
    text(p, brand.name, MARGIN, height - MARGIN - 6, 20, bold, primary);
  };
  header(page);
  y -= 40;
  text(page, 'Décompte de remboursement', MARGIN, y, 16, bold);
  text(page, `Référence\u00a0: ${refund.reference}`, width - MARGIN - 230, y + 22, 10);
  text(page, `Date de paiement\u00a0: ${formatFrenchDate(refund.paymentDate)}`, width - MARGIN - 230, y + 8, 10);
  text(page, `Date des soins\u00a0: ${formatFrenchDate(refund.careDate)}`, width - MARGIN - 230, y - 6, 10);
  y -= 28;

  const memberName = `${capitalizeName(member.firstName)} ${capitalizeName(member.surName)}`;
  const beneficiaryName = `${capitalizeName(refund.beneficiary.firstName)} ${capitalizeName(refund.beneficiary.surName)}`;
  const facts: [string, string][] = [
    ['Adhérent', `${memberName} - N° d’adhérent ${member.membershipNumber}`],
    ['Bénéficiaire des soins', beneficiaryName],
    ['Nature des soins', refund.actWording.startsWith(refund.actFamilyLabel) ? refund.actWording : `${refund.actFamilyLabel} - ${refund.actWording}`],
    ['Professionnel de santé', refund.thirdPartyName ?? 'Non renseigné'],
    ['Paiement', PAYMENT_TARGET_LABELS[refund.paymentTarget]],
  ];
  for (const [label, value] of facts) {
    text(page, `${label}\u00a0:`, MARGIN, y, 10, bold);
    text(page, fit(regular, value, 10, 560), MARGIN + 140, y, 10);
    y -= 15;
  }
  y -= 12;

  const rowHeight = 16;
  const tableHeader = (p: PDFPage, top: number) => {
    p.drawRectangle({ x: MARGIN - 4, y: top - 5, width: width - 2 * MARGIN + 8, height: rowHeight, color: rgb(0.93, 0.95, 0.98) });
    let x = MARGIN;
    for (const c of COLUMNS) {
      const t = fit(bold, c.title, 8, c.width - 4);
      const tx = c.align === 'right' ? x + c.width - 4 - bold.widthOfTextAtSize(t, 8) : x;
      p.drawText(t, { x: tx, y: top, size: 8, font: bold, color: grey });
      x += c.width;
    }
  };
  tableHeader(page, y);
  y -= rowHeight + 2;
  for (const act of refund.acts) {
    if (y < MARGIN + 120) {
      page = pdf.addPage(PAGE);
      header(page);
      y = height - MARGIN - 40;
      tableHeader(page, y);
      y -= rowHeight + 2;
    }
    let x = MARGIN;
    for (const c of COLUMNS) {
      const t = fit(regular, c.value(act), 9, c.width - 4);
      const tx = c.align === 'right' ? x + c.width - 4 - regular.widthOfTextAtSize(t, 9) : x;
      page.drawText(t, { x: tx, y, size: 9, font: regular });
      x += c.width;
    }
    y -= rowHeight;
  }
  page.drawLine({ start: { x: MARGIN - 4, y: y + rowHeight - 6 }, end: { x: width - MARGIN + 4, y: y + rowHeight - 6 }, thickness: 0.5, color: grey });
  y -= 14;

  const totals: [string, number][] = [
    ['Dépense totale', refund.totalCostCents],
    ['Remboursement Sécurité sociale', refund.socialSecurityCents],
    ['Remboursement première mutuelle', refund.otherMutualCents],
    [`Remboursement ${brand.name}`, refund.productCents],
    ['Reste à charge', refund.remainingChargeCents],
  ];
  const boxX = width - MARGIN - 300;
  for (const [label, cents] of totals) {
    const strong = label === `Remboursement ${brand.name}`;
    const font = strong ? bold : regular;
    text(page, label, boxX, y, 10, font, strong ? primary : undefined);
    const amount = formatEuroCents(cents);
    page.drawText(amount, { x: width - MARGIN - font.widthOfTextAtSize(amount, 10), y, size: 10, font, color: strong ? primary : rgb(0.1, 0.1, 0.15) });
    y -= 15;
  }

  text(page, `Document établi le ${formatFrenchDate(input.issuedOn)} par ${brand.name}. Ce décompte ne constitue pas une facture.`, MARGIN, MARGIN - 10, 8, regular, grey);
  return Buffer.from(await pdf.save());
}
