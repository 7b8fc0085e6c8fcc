import { defineConfig } from 'vitest/config';

// One runner, five projects: `npm run test:unit` = contracts + web + back office (+ the lint rules' tests), `npm run test:server` = server.
export default defineConfig({
  test: {
    projects: [
      { test: { name: 'contracts', root: 'packages/contracts', include: ['src/**/*.test.ts'] } },
      { test: { name: 'tooling', root: 'scripts', include: ['**/*.test.mjs'] } },
      'apps/web/vitest.config.ts',
      'apps/backoffice/vitest.config.ts',
      'apps/server/vitest.config.ts',
    ],
  },
});
