// Long because the structure tree and the content it tags are written together, by one drawing kit every PDF uses.
import PDFDocument from 'pdfkit';
import { FACES, usePreparedFace } from './tagged-pdf-fonts';

/*
 * The one drawing kit of every PDF the portal produces: a tagged PDF (PDF/UA subset) that a screen
 * reader reads in order — document language fr-FR, the title shown in the window, a structure tree of
 * headings, paragraphs, lists, tables with header cells and figures with alternative text, and every
 * decoration marked as an artifact. Text is real text in an embedded font (DejaVu Sans, subset), which
 * draws the French letters, « » and the no-break spaces U+00A0 and U+202F as they are.
 */

export const A4_PORTRAIT: [number, number] = [595.28, 841.89];
export const A4_LANDSCAPE: [number, number] = [841.89, 595.28];

const INK = '#1a1a26';
const MUTED = '#575766';

export type TaggedPdfOptions = {
  title: string;
  /** Who the document comes from: the brand, drawn as the logo (a figure named after it). */
  brand: { name: string; color?: string };
  author?: string;
  size?: [number, number];
  margin?: number;
  createdAt?: Date;
  modifiedAt?: Date;
};

export type TextStyle = { size?: number; bold?: boolean; color?: string; x?: number; width?: number; gap?: number };

export type TableColumn = {
  title: string;
  width: number;
  align?: 'left' | 'right';
  /** Long values wrap in the cell; otherwise they are cut with « … » to keep one line per row. */
  wrap?: boolean;
};

export type TableOptions = {
  size?: number;
  /** The first cell of each row names the row (a row header, TH with scope Row). */
  rowHeaders?: boolean;
  headerFill?: string;
  /** Drawn again at the top of each new page, as an artifact: the tree keeps one header row. */
  repeatHeader?: boolean;
  /** Without a header row (a list of totals whose first cells are row headers). */
  noHeaderRow?: boolean;
  /** Left edge (the margin by default). */
  x?: number;
  /** Cells drawn in bold, by row index (a total). */
  boldRows?: readonly number[];
  color?: string;
};

type Struct = PDFKit.PDFStructureElement;

export class TaggedPdf {
  readonly doc: PDFKit.PDFDocument;
  readonly width: number;
  readonly height: number;
  readonly margin: number;
  /** The top of the next block. */
  y: number;
  private readonly root: Struct;
  private readonly brand: { name: string; color: string };
  private readonly chunks: Buffer[] = [];
  private readonly done: Promise<Buffer>;
  /** Drawn on every page after the first (running header: an artifact). */
  private runningHeader: (() => void) | null = null;

  constructor(o: TaggedPdfOptions) {
    const [width, height] = o.size ?? A4_PORTRAIT;
    this.width = width;
    this.height = height;
    this.margin = o.margin ?? 50;
    this.brand = { name: o.brand.name, color: o.brand.color ?? '#1c4fd8' };
    this.doc = new PDFDocument({
      size: [width, height],
      margin: this.margin,
      pdfVersion: '1.7',
      subset: 'PDF/UA' as never,
      tagged: true,
      lang: 'fr-FR',
      displayTitle: true,
      autoFirstPage: true,
      // No default Helvetica (its metrics parsed for nothing): the registered fonts below.
      font: null as never,
      info: {
        Title: o.title,
        Author: o.author ?? o.brand.name,
        Producer: 'Mutua',
        Creator: 'Mutua',
        ...(o.createdAt ? { CreationDate: o.createdAt } : {}),
        ...(o.modifiedAt ? { ModDate: o.modifiedAt } : {}),
      },
    });
    this.doc.registerFont('regular', FACES.regular.font as never);
    this.doc.registerFont('bold', FACES.bold.font as never);
    this.style({});
    this.done = new Promise((resolve, reject) => {
      this.doc.on('data', (c: Buffer) => this.chunks.push(c));
      this.doc.on('end', () => resolve(Buffer.concat(this.chunks)));
      this.doc.on('error', reject);
    });
    this.root = this.doc.struct('Document');
    this.doc.addStructure(this.root);
    this.y = this.margin;
  }

  get contentWidth(): number {
    return this.width - 2 * this.margin;
  }

  private style(s: TextStyle): { size: number } {
    const size = s.size ?? 10;
    const face = s.bold ? 'bold' : 'regular';
    this.doc
      .font(face)
      .fontSize(size)
      .fillColor(s.color ?? INK);
    usePreparedFace(this.doc, FACES[face]);
    return { size };
  }

  /** Width of a text in the given style (for right alignment and fitting). */
  widthOf(text: string, s: TextStyle = {}): number {
    this.style(s);
    return this.doc.widthOfString(text);
  }

  /** A text cut with « … » to fit `width` on one line. */
  fit(text: string, width: number, s: TextStyle = {}): string {
    if (this.widthOf(text, s) <= width) return text;
    let t = text;
    while (t.length > 1 && this.doc.widthOfString(`${t}…`) > width) t = t.slice(0, -1);
    return `${t}…`;
  }

  /** Starts a new page when `height` does not fit under the current position. */
  ensure(height: number): void {
    if (this.y + height <= this.height - this.margin) return;
    this.doc.addPage();
    this.y = this.margin;
    if (this.runningHeader) this.runningHeader();
  }

  /** Decoration (rules, bands, backgrounds, running headers): drawn outside the structure tree. */
  artifact(draw: () => void, type: 'Layout' | 'Pagination' = 'Layout'): void {
    this.doc.markContent('Artifact', { type });
    draw();
    this.doc.endMarkedContent();
  }

  /** Runs `draw` as the content of a new structure element under `parent` (the document by default). */
  private element(type: string, draw: () => void, parent: Struct = this.root, options: Record<string, unknown> = {}): void {
    parent.add(this.doc.struct(type as never, options, draw));
  }

  /**
   * The brand's logo: its initial on a rounded square of its colour and its name — one figure whose
   * alternative text is the name. A coloured band over the top edge, as decoration. Later pages repeat
   * the band and the name as artifacts.
   */
  logo(size = 20): void {
    const { doc, brand } = this;
    const band = () => doc.rect(0, 0, this.width, 8).fill(brand.color);
    this.artifact(band);
    const top = this.y;
    this.element(
      'Figure',
      () => {
        doc.roundedRect(this.margin, top, size * 1.6, size * 1.6, size * 0.4).fill(brand.color);
        this.style({ size: size * 0.9, bold: true, color: '#ffffff' });
        const initial = brand.name.trim().charAt(0).toUpperCase();
        doc.text(initial, this.margin + (size * 1.6 - doc.widthOfString(initial)) / 2, top + size * 0.3, { lineBreak: false });
        this.style({ size, bold: true, color: brand.color });
        doc.text(brand.name, this.margin + size * 2.1, top + size * 0.2, { lineBreak: false });
      },
      this.root,
      { alt: brand.name, bbox: [this.margin, top, this.margin + size * 2.1 + this.widthOf(brand.name, { size, bold: true }), top + size * 1.6] },
    );
    this.y = top + size * 1.6 + 14;
    this.runningHeader = () => {
      this.artifact(() => {
        band();
        this.style({ size: 10, bold: true, color: brand.color });
        doc.text(brand.name, this.margin, this.margin - 24, { lineBreak: false });
      }, 'Pagination');
    };
  }

  /** Lines of `text` at most `width` wide in the current style, broken at plain spaces only: never inside a web address, never at a no-break space. */
  private wrapLines(text: string, width: number): string[] {
    const lines: string[] = [];
    for (const paragraph of text.split('\n')) {
      let line = '';
      for (const word of paragraph.split(/ +/)) {
        const next = line ? `${line} ${word}` : word;
        if (line && this.doc.widthOfString(next) > width) {
          lines.push(line);
          line = word;
        } else line = next;
      }
      lines.push(line);
    }
    return lines;
  }

  /** Text wrapped over `width` as one structure element of `type`, continued on the next pages when it does not fit. */
  private flow(type: string, text: string, s: TextStyle, parent: Struct, x: number, width: number): void {
    this.style(s);
    const lines = this.wrapLines(text, width);
    const lineHeight = this.doc.currentLineHeight(true);
    const element = this.doc.struct(type as never);
    parent.add(element);
    for (let i = 0; i < lines.length;) {
      this.ensure(lineHeight);
      const room = Math.max(1, Math.floor((this.height - this.margin - this.y) / lineHeight));
      const chunk = lines.slice(i, i + room);
      const top = this.y;
      element.add(() => {
        this.style(s);
        chunk.forEach((line, k) => this.doc.text(line, x, top + k * lineHeight, { lineBreak: false }));
      });
      i += chunk.length;
      this.y = top + chunk.length * lineHeight;
    }
    element.end();
  }

  /** Text flowing over the content width (wrapped, paginated), as one structure element of `type`. */
  private block(type: string, text: string, s: TextStyle, parent: Struct = this.root): void {
    const { size } = this.style(s);
    const x = s.x ?? this.margin;
    this.ensure(size * 3);
    this.flow(type, text, s, parent, x, s.width ?? this.width - this.margin - x);
    this.y += s.gap ?? 4;
  }

  heading(level: 1 | 2 | 3, text: string, s: TextStyle = {}): void {
    const size = s.size ?? ({ 1: 18, 2: 13, 3: 11 } as const)[level];
    if (level > 1) this.y += 6;
    this.ensure(size * 3);
    this.block(`H${level}`, text, { bold: true, ...s, size, gap: s.gap ?? 6 });
  }

  paragraph(text: string, s: TextStyle = {}): void {
    this.block('P', text, s);
  }

  /** « Label : value » as one paragraph, the label in bold. */
  field(label: string, value: string, s: TextStyle = {}): void {
    const x = s.x ?? this.margin;
    const width = s.width ?? this.width - this.margin - x;
    const labelText = `${label}\u00a0: `;
    const labelWidth = this.widthOf(labelText, { ...s, bold: true });
    this.style(s);
    // The value's first line follows the label; the next ones take the whole width.
    const [first = '', ...rest] = this.wrapLines(value, width - labelWidth);
    const next = rest.length ? this.wrapLines(rest.join(' '), width) : [];
    const lineHeight = this.doc.currentLineHeight(true);
    this.ensure(lineHeight * Math.min(2, 1 + next.length));
    const top = this.y;
    this.element('P', () => {
      this.style({ ...s, bold: true });
      this.doc.text(labelText, x, top, { lineBreak: false });
      this.style(s);
      this.doc.text(first, x + labelWidth, top, { lineBreak: false });
      next.forEach((line, k) => this.doc.text(line, x, top + (k + 1) * lineHeight, { lineBreak: false }));
    });
    this.y = top + (1 + next.length) * lineHeight + (s.gap ?? 4);
  }

  /** A bulleted list: L > LI > (Lbl, LBody). */
  list(items: readonly string[], s: TextStyle = {}): void {
    if (items.length === 0) return;
    const list = this.doc.struct('L');
    this.root.add(list);
    const { size } = this.style(s);
    const indent = 14;
    for (const item of items) {
      this.ensure(size * 2);
      const top = this.y;
      const li = this.doc.struct('LI');
      list.add(li);
      this.element(
        'Lbl',
        () => {
          this.style(s);
          this.doc.text('•', this.margin, top, { lineBreak: false });
        },
        li,
      );
      this.flow('LBody', item, s, li, this.margin + indent, this.contentWidth - indent);
      li.end();
      this.y += s.gap ?? 4;
    }
    list.end();
  }

  /** A picture (PNG) as a figure with its alternative text. */
  image(png: Buffer, size: number, alt: string): void {
    this.ensure(size + 8);
    const top = this.y;
    this.element('Figure', () => void this.doc.image(png, this.margin, top, { width: size, height: size }), this.root, {
      alt,
      bbox: [this.margin, top, this.margin + size, top + size],
    });
    this.y = top + size + 6;
  }

  /**
   * A table: one header row of TH cells (scope Column), then the data rows (TD, or TH scope Row for
   * the first cell with `rowHeaders`), each cell its own element so that a reader announces headers.
   */
  table(columns: readonly TableColumn[], rows: readonly (readonly string[])[], o: TableOptions = {}): void {
    const { doc } = this;
    const size = o.size ?? 9;
    const pad = 3;
    const total = columns.reduce((w, c) => w + c.width, 0);
    const table = doc.struct('Table');
    this.root.add(table);

    // Header titles always wrap; values wrap only in `wrap` columns (one line is much faster to lay out).
    const lineHeight = (bold: boolean) => {
      this.style({ size, bold });
      return doc.currentLineHeight(true);
    };
    const cellHeight = (text: string, c: TableColumn, bold: boolean, wrap = c.wrap) => {
      if (!wrap) return size + 2 * pad + 2;
      const height = lineHeight(bold);
      return this.wrapLines(text, c.width - 2 * pad).length * height + 2 * pad;
    };
    const left0 = o.x ?? this.margin;
    const drawCell = (text: string, c: TableColumn, x: number, top: number, bold: boolean, color?: string, wrap = c.wrap) => {
      const height = lineHeight(bold);
      this.style({ size, bold, color });
      const lines = wrap ? this.wrapLines(text, c.width - 2 * pad) : [this.fit(text, c.width - 2 * pad, { size, bold })];
      lines.forEach((line, k) => {
        const tx = c.align === 'right' ? x + c.width - pad - doc.widthOfString(line) : x + pad;
        doc.text(line, tx, top + pad + k * height, { lineBreak: false });
      });
    };
    const headerHeight = o.noHeaderRow ? 0 : Math.max(...columns.map((c) => cellHeight(c.title, c, true, true)));
    const drawHeaderBackground = (top: number) => this.artifact(() => void doc.rect(left0, top, total, headerHeight).fill(o.headerFill ?? '#edf2fa'));
    const drawHeaderAsArtifact = () => {
      const top = this.y;
      drawHeaderBackground(top);
      this.artifact(() => {
        let x = left0;
        for (const c of columns) {
          drawCell(c.title, c, x, top, true, MUTED, true);
          x += c.width;
        }
      }, 'Pagination');
      this.y = top + headerHeight;
    };

    this.ensure(headerHeight + size * 3);
    if (!o.noHeaderRow) {
      const headTop = this.y;
      drawHeaderBackground(headTop);
      const headRow = doc.struct('TR');
      table.add(headRow);
      let x = left0;
      for (const c of columns) {
        const left = x;
        this.element('TH', () => drawCell(c.title, c, left, headTop, true, MUTED, true), headRow, { scope: 'Column' });
        x += c.width;
      }
      headRow.end();
      this.y = headTop + headerHeight;
    }

    rows.forEach((row, r) => {
      const bold = o.boldRows?.includes(r) ?? false;
      const height = Math.max(...columns.map((c, i) => cellHeight(row[i] ?? '', c, bold)));
      if (this.y + height > this.height - this.margin) {
        this.ensure(this.height);
        if (o.repeatHeader && !o.noHeaderRow) drawHeaderAsArtifact();
      }
      const top = this.y;
      const tr = doc.struct('TR');
      table.add(tr);
      let cx = left0;
      columns.forEach((c, i) => {
        const left = cx;
        const isHeader = Boolean(o.rowHeaders && i === 0);
        this.element(
          isHeader ? 'TH' : 'TD',
          () => drawCell(row[i] ?? '', c, left, top, bold, bold ? o.color : undefined),
          tr,
          isHeader ? { scope: 'Row' } : {},
        );
        cx += c.width;
      });
      tr.end();
      this.y = top + height;
    });
    table.end();
    if (!o.noHeaderRow)
      this.artifact(
        () =>
          void doc
            .moveTo(left0, this.y)
            .lineTo(left0 + total, this.y)
            .lineWidth(0.5)
            .strokeColor(MUTED)
            .stroke(),
      );
    this.y += 6;
  }

  /** Finishes the structure tree and the file. */
  async end(): Promise<Buffer> {
    this.root.end();
    this.doc.end();
    return this.done;
  }
}
