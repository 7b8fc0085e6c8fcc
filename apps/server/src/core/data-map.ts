/**
 * How « Télécharger mes données » (GDPR art. 15 and 20) treats one table of the database:
 * - `curated`: in the export's own files (profil.json, beneficiaires.json, demandes.json…);
 * - `member` / `request`: exported as they are under donnees/<table>.json, the rows whose member_id is
 *   the member's, or whose request_id is one of the member's requests (secrets and bytes left out);
 * - `notPersonal`: holds nobody's personal data (reference data, the insurer's settings);
 * - `notExported`: personal, but not given back, with why (staff's records, secrets, technical logs).
 */
export type TableClass = { curated: string } | { export: 'member' | 'request' } | { notPersonal: string } | { notExported: string };

/** Every table's class, by table name. */
export type DataMap = Readonly<Record<string, TableClass>>;

/**
 * The data map of the whole database, from the manifests: each module classifies its own tables
 * (`dataMap` beside `tables`), so a new table is classified in its module's folder. A table classified
 * twice stops the app from starting; one classified nowhere fails test/my-data-map.test.ts.
 */
export function composeDataMap(modules: readonly { name: string; dataMap?: DataMap }[]): DataMap {
  const map: Record<string, TableClass> = {};
  const owner = new Map<string, string>();
  for (const module of modules) {
    for (const [table, kind] of Object.entries(module.dataMap ?? {})) {
      const first = owner.get(table);
      if (first) throw new Error(`Data map: the table ${table} is classified by both module ${first} and module ${module.name}`);
      owner.set(table, module.name);
      map[table] = kind;
    }
  }
  return map;
}
