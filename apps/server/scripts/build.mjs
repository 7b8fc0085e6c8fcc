// `npm run build -w @mutua/server`: the server as plain JavaScript in apps/server/dist, so that production
// runs `node dist/main.js` — no TypeScript compiled at start, nor kept in memory. The workspace's own
// packages (@mutua/contracts, TypeScript sources) are bundled in; every other package stays in
// node_modules, loaded as installed (native argon2, PGlite's WebAssembly, pg-boss…). The SQL migrations
// and the demo's FINESS extract are copied beside the bundle, where db/migrate.ts and the seed look for them.
import { cpSync, existsSync, readdirSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = fileURLToPath(new URL('..', import.meta.url));
const dist = `${root}dist`;
const started = performance.now();
rmSync(dist, { recursive: true, force: true });
// The module list (src/modules/index.ts) reads its folders from the disk; the bundle is told them here,
// and esbuild bundles every `./<folder>/index.ts` of its `import()`.
const modules = `${root}src/modules`;
const moduleFolders = readdirSync(modules, { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && existsSync(`${modules}/${entry.name}/index.ts`))
  .map((entry) => entry.name)
  .sort();
await build({
  entryPoints: { main: `${root}src/main.ts` },
  outdir: dist,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  define: { BUNDLED_MODULE_FOLDERS: JSON.stringify(moduleFolders.join(',')) },
  logLevel: 'warning',
  plugins: [
    {
      name: 'node-modules-external',
      setup(b) {
        // Bare imports stay external, but the workspace's own packages (@mutua/…), compiled in.
        b.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@mutua/') ? undefined : { path: args.path, external: true }));
      },
    },
  ],
});
cpSync(`${root}src/db/migrations`, `${dist}/migrations`, { recursive: true });
// Files the modules read beside their code (`new URL('./…', import.meta.url)`): beside the bundle too.
cpSync(`${root}src/modules/hospital-care/finess/etalab-cs1100507-sample.csv`, `${dist}/etalab-cs1100507-sample.csv`);
console.log(`server built into apps/server/dist in ${Math.round(performance.now() - started)} ms`);
