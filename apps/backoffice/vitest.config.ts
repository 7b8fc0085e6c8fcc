import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

export default defineProject({
  plugins: [react()],
  test: {
    name: 'backoffice',
    root: fileURLToPath(new URL('.', import.meta.url)),
    environment: 'jsdom',
    setupFiles: ['@mutua/ui/test/jsdom-setup', './src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    // Mantine's first mount in jsdom is slow on a busy two-core machine: a user journey gets 20 s.
    testTimeout: 20_000,
    // One jsdom and one module graph for the files of a worker: @mutua/ui/test/jsdom-setup gives each file
    // a blank page, restoreMocks and unstubGlobals undo what a file stubbed.
    isolate: false,
    restoreMocks: true,
    unstubGlobals: true,
  },
});
