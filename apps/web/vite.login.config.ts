import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { precompressPlugin } from './scripts/precompress';
import { pureSchemasPlugin } from './scripts/pure-schemas';
import { treeshake } from './vite.config';

/**
 * The login page (login.html, src/login-page/), built on its own after the SPA into the same dist:
 * bundled apart, it shares no chunk with the SPA — a module both use (the request layer, the
 * contracts' auth rules) would otherwise come with everything the SPA's copy of it needs (React, zod).
 * The server fills dist/login.html with the tenant's brand (apps/server/src/http/login-page.ts).
 */
export default defineConfig({
  plugins: [pureSchemasPlugin(), precompressPlugin()],
  build: {
    outDir: 'dist',
    emptyOutDir: false,
    // The SPA's manifest (the budget test reads it) stays the only one.
    manifest: false,
    sourcemap: process.env.VITE_SOURCEMAP === 'true',
    target: 'es2022',
    rolldownOptions: {
      input: { login: fileURLToPath(new URL('login.html', import.meta.url)) },
      treeshake,
    },
  },
});
