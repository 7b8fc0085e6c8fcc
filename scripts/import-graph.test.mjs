import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { circles, folderOf, importEdges, layerOf, measure } from './import-graph.mjs';

describe("the server's import graph", () => {
  // One walk of apps/server/src for the three figures (~1 s).
  const figures = measure(importEdges());

  it('reads the whole server', () => {
    expect(figures.files).toBeGreaterThan(300);
    expect(figures.imports).toBeGreaterThan(1000);
  });

  it('has no circle between files', () => {
    expect(figures.fileCircles).toEqual([]);
  });

  it('has no circle between folders (a module, a kit folder)', () => {
    expect(figures.folderCircles).toEqual([]);
  });

  it('has no import that runs up a layer', () => {
    expect(figures.upward.map(({ from, to }) => `${from} → ${to}`)).toEqual([]);
  });
});

describe('the measuring tool', () => {
  const root = mkdtempSync(join(tmpdir(), 'import-graph-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  const write = (path, text) => {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  };

  it('follows every kind of import through TypeScript’s resolver, and nothing outside the folder', () => {
    write('lib/clock.ts', 'export const now = () => new Date();\n');
    write('db/client.ts', "import type { now } from '../lib/clock';\nexport type Db = typeof now;\n");
    write('db/index.ts', "export * from './client';\n");
    write(
      'core/a.ts',
      "import { z } from 'zod';\nimport type { Db } from '../db';\nexport const load = () => import('../lib/clock');\nexport type A = Db | typeof z;\n",
    );
    write('core/a.test.ts', "import '../modules/x/index';\n");
    expect(importEdges(root).sort((a, b) => `${a.from}${a.to}`.localeCompare(`${b.from}${b.to}`))).toEqual([
      { from: 'core/a.ts', to: 'db/index.ts' },
      { from: 'core/a.ts', to: 'lib/clock.ts' },
      { from: 'db/client.ts', to: 'lib/clock.ts' },
      { from: 'db/index.ts', to: 'db/client.ts' },
    ]);
  });

  it('finds circles, self-imports included, and none in a chain', () => {
    const edge = (from, to) => ({ from, to });
    expect(circles([edge('a', 'b'), edge('b', 'c'), edge('c', 'a'), edge('c', 'd')])).toEqual([['a', 'b', 'c']]);
    expect(circles([edge('a', 'a')])).toEqual([['a']]);
    expect(circles([edge('a', 'b'), edge('b', 'c'), edge('a', 'c')])).toEqual([]);
  });

  it('counts an import from a lower layer to a higher one, and circles between folders whose files make none', () => {
    const { upward, folderCircles, fileCircles } = measure([
      { from: 'lib/field-crypto.ts', to: 'db/client.ts' },
      { from: 'db/open.ts', to: 'lib/clock.ts' },
      { from: 'modules/documents/page.ts', to: 'modules/requests/public.ts' },
      { from: 'modules/requests/routes.ts', to: 'modules/documents/public.ts' },
    ]);
    expect(upward).toEqual([{ from: 'lib/field-crypto.ts', to: 'db/client.ts' }]);
    expect(fileCircles).toEqual([]);
    expect(folderCircles).toEqual([
      ['db', 'lib'],
      ['modules/documents', 'modules/requests'],
    ]);
  });

  it('places every file in a layer and a folder', () => {
    expect(['config.ts', 'lib/clock.ts', 'db/seed/index.ts', 'core/module.ts', 'modules/faq/routes.ts', 'modules/index.ts', 'main.ts'].map(layerOf)).toEqual([
      'config',
      'lib',
      'db',
      'core',
      'modules',
      'composition',
      'process',
    ]);
    expect(layerOf('modules/tenants/cli.ts')).toBe('process');
    expect(layerOf('modules/mail/outbox-cli.ts')).toBe('process');
    expect(() => layerOf('bench/x.ts')).toThrow(/no layer/);
    expect(['db/schema/members.ts', 'modules/tp-card/wallet/pass.ts', 'modules/tables.ts', 'app.ts', 'modules/mail/outbox-cli.ts'].map(folderOf)).toEqual([
      'db',
      'modules/tp-card',
      'modules',
      'app',
      'modules/mail/outbox-cli',
    ]);
  });
});
