import { sql } from 'drizzle-orm';
import { unzipSync, strFromU8 } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { composeDataMap } from '../src/core/data-map';
import { defineModule } from '../src/core/module';
import { MODULES } from '../src/modules';
import { DEMO_ACCOUNTS, signIn } from './support/auth';
import { createTestApp, type TestApp } from './support/test-app';

const DATA_MAP = composeDataMap(MODULES);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('« Télécharger mes données » covers every table', () => {
  it('classifies every table of the database: exported, not personal, or kept out with a reason', async () => {
    const result = (await t.database.db.execute(
      sql`SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE'`,
    )) as unknown as { rows: { table_name: string }[] } | { table_name: string }[];
    const tables = ('rows' in result ? result.rows : result).map((r) => r.table_name).sort();
    const unclassified = tables.filter((name) => !(name in DATA_MAP));
    expect(unclassified, "a new table: classify it in its module's manifest (dataMap)").toEqual([]);
    const gone = Object.keys(DATA_MAP).filter((name) => !tables.includes(name));
    expect(gone, 'tables no longer in the database').toEqual([]);
    for (const [name, kind] of Object.entries(DATA_MAP)) {
      const reason = 'notPersonal' in kind ? kind.notPersonal : 'notExported' in kind ? kind.notExported : 'x';
      expect(reason.length, name).toBeGreaterThan(0);
    }
  });

  it('refuses a table classified by two modules, naming both', () => {
    const first = defineModule({ name: 'first', dataMap: { shared_rows: { export: 'member' } } });
    const second = defineModule({ name: 'second', dataMap: { shared_rows: { notPersonal: 'référentiel' } } });
    expect(() => composeDataMap([first, second])).toThrow('the table shared_rows is classified by both module first and module second');
    expect(composeDataMap([first])).toEqual({ shared_rows: { export: 'member' } });
  });

  it('gives the member their bank details, mandates and request details in clear, and never a secret or a lookup hash', async () => {
    const camille = await signIn(t, DEMO_ACCOUNTS.camille.membershipNumber);
    const res = await camille.get('/api/my-data');
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    const zip = unzipSync(new Uint8Array(res.rawPayload));
    const names = Object.keys(zip);
    for (const [table, kind] of Object.entries(DATA_MAP)) if ('export' in kind) expect(names, table).toContain(`donnees/${table}.json`);
    const accounts = JSON.parse(strFromU8(zip['donnees/bank_accounts.json']!)) as Record<string, unknown>[];
    expect(accounts.map((a) => a.iban)).toContain('FR7630004000031234567890143');
    expect(accounts.every((a) => !('iban_hmac' in a))).toBe(true);
    const beneficiaries = JSON.parse(strFromU8(zip['beneficiaires.json']!)) as { nir: string }[];
    expect(beneficiaries[0]!.nir).toBe('2860475056123');
    const everything = names
      .filter((n) => n.endsWith('.json'))
      .map((n) => strFromU8(zip[n]!))
      .join('\n');
    expect(everything).not.toContain('enc1:');
    expect(everything).not.toMatch(/"[a-z_]*(hash|hmac|token)":/);
  });
});
