import { TaggedPdf } from '../../lib/tagged-pdf';

export type LetterBlock =
  | { kind: 'heading'; text: string }
  | { kind: 'field'; label: string; value: string }
  | { kind: 'p'; text: string }
  | { kind: 'bullet'; text: string }
  /** A square PNG (a QR code), `size` points wide, its alternative text, and its caption under it. */
  | { kind: 'image'; png: Buffer; size: number; alt: string; caption: string };

export type LetterInput = { brandName: string; title: string; blocks: readonly LetterBlock[] };

/**
 * A one-column A4 tagged document (acknowledgements, dated copies, the card, the payment schedule): the
 * brand's logo, the title as the first heading, then headings, "label : value" fields, paragraphs and
 * bulleted lists, wrapped and paginated.
 */
export async function renderLetterPdf(input: LetterInput): Promise<Buffer> {
  const pdf = new TaggedPdf({ title: input.title, brand: { name: input.brandName } });
  pdf.logo(14);
  pdf.heading(1, input.title, { size: 16 });
  const blocks = input.blocks;
  for (let i = 0; i < blocks.length; i++) {
    const block = blocks[i]!;
    if (block.kind === 'bullet') {
      // Consecutive bullets make one list.
      const items: string[] = [];
      while (i < blocks.length && blocks[i]!.kind === 'bullet') items.push((blocks[i++] as { text: string }).text);
      i--;
      pdf.list(items);
    } else if (block.kind === 'heading') pdf.heading(2, block.text, { size: 12 });
    else if (block.kind === 'field') pdf.field(block.label, block.value);
    else if (block.kind === 'image') {
      pdf.y += 8;
      pdf.image(block.png, block.size, block.alt);
      pdf.paragraph(block.caption, { size: 9 });
    } else pdf.paragraph(block.text, { gap: 8 });
  }
  return pdf.end();
}
