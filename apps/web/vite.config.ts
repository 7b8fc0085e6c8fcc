import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompressPlugin } from './scripts/precompress';
import { pureSchemasPlugin } from './scripts/pure-schemas';

/** Contracts hold every zod schema of the API: keep only those a chunk uses (the login page's build too). */
export const treeshake = {
  moduleSideEffects: (id: string) => (/[\\/]packages[\\/]contracts[\\/]src[\\/]/.test(id) ? false : undefined),
  manualPureFunctions: ['z'],
};

const apiPort = Number(process.env.API_PORT ?? 8085);

export default defineConfig({
  plugins: [pureSchemasPlugin(), react(), precompressPlugin()],
  define: {
    __APP_VERSION__: JSON.stringify(process.env.APP_VERSION ?? 'dev'),
    __BUILD_TIME__: JSON.stringify(new Date().toISOString()),
  },
  server: {
    port: Number(process.env.WEB_PORT ?? 5173),
    strictPort: true,
    // The Host header is kept (no changeOrigin): the API resolves the tenant from it.
    // /login is a page the API renders (login.html with the tenant's brand; scripts/dev.mjs points it at
    // the source template, whose script this server then serves).
    proxy: {
      '/api': { target: `http://localhost:${apiPort}`, xfwd: true },
      '^/login/?(\\?.*)?$': { target: `http://localhost:${apiPort}`, xfwd: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    manifest: true,
    // Production serves no source maps unless asked (VITE_SOURCEMAP=true, e.g. for an error tracker upload).
    sourcemap: process.env.VITE_SOURCEMAP === 'true',
    target: 'es2022',
    rolldownOptions: {
      treeshake,
      output: {
        // Long-lived vendor chunks, fewer round trips, better compression than many slivers.
        codeSplitting: {
          groups: [
            // React apart from the router: a chunk runs in one task, and both in one was a long task on a slow phone.
            { name: 'react', test: /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 3 },
            { name: 'router', test: /[\\/]node_modules[\\/](react-router|cookie|set-cookie-parser)[\\/]/, priority: 3 },
            { name: 'zod', test: /[\\/]node_modules[\\/]zod[\\/]/, priority: 2 },
            // Mantine's core and the primitives every screen (the login form included) renders: one
            // chunk compresses far better than twenty slivers. Heavier components stay per route.
            {
              name: 'mantine',
              test: /[\\/]node_modules[\\/]@mantine[\\/]core[\\/]esm[\\/](core|components[\\/](Anchor|Box|Button|CloseButton|Group|Input|Loader|Overlay|Paper|Portal|Stack|Text|TextInput|Title|Transition|UnstyledButton))[\\/]/,
              priority: 1,
            },
          ],
        },
      },
    },
  },
});
