import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const apiPort = Number(process.env.API_PORT ?? 8085);

// The back office: served by the same server on its own host names (BACKOFFICE_HOSTS, gestion.localhost).
export default defineConfig({
  plugins: [react()],
  server: {
    port: Number(process.env.BO_PORT ?? 5174),
    strictPort: true,
    // The Host header is kept: the API answers /api/bo only on the staff host names.
    proxy: { '/api': { target: `http://localhost:${apiPort}`, xfwd: true } },
  },
  build: { outDir: 'dist', emptyOutDir: true, target: 'es2022' },
});
