import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/*
 * What a screen reader and an accessibility checker see of a PDF: pdfinfo's fields, the catalogue's
 * language and window-title preference (qpdf --json), the fonts (pdffonts), and the structure tree as
 * pdf.js reads it (roles in reading order, figures' alternative text), with each table header cell's scope.
 */

export type StructNode = { role: string; alt?: string; children: StructNode[] };
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

type PdfJsNode = { role?: string; alt?: string; type?: string; children?: PdfJsNode[] };

function walk(node: PdfJsNode, out: StructNode[]): void {
  if (node.type === 'content' || node.type === 'object' || node.type === 'annotation') return;
  const children: StructNode[] = [];
  for (const c of node.children ?? []) walk(c, children);
  out.push({ role: node.role ?? '', ...(node.alt ? { alt: node.alt } : {}), children });
}

export async function readPdfTags(pdf: Buffer): Promise<PdfTags> {
  return withFile(pdf, async (file) => {
    const info = Object.fromEntries(
      execFileSync('pdfinfo', ['-enc', 'UTF-8', file], { encoding: 'utf8' })
        .split('\n')
        .filter((l) => l.includes(':'))
        .map((l) => [l.slice(0, l.indexOf(':')).trim(), l.slice(l.indexOf(':') + 1).trim()]),
    );
    const json = JSON.parse(execFileSync('qpdf', ['--json', '--json-key=qpdf', file], { encoding: 'utf8', maxBuffer: 64 << 20 })) as QpdfJson;
    const objects = json.qpdf[1];
    const resolve = (v: unknown): Record<string, unknown> | undefined =>
      typeof v === 'string' && / R$/.test(v) ? objects[`obj:${v}`]?.value : (v as Record<string, unknown> | undefined);
    const trailer = objects.trailer!.value!;
    const root = resolve(trailer['/Root'])!;
    const prefs = resolve(root['/ViewerPreferences']);
    const headerScopes: string[] = [];
    for (const entry of Object.values(objects)) {
      const v = entry.value;
      if (v?.['/S'] !== '/TH') continue;
      const attrs = resolve(v['/A']);
      headerScopes.push(String(attrs?.['/Scope'] ?? 'none').replace(/^\//, ''));
    }
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

    const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
    const doc = await getDocument({ data: new Uint8Array(pdf), isEvalSupported: false, verbosity: 0 }).promise;
    const roles: string[] = [];
    const figures: { alt: string | undefined }[] = [];
    const visit = (n: StructNode) => {
      if (n.role !== 'Root' && n.role !== 'Document') roles.push(n.role);
      if (n.role === 'Figure') figures.push({ alt: n.alt });
      n.children.forEach(visit);
    };
    try {
      for (let p = 1; p <= doc.numPages; p++) {
        const tree = (await (await doc.getPage(p)).getStructTree()) as PdfJsNode | null;
        const nodes: StructNode[] = [];
        if (tree) walk(tree, nodes);
        nodes.forEach(visit);
      }
    } finally {
      await doc.destroy();
    }
    return {
      info,
      lang: typeof root['/Lang'] === 'string' ? (root['/Lang'] as string).replace(/^u:/, '') : null,
      displayDocTitle: prefs?.['/DisplayDocTitle'] === true,
      fonts,
      roles,
      figures,
      headerScopes,
      text,
    };
  });
}
