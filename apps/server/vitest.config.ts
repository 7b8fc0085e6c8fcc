import { defineProject } from 'vitest/config';
import { ENGINE_SPECIFIC } from './test/support/engine-specific.ts';

// SERVER_TESTS=engine-specific: only the files whose behaviour depends on the database engine (the PGlite
// half of a run that has a PostgreSQL server for the whole suite; test/support/engine-specific.ts).
const engineSpecificOnly = process.env.SERVER_TESTS === 'engine-specific';

export default defineProject({
  test: {
    name: 'server',
    include: engineSpecificOnly ? Object.keys(ENGINE_SPECIFIC) : ['test/**/*.test.ts', 'src/**/*.test.ts'],
    globalSetup: ['test/support/global-setup.ts'],
    // Each file gets its own database; argon2 and PGlite are CPU-bound, so keep parallelism modest.
    maxWorkers: 2,
    // The files of a worker share one module graph instead of each loading the server's again: half the
    // suite's CPU. Each file still has its own database and app (createTestApp); a file that mocks a
    // module the app imports loads the app afresh (vi.resetModules in a vi.hoisted, as auth-security's).
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
