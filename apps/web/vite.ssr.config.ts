import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { pureSchemasPlugin } from './scripts/pure-schemas';
import { treeshake } from './vite.config';

/**
 * The server's render of the SPA (src/entry-server.tsx), built after the browser's build into
 * dist-ssr/ — outside dist/, which is served to everyone. apps/server loads it (WEB_SSR).
 */
export default defineConfig({
  plugins: [pureSchemasPlugin(), react()],
  define: {
    __APP_VERSION__: JSON.stringify(process.env.APP_VERSION ?? 'dev'),
    __BUILD_TIME__: JSON.stringify(new Date().toISOString()),
    // React's production build whatever NODE_ENV the server runs with: its development build renders
    // several times slower (and home is rendered on every visit).
    'process.env.NODE_ENV': JSON.stringify('production'),
  },
  // Everything in the bundle, React included, so that the define above reaches it; the module then
  // needs nothing from node_modules at run time.
  ssr: { noExternal: true },
  build: {
    ssr: 'src/entry-server.tsx',
    outDir: 'dist-ssr',
    emptyOutDir: true,
    target: 'node20',
    rolldownOptions: { treeshake },
  },
});
