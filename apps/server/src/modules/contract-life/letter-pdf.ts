import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import { winAnsiText } from '../../lib/pdf-text';

export type LetterBlock =
  | { kind: 'heading'; text: string }
  | { kind: 'field'; label: string; value: string }
  | { kind: 'p'; text: string }
  | { kind: 'bullet'; text: string }
  /** A square PNG (a QR code), `size` points wide, with its caption under it. */
  | { kind: 'image'; png: Buffer; size: number; caption: string };

export type LetterInput = { brandName: string; title: string; blocks: readonly LetterBlock[] };

const A4: [number, number] = [595.28, 841.89];
const MARGIN = 50;

/**
 * A one-column A4 document (acknowledgements, dated copies): the brand, a title, then headings,
 * "label : value" fields, paragraphs and bullets, wrapped and paginated. Standard fonts (WinAnsi):
 * the text is extractable; characters outside WinAnsi become « ? ».
 */
export async function renderLetterPdf(input: LetterInput): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(input.title);
  pdf.setAuthor(input.brandName);
  pdf.setProducer(input.brandName);
  pdf.setLanguage('fr-FR');
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const ink = rgb(0.1, 0.1, 0.15);
  const width = A4[0] - 2 * MARGIN;

  const safe = winAnsiText;
  const wrap = (font: PDFFont, text: string, size: number, max: number): string[] => {
    const lines: string[] = [];
    let line = '';
    for (const word of safe(font, text).split(/\s+/)) {
      const next = line ? `${line} ${word}` : word;
      if (line && font.widthOfTextAtSize(next, size) > max) {
        lines.push(line);
        line = word;
      } else line = next;
    }
    if (line) lines.push(line);
    return lines;
  };

  let page: PDFPage = pdf.addPage(A4);
  let y = A4[1] - MARGIN;
  const need = (h: number) => {
    if (y - h < MARGIN) {
      page = pdf.addPage(A4);
      y = A4[1] - MARGIN;
    }
  };
  const draw = (lines: string[], x: number, size: number, font: PDFFont, gap = 4) => {
    for (const l of lines) {
      need(size + gap);
      page.drawText(l, { x, y: y - size, size, font, color: ink });
      y -= size + gap;
    }
  };

  draw([safe(bold, input.brandName)], MARGIN, 12, bold);
  y -= 8;
  draw(wrap(bold, input.title, 16, width), MARGIN, 16, bold);
  y -= 8;
  for (const block of input.blocks) {
    if (block.kind === 'heading') {
      y -= 8;
      draw(wrap(bold, block.text, 12, width), MARGIN, 12, bold);
    } else if (block.kind === 'field') {
      draw(wrap(regular, `${block.label} : ${block.value}`, 10, width), MARGIN, 10, regular);
    } else if (block.kind === 'image') {
      const image = await pdf.embedPng(block.png);
      y -= 8;
      need(block.size + 8);
      page.drawImage(image, { x: MARGIN, y: y - block.size, width: block.size, height: block.size });
      y -= block.size + 4;
      draw(wrap(regular, block.caption, 9, width), MARGIN, 9, regular);
    } else if (block.kind === 'bullet') {
      const lines = wrap(regular, block.text, 10, width - 14);
      need(14);
      page.drawText('-', { x: MARGIN, y: y - 10, size: 10, font: regular, color: ink });
      draw(lines, MARGIN + 14, 10, regular);
    } else {
      draw(wrap(regular, block.text, 10, width), MARGIN, 10, regular);
      y -= 4;
    }
  }
  return Buffer.from(await pdf.save());
}
