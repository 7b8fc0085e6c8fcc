import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const CLI = path.resolve(import.meta.dirname, '../src/modules/population/cli.ts');
const run = (env: Record<string, string>, args: string[]) =>
  spawnSync(process.execPath, ['--import', 'tsx', CLI, ...args], { env: { ...process.env, ...env }, encoding: 'utf8', timeout: 60_000 });

describe('npm run seed:population', () => {
  it('refuses to run in production (it writes a population and opens sessions), before touching any database', () => {
    // An address nobody listens on: a run that went as far as the database would say so instead.
    const res = run({ NODE_ENV: 'production', DATABASE_URL: 'postgres://nobody:nothing@127.0.0.1:1/none' }, ['--members', '10', '--sessions', '5']);
    expect(res.status).toBe(1);
    expect(res.stderr).toContain('refuses to run with NODE_ENV=production');
  });

  it('says how to call it when the member count is missing or absurd', () => {
    for (const args of [[], ['--members', 'many']]) {
      const res = run({ NODE_ENV: 'development', DATABASE_URL: 'postgres://nobody:nothing@127.0.0.1:1/none' }, args);
      expect(res.status).toBe(1);
      expect(res.stderr).toContain('usage: npm run seed:population -- --members N');
    }
  });
});
