// JS a first visit downloads, gzip-compressed. Without routes: the login page (the scripts
// dist/login.html names; 100 kB at most). With routes (manifest keys): the SPA's entry chunk, those
// route modules and every chunk they import statically (180 kB unless --max-kb). Fails above the budget.
//   node scripts/bundle-budget.mjs [--max-kb 180] [src/features/dashboard/routes/home.tsx ...]
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';

const dist = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const args = process.argv.slice(2);
const maxAt = args.indexOf('--max-kb');
const maxKb = maxAt === -1 ? (args.length > 0 ? 180 : 100) : Number(args.splice(maxAt, 2)[1]);
const routes = args;
const report = (files, label) => {
  let total = 0;
  for (const file of files) {
    const bytes = zlib.gzipSync(fs.readFileSync(path.join(dist, file))).length;
    total += bytes;
    console.log(`${(bytes / 1024).toFixed(1).padStart(7)} kB  ${file}`);
  }
  const kb = total / 1024;
  console.log(`${kb.toFixed(1).padStart(7)} kB  total (budget ${maxKb} kB) for ${label}`);
  if (kb > maxKb) process.exit(1);
};

if (routes.length === 0) {
  const html = fs.readFileSync(path.join(dist, 'login.html'), 'utf8');
  report(
    [...html.matchAll(/<script[^>]+src="\/([^"]+)"/g)].map((m) => m[1]),
    'the login page (login.html)',
  );
  process.exit(0);
}

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

report(
  [...seen].map((key) => manifest[key].file),
  routes.join(', '),
);
