import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Repository root, whatever the cwd Playwright was started from. */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
/** Scratch space of end-to-end runs (git-ignored): one sub-folder per run, removed at the end. */
export const E2E_DATA_ROOT = path.join(REPO_ROOT, '.e2e-data');
/** The built SPA the real server serves. */
export const WEB_DIST = path.join(REPO_ROOT, 'apps/web/dist');
export const CHROMIUM = process.env.E2E_CHROMIUM ?? '/usr/bin/chromium';
