import { defineConfig } from 'vitest/config';

// One runner, four projects: `npm run test:unit` = contracts + web, `npm run test:server` = server.
export default defineConfig({
  test: {
    projects: [
      { test: { name: 'contracts', root: 'packages/contracts', include: ['src/**/*.test.ts'] } },
      'apps/web/vitest.config.ts',
      'apps/server/vitest.config.ts',
    ],
  },
});
