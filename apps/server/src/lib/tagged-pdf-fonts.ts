import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { deflateSync } from 'node:zlib';
import * as fontkit from 'fontkit';

/* The fonts of the tagged-PDF kit (tagged-pdf.ts): DejaVu Sans and Bold, embedded in every document. */

const fontDir = join(dirname(createRequire(import.meta.url).resolve('dejavu-fonts-ttf/package.json')), 'ttf');
/*
 * Speed: a statement must cost about what it did before tagging. Three things PDFKit redoes for every
 * document are done once per process here, for each face:
 * - parsing the font file (fifty times the drawing itself);
 * - shaping words (kept per document by PDFKit; the words of these documents repeat);
 * - the embedded subset: every document embeds the same subset, the glyphs of French and Western text
 *   (ASCII, Latin-1, Œ œ Ÿ € ’ « » … – — • and the no-break spaces), encoded once. A document that uses
 *   a glyph outside it (a Polish ł in a name) gets its own subset as PDFKit makes it.
 * This reaches into PDFKit's font object (`_font`, its `subset`, `widths`, `unicode`): pdfkit is pinned.
 */
const CHARSET = [
  ...Array.from({ length: 0x7f - 0x20 }, (_, i) => 0x20 + i),
  ...Array.from({ length: 0x100 - 0xa0 }, (_, i) => 0xa0 + i),
  0x152,
  0x153,
  0x178,
  0x20ac,
  0x2018,
  0x2019,
  0x201c,
  0x201d,
  0x2026,
  0x2013,
  0x2014,
  0x2022,
  0x202f,
  0x2009,
  0x2116,
];

/** The ligatures the fonts' default shaping makes of these letters. */
const LIGATURES = ['ffi', 'ffl', 'ff', 'fi', 'fl'];

type PreparedFace = {
  font: fontkit.Font;
  glyphs: { id: number; advanceWidth: number; codePoints: number[] }[];
  /** The shared subset, already deflated as it is written into each document. */
  deflated: Buffer;
  layouts: Record<string, unknown>;
};

function prepareFace(file: string): PreparedFace {
  const font = fontkit.create(readFileSync(join(fontDir, file))) as fontkit.Font;
  const seen = new Set<number>([0]);
  const glyphs: PreparedFace['glyphs'] = [];
  const add = (glyph: fontkit.Glyph, codePoints: number[]) => {
    if (seen.has(glyph.id)) return;
    seen.add(glyph.id);
    glyphs.push({ id: glyph.id, advanceWidth: glyph.advanceWidth, codePoints });
  };
  for (const codePoint of CHARSET) add(font.glyphForCodePoint(codePoint), [codePoint]);
  for (const letters of LIGATURES) for (const glyph of font.layout(letters).glyphs) add(glyph, glyph.codePoints);
  const subset = font.createSubset();
  for (const g of glyphs) subset.includeGlyph(font.getGlyph(g.id));
  return { font, glyphs, deflated: deflateSync(subset.encode()), layouts: Object.create(null) as Record<string, unknown> };
}

export const FACES = { regular: prepareFace('DejaVuSans.ttf'), bold: prepareFace('DejaVuSans-Bold.ttf') };
const LAYOUT_LIMIT = 5000;

type EmbeddedFont = {
  subset: { includeGlyph(id: number): number; encode(): Uint8Array; glyphs: unknown[] };
  embed(): void;
  widths: number[];
  unicode: number[][];
  scale: number;
  layoutCache?: Record<string, unknown>;
  prepared?: true;
};

/** Points the document's current font at the face's shared layouts and shared subset (once per document and face). */
export function usePreparedFace(doc: PDFKit.PDFDocument, face: PreparedFace): void {
  const embedded = (doc as unknown as { _font: EmbeddedFont })._font;
  if (embedded.prepared) return;
  embedded.prepared = true;
  if (Object.keys(face.layouts).length > LAYOUT_LIMIT) face.layouts = Object.create(null) as Record<string, unknown>;
  embedded.layoutCache = face.layouts;
  const subset = face.font.createSubset() as unknown as EmbeddedFont['subset'];
  for (const g of face.glyphs) {
    const gid = subset.includeGlyph(g.id);
    embedded.widths[gid] = g.advanceWidth * embedded.scale;
    embedded.unicode[gid] = g.codePoints;
  }
  embedded.subset = subset;
  const shared = subset.glyphs.length;
  const embed = embedded.embed.bind(embedded);
  // PDFKit's embed() creates the font file stream first and fills it with subset.encode(): that stream gets the deflated bytes as they are.
  embedded.embed = () => {
    if (subset.glyphs.length !== shared) return embed();
    const ref = doc.ref.bind(doc);
    let fontFile = true;
    doc.ref = (data?: object) => {
      const made = ref(data ?? {}) as unknown as { compress: boolean; data: Record<string, unknown> };
      if (fontFile) {
        fontFile = false;
        made.compress = false;
        made.data.Filter = 'FlateDecode';
      }
      return made as never;
    };
    const encode = subset.encode;
    subset.encode = () => face.deflated;
    try {
      embed();
    } finally {
      doc.ref = ref;
      subset.encode = encode;
    }
  };
}
