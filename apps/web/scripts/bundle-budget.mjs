// JS a first visit of a route downloads, gzip-compressed, from the build manifest: the entry chunk,
// the route modules named on the command line (manifest keys), and every chunk they import
// statically. Fails above the budget.
//   node scripts/bundle-budget.mjs [--max-kb 170] [src/app/layout/login-layout.tsx ...]
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';

const dist = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const args = process.argv.slice(2);
const maxAt = args.indexOf('--max-kb');
const maxKb = maxAt === -1 ? 170 : Number(args.splice(maxAt, 2)[1]);
const routes = args.length > 0 ? args : ['src/app/layout/login-layout.tsx'];

const manifest = JSON.parse(fs.readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));
const entry = Object.keys(manifest).find((key) => manifest[key].isEntry);
const seen = new Set();
const visit = (key) => {
  if (seen.has(key)) return;
  if (!manifest[key]) throw new Error(`not in the manifest: ${key}`);
  seen.add(key);
  for (const dep of manifest[key].imports ?? []) visit(dep);
};
[entry, ...routes].forEach(visit);

let total = 0;
for (const key of seen) {
  const bytes = zlib.gzipSync(fs.readFileSync(path.join(dist, manifest[key].file))).length;
  total += bytes;
  console.log(`${(bytes / 1024).toFixed(1).padStart(7)} kB  ${manifest[key].file}`);
}
const kb = total / 1024;
console.log(`${kb.toFixed(1).padStart(7)} kB  total (budget ${maxKb} kB) for ${routes.join(', ')}`);
if (kb > maxKb) process.exit(1);
