import { defineConfig } from 'vitest/config';

// One runner, five projects: `npm run test:unit` = contracts + web + back office (+ the lint rules' tests), `npm run test:server` = server.
export default defineConfig({
  test: {
    projects: [
      {
        // Pure functions, no mocks, no global state: the files share one module graph instead of each
        // loading it again (a third of the CPU); a test that mocked a module here would leak into the next files.
        test: { name: 'contracts', root: 'packages/contracts', include: ['src/**/*.test.ts'], isolate: false },
      },
      { test: { name: 'tooling', root: 'scripts', include: ['**/*.test.mjs'] } },
      'apps/web/vitest.config.ts',
      'apps/backoffice/vitest.config.ts',
      'apps/server/vitest.config.ts',
    ],
  },
});
