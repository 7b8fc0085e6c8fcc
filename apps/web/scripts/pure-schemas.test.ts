import { rolldown } from 'rolldown';
import { describe, expect, it } from 'vitest';
import { markSchemasPure } from './pure-schemas';

// A contracts module as they are written: constants beside the schemas built from them.
const CONTRACT = `
import { z } from 'zod';
export const KINDS = ['a', 'b'] as const;
export const KIND_LABELS = { a: 'Premier', b: 'Second' };
export const ZKind = z.enum(KINDS);
const ZNote = z.string().trim().max(500, 'Trop long.').default('');
export const ZItem = z.object({ kind: ZKind, note: ZNote }).strict();
export const ZItemWithId = ZItem.extend({ id: z.uuid() }) satisfies unknown;
const dataEnvelope = <T,>(schema: T) => z.object({ data: schema as never });
export const ZItemResponse = dataEnvelope(z.array(ZItem));
export let counter = 0;
export const bump = () => counter++;
`;

/** Bundles `entry` against the contract above, with or without the marking (zod external, side-effect free as its package says). */
async function bundle(entry: string, mark: boolean): Promise<string> {
  const modules: Record<string, string> = { '/entry.ts': entry, '/contract.ts': mark ? markSchemasPure(CONTRACT) : CONTRACT };
  const build = await rolldown({
    input: '/entry.ts',
    external: ['zod'],
    treeshake: { moduleSideEffects: (id) => (id === '/contract.ts' || id === 'zod' ? false : undefined) },
    plugins: [
      {
        name: 'memory',
        resolveId: (id) => (id === './contract' ? '/contract.ts' : id in modules ? id : null),
        load: (id) => modules[id] ?? null,
      },
    ],
  });
  const { output } = await build.generate({ format: 'esm' });
  return output[0].code;
}

describe('markSchemasPure', () => {
  it('lets a bundle that reads only constants drop the schemas, and zod with them', async () => {
    const entry = `import { KIND_LABELS } from './contract'; console.log(KIND_LABELS.a);`;
    // Without the marking, the chained schemas stay (a bundler cannot know building them is harmless).
    expect(await bundle(entry, false)).toContain('from "zod"');
    const marked = await bundle(entry, true);
    expect(marked).toContain('Premier');
    expect(marked).not.toContain('zod');
  });

  it('keeps the schemas a bundle uses, built exactly as before', async () => {
    const code = await bundle(`import { ZItemWithId } from './contract'; console.log(ZItemWithId);`, true);
    expect(code).toContain('from "zod"');
    expect(code).toMatch(/max\(500, "Trop long\."\)/);
    expect(code).toMatch(/extend\(\{ id: z\.uuid\(\) \}\)/);
  });

  it('marks schema declarations only: other values and functions are left as written', () => {
    const out = markSchemasPure(CONTRACT);
    expect(out).toContain('export const ZKind = /* @__PURE__ */ (() => (z.enum(KINDS)))();');
    expect(out).toContain('export const ZItemWithId = /* @__PURE__ */ (() => (ZItem.extend({ id: z.uuid() }) satisfies unknown))();');
    // api.ts's envelope helper builds a schema too (auth.ts's answers kept zod in the login page's bundle).
    expect(out).toContain('export const ZItemResponse = /* @__PURE__ */ (() => (dataEnvelope(z.array(ZItem))))();');
    expect(out).toContain("export const KINDS = ['a', 'b'] as const;");
    expect(out).toContain('export const bump = () => counter++;');
    expect(markSchemasPure('export const n = 1;')).toBe('export const n = 1;');
  });
});
