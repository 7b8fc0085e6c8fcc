// The server's import graph, measured with TypeScript's own resolver: circles (strongly connected
// components) between files and between folders, and imports that run up a layer.
//   node scripts/import-graph.mjs [--list]        (from the repo root)
// scripts/import-graph.test.mjs keeps every figure at 0.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

export const SERVER_SRC = resolve(dirname(fileURLToPath(import.meta.url)), '../apps/server/src');

/**
 * The server's layers, bottom first: a file imports only from its own layer or the ones below.
 * lib: helpers that know no table; config: the environment; db: the handle, migrations, the kit's
 * tables, encryption at rest, the seed loop; jobs: the job queue; core: the platform the modules stand
 * on (the manifest type, sessions, audit, tenants, the /all-info composer); http, plugins: the HTTP
 * kit; modules: the areas; composition: modules/*.ts, the lists over every module; process: app.ts,
 * instance.ts, main.ts and the operator commands (`modules/<m>/cli.ts`, `*-cli.ts`: processes that
 * nothing imports, like main.ts). Benches (apps/server/bench) and tests sit outside src.
 */
export const LAYERS = ['lib', 'config', 'db', 'jobs', 'core', 'http', 'plugins', 'modules', 'composition', 'process'];

const PROCESS_FILES = /^(app|instance|main)\.ts$|(^|\/|-)cli\.ts$/;

/** The layer of a file, from its path relative to src (posix separators). */
export function layerOf(path) {
  if (PROCESS_FILES.test(path)) return 'process';
  const [top, second] = path.split('/');
  if (top === 'modules') return second?.endsWith('.ts') ? 'composition' : 'modules';
  const name = top.endsWith('.ts') ? top.slice(0, -3) : top;
  if (!LAYERS.includes(name)) throw new Error(`${path}: no layer for “${name}” in scripts/import-graph.mjs`);
  return name;
}

/**
 * The folder a file counts in for folder circles: a module with its subfolders (modules/<m>), a kit
 * folder with its subfolders (db, with db/schema and db/seed), and each process file on its own.
 * Circles inside one such folder show at file level.
 */
export function folderOf(path) {
  if (PROCESS_FILES.test(path) || !path.includes('/')) return path.slice(0, -3);
  const [top, second] = path.split('/');
  return top === 'modules' && !second.endsWith('.ts') ? `modules/${second}` : top;
}

function sourceFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.d\.ts$|\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** Every import (static, `import type`, `export … from`, dynamic `import()`) from one file of `root` to another. */
export function importEdges(root = SERVER_SRC) {
  const options = { module: ts.ModuleKind.ESNext, moduleResolution: ts.ModuleResolutionKind.Bundler, allowImportingTsExtensions: true };
  const host = ts.createCompilerHost(options);
  const posix = (file) => relative(root, file).split(sep).join('/');
  const edges = [];
  for (const file of sourceFiles(root)) {
    const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
    for (const { fileName } of importedFiles) {
      if (!fileName.startsWith('.')) continue;
      const resolved = ts.resolveModuleName(fileName, file, options, host).resolvedModule?.resolvedFileName;
      if (!resolved) throw new Error(`${posix(file)}: cannot resolve ${fileName}`);
      const to = posix(resolve(resolved));
      if (!to.startsWith('..')) edges.push({ from: posix(file), to });
    }
  }
  return edges;
}

/** Tarjan's strongly connected components of more than one node (or a node importing itself). */
export function circles(edges) {
  const next = new Map();
  for (const { from, to } of edges) {
    if (!next.has(from)) next.set(from, new Set());
    if (!next.has(to)) next.set(to, new Set());
    next.get(from).add(to);
  }
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const found = [];
  let counter = 0;
  const visit = (node) => {
    index.set(node, counter);
    low.set(node, counter++);
    stack.push(node);
    onStack.add(node);
    for (const target of next.get(node)) {
      if (!index.has(target)) {
        visit(target);
        low.set(node, Math.min(low.get(node), low.get(target)));
      } else if (onStack.has(target)) low.set(node, Math.min(low.get(node), index.get(target)));
    }
    if (low.get(node) !== index.get(node)) return;
    const component = [];
    let member;
    do {
      member = stack.pop();
      onStack.delete(member);
      component.push(member);
    } while (member !== node);
    if (component.length > 1 || next.get(node).has(node)) found.push(component.sort());
  };
  for (const node of [...next.keys()].sort()) if (!index.has(node)) visit(node);
  return found;
}

/** The figures: file circles, folder circles, imports that run up a layer. */
export function measure(edges) {
  const folderEdges = edges.map(({ from, to }) => ({ from: folderOf(from), to: folderOf(to) })).filter(({ from, to }) => from !== to);
  const upward = edges.filter(({ from, to }) => LAYERS.indexOf(layerOf(to)) > LAYERS.indexOf(layerOf(from)));
  return {
    files: new Set(edges.flatMap(({ from, to }) => [from, to])).size,
    imports: edges.length,
    fileCircles: circles(edges),
    folderCircles: circles(folderEdges),
    upward,
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { files, imports, fileCircles, folderCircles, upward } = measure(importEdges());
  const list = process.argv.includes('--list');
  console.log(`apps/server/src: ${files} files, ${imports} imports between them`);
  console.log(`file circles: ${fileCircles.length}${fileCircles.length ? ` (${fileCircles.map((c) => c.length).join(', ')} files)` : ''}`);
  if (list) for (const circle of fileCircles) console.log(`  ${circle.join(' ')}`);
  console.log(`folder circles: ${folderCircles.length}${folderCircles.length ? ` (${folderCircles.map((c) => c.length).join(', ')} folders)` : ''}`);
  if (list) for (const circle of folderCircles) console.log(`  ${circle.join(' ')}`);
  console.log(`upward imports (layers ${LAYERS.join(' < ')}): ${upward.length}`);
  if (list) for (const { from, to } of upward) console.log(`  ${from} (${layerOf(from)}) → ${to} (${layerOf(to)})`);
}
