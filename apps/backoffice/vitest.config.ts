import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

export default defineProject({
  plugins: [react()],
  test: {
    name: 'backoffice',
    root: fileURLToPath(new URL('.', import.meta.url)),
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    // Mantine's first mount in jsdom is slow on a busy two-core machine: a user journey gets 20 s.
    testTimeout: 20_000,
    restoreMocks: true,
    unstubGlobals: true,
  },
});
