import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { expect } from 'vitest';

/*
 * What a screen reader and an accessibility checker see of a PDF: pdfinfo's fields, the catalogue's
 * language and window-title preference, the structure tree from its root in reading order (roles,
 * figures' alternative text, each table header cell's scope) read from qpdf --json, the fonts
 * (pdffonts) and their Unicode maps, and the text (pdftotext).
 */

export type PdfTags = {
  info: Record<string, string>;
  lang: string | null;
  displayDocTitle: boolean;
  fonts: { name: string; embedded: boolean; unicode: boolean }[];
  /** The roles under the Document element, depth first (content leaves left out), over every page. */
  roles: string[];
  figures: { alt: string | undefined }[];
  /** The scope of every TH cell, from its attributes. */
  headerScopes: string[];
  text: string;
  /** The fonts' ToUnicode maps, uncompressed (which characters the embedded glyphs stand for). */
  unicodeMaps: string;
};

type QpdfJson = { qpdf: [unknown, Record<string, { value?: Record<string, unknown> }>] };

function withFile<T>(pdf: Buffer, use: (file: string) => T): T {
  const dir = mkdtempSync(join(tmpdir(), 'pdf-tags-'));
  try {
    const file = join(dir, 'doc.pdf');
    writeFileSync(file, pdf);
    return use(file);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** qpdf prints warnings (exit 3) on files it reads fine, such as an incremental update's spacing. */
function qpdf(args: string[]): string {
  const run = spawnSync('qpdf', args, { encoding: 'utf8', maxBuffer: 64 << 20 });
  if (run.status !== 0 && run.status !== 3) throw new Error(`qpdf ${args.join(' ')}: ${run.stderr}`);
  return run.stdout;
}

export function readPdfTags(pdf: Buffer): PdfTags {
  return withFile(pdf, (file) => {
    const info = Object.fromEntries(
      execFileSync('pdfinfo', ['-enc', 'UTF-8', file], { encoding: 'utf8' })
        .split('\n')
        .filter((l) => l.includes(':'))
        .map((l) => [l.slice(0, l.indexOf(':')).trim(), l.slice(l.indexOf(':') + 1).trim()]),
    );
    const json = JSON.parse(qpdf(['--json', '--json-key=qpdf', file])) as QpdfJson;
    const objects = json.qpdf[1];
    const resolve = (v: unknown): Record<string, unknown> | undefined =>
      typeof v === 'string' && / R$/.test(v) ? objects[`obj:${v}`]?.value : (v as Record<string, unknown> | undefined);
    const trailer = objects.trailer!.value!;
    const root = resolve(trailer['/Root'])!;
    const prefs = resolve(root['/ViewerPreferences']);
    const roles: string[] = [];
    const figures: { alt: string | undefined }[] = [];
    const headerScopes: string[] = [];
    const decode = (v: unknown) => (typeof v === 'string' ? v.replace(/^[ub]:/, '') : undefined);
    const visit = (kid: unknown) => {
      const node = resolve(kid);
      if (!node || typeof node !== 'object' || !('/S' in node)) return; // marked content, not an element
      const role = String(node['/S']).replace(/^\//, '');
      if (role !== 'Document') roles.push(role);
      if (role === 'Figure') figures.push({ alt: decode(node['/Alt']) });
      if (role === 'TH') headerScopes.push(String(resolve(node['/A'])?.['/Scope'] ?? 'none').replace(/^\//, ''));
      const kids = node['/K'];
      for (const k of Array.isArray(kids) ? kids : kids === undefined ? [] : [kids]) visit(k);
    };
    const treeRoot = resolve(root['/StructTreeRoot']);
    const top = treeRoot?.['/K'];
    for (const k of Array.isArray(top) ? top : top === undefined ? [] : [top]) visit(k);
    const fonts = execFileSync('pdffonts', [file], { encoding: 'utf8' })
      .split('\n')
      .slice(2)
      .filter(Boolean)
      .map((line) => {
        const cols = line.trim().split(/\s+/);
        // name type… encoding emb sub uni object ID
        return { name: cols[0]!, embedded: cols.at(-5) === 'yes', unicode: cols.at(-3) === 'yes' };
      });
    const text = execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' });
    const qdf = join(dirname(file), 'qdf.pdf');
    qpdf(['--qdf', '--object-streams=disable', file, qdf]);
    const unicodeMaps = (readFileSync(qdf, 'latin1').match(/begincmap[\s\S]*?endcmap/g) ?? []).join('\n');
    return {
      info,
      lang: typeof root['/Lang'] === 'string' ? (root['/Lang'] as string).replace(/^u:/, '') : null,
      displayDocTitle: prefs?.['/DisplayDocTitle'] === true,
      fonts,
      roles,
      figures,
      headerScopes,
      text,
      unicodeMaps,
    };
  });
}

/** What every tagged PDF of the portal shows: Tagged, its title shown in fr-FR, embedded Unicode fonts, the logo figure first, then H1 before the text. */
export function expectTaggedPdf(tags: PdfTags, title: string, brand: string): void {
  expect(tags.info.Tagged).toBe('yes');
  expect(tags.info.Title).toBe(title);
  expect(tags.lang).toBe('fr-FR');
  expect(tags.displayDocTitle).toBe(true);
  expect(tags.fonts.length).toBeGreaterThan(0);
  for (const font of tags.fonts) expect(font, font.name).toMatchObject({ embedded: true, unicode: true });
  expect(tags.roles[0], 'the logo comes first').toBe('Figure');
  expect(tags.figures[0]?.alt).toBe(brand);
  expect(tags.roles).toContain('H1');
  expect(tags.roles.indexOf('H1')).toBeLessThan(tags.roles.indexOf('P'));
}
