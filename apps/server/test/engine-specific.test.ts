import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';
import { ASKS_THE_ENGINE, ENGINE_SPECIFIC, POSTGRES_ONLY } from './support/engine-specific';

const root = fileURLToPath(new URL('..', import.meta.url));
const testFiles = (readdirSync(path.join(root, 'test'), { recursive: true, encoding: 'utf8' }) as string[])
  .filter((f) => f.endsWith('.test.ts'))
  .map((f) => `test/${f.split(path.sep).join('/')}`);

// CI runs on PGlite only the listed files: one that branches on the engine and is not listed would lose
// its PGlite half there without anyone noticing.
it('every test file that asks which engine it runs on is run on PGlite by CI, or needs PostgreSQL', () => {
  const asking = testFiles.filter((f) => ASKS_THE_ENGINE.test(readFileSync(path.join(root, f), 'utf8')));
  expect(asking.length).toBeGreaterThan(0);
  expect(asking.filter((f) => !(f in ENGINE_SPECIFIC) && !POSTGRES_ONLY.includes(f))).toEqual([]);
});

it('names only files that exist', () => {
  expect([...Object.keys(ENGINE_SPECIFIC), ...POSTGRES_ONLY].filter((f) => !existsSync(path.join(root, f)))).toEqual([]);
});
