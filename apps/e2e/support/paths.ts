import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Repository root, whatever the cwd Playwright was started from. */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
/** Scratch space of end-to-end runs (git-ignored): one sub-folder per run, removed at the end. */
export const E2E_DATA_ROOT = path.join(REPO_ROOT, '.e2e-data');
/** The built SPA the real server serves. */
export const WEB_DIST = path.join(REPO_ROOT, 'apps/web/dist');
/** The server as production runs it (`npm run build`): one bundle, no TypeScript compiled at each start. */
export const SERVER_DIST = path.join(REPO_ROOT, 'apps/server/dist');
/** What the server bundle is built from: a source newer than the bundle means it must be rebuilt. */
export const SERVER_SOURCES = [path.join(REPO_ROOT, 'apps/server/src'), path.join(REPO_ROOT, 'packages/contracts/src')];
export const CHROMIUM = process.env.E2E_CHROMIUM ?? '/usr/bin/chromium';
