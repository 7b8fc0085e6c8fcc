import { existsSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { isAppModule } from '../src/core/module';
import { MODULES, demoDataSteps } from '../src/modules';

const modulesDir = fileURLToPath(new URL('../src/modules/', import.meta.url));

describe('the module list', () => {
  it('holds the manifests of every module folder, with no list to edit', async () => {
    const folders = readdirSync(modulesDir, { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && existsSync(`${modulesDir}${entry.name}/index.ts`))
      .map((entry) => entry.name);
    const found = [];
    for (const folder of folders) {
      const manifests = Object.values(await import(`../src/modules/${folder}/index.ts`)).filter(isAppModule);
      expect(manifests.length, `modules/${folder}/index.ts exports no manifest (defineModule)`).toBeGreaterThan(0);
      found.push(...manifests);
    }
    expect(new Set(MODULES)).toEqual(new Set(found));
    expect(MODULES).toHaveLength(found.length);
    // bank-details brings two manifests: the account and the SEPA mandates.
    expect(MODULES.map((m) => m.name)).toEqual(expect.arrayContaining(['advisor', 'assistant', 'bank-details', 'mandates']));
  });

  it('runs the demo data in the order of the step names, every module’s steps included', () => {
    const names = demoDataSteps().map((step) => step.name);
    expect(names).toEqual([...names].sort());
    expect(names).toHaveLength(MODULES.flatMap((m) => m.seed ?? []).length);
    expect(names.indexOf('002-demo-members')).toBeLessThan(names.indexOf('090-demo-contract-life'));
  });
});
