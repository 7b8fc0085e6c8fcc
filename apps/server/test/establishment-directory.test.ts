import type { TEstablishment } from '@mutua/contracts/hospital-care';
import { count, eq, isNull } from 'drizzle-orm';
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { establishmentImports, establishments } from '../src/db/schema';
import { decodeExtract, readLines, splitLine } from '../src/modules/hospital-care/finess/extract';
import { databaseSink, importFinessExtract, type ImportSink } from '../src/modules/hospital-care/finess/import';
import { fictitiousStructureLines, sampleExtract, SAMPLE_GENERATED_ROWS, SAMPLE_HEADER } from '../src/modules/hospital-care/finess/sample';
import { SAMPLE_EXTRACT_URL } from '../src/modules/hospital-care/finess/seed';
import { AuthClient } from './support/auth';
import type { TestApp } from './support/test-app';
import { openSignedIn } from './support/signed-in';

let t: TestApp;
let camille: AuthClient;

beforeAll(async () => void ([t, camille] = await openSignedIn('camille')));
afterAll(() => t.close());

const search = async (q: string): Promise<TEstablishment[]> => {
  const res = await camille.get(`/api/establishments?q=${encodeURIComponent(q)}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as TEstablishment[];
};
const names = async (q: string) => (await search(q)).map((e) => e.name);
const sink = () => databaseSink(t.database.db, () => '2026-11-26');
const bytesOf = (lines: string[]) => new TextEncoder().encode(lines.join('\n') + '\n');
const rowCount = async () => (await t.database.db.select({ n: count() }).from(establishments))[0]!.n;

// A real line of the published extract (CH de Fleyriat, Bourg-en-Bresse) and one with quoted fields.
const FLEYRIAT =
  'structureet;010000024;010780054;CH DE FLEYRIAT;CENTRE HOSPITALIER DE BOURG-EN-BRESSE FLEYRIAT;;;900;RTE;DE PARIS;;;451;01;AIN;01440 VIRIAT;0474454647;0474454114;355;Centre Hospitalier (C.H.);1102;Centres Hospitaliers;26010004500012;8610Z;03;ARS établissements Publics de santé dotation globale;1;Etablissement public de santé;1979-02-13;1979-02-13;2020-02-04;';
const FLEMING =
  'structureet;970100400;970100186;C.H. LOUIS CONSTANT FLEMING;CENTRE HOSPITALIER LOUIS CONSTANT FLEMING;CH LOUIS CONSTANT FLEMING;;;;;;BP 381;127;9A;GUADELOUPE;97150 ST MARTIN;0590522525;0590522630;355;Centre Hospitalier (C.H.);1102;Centres Hospitaliers;26971036400028;;03;ARS établissements Publics de santé dotation globale;1;Etablissement public de santé;1951-01-01;1951-01-01;2024-04-08;';
const FELIX_GUYON =
  'structureet;970400024;970408589;CHU SITE FELIX GUYON (SAINT DENIS);CHU SITE FELIX GUYON (SAINT DENIS);;;;ALL;DES TOPAZES;;CS 11021;411;9D;LA REUNION;97405 ST DENIS CEDEX;0262905050;0262905051;101;Centre Hospitalier Régional (C.H.R.);1101;Centres Hospitaliers Régionaux;20003001300011;8610Z;03;ARS établissements Publics de santé dotation globale;1;Etablissement public de santé;1957-07-01;1957-07-01;2023-11-13;';
const QUOTED =
  'structureet;980501506;980501498;"LIEU DE VIE ""MAVOUNA MEMA 1""";"LIEU DE VIE ET D\'ACCUEIL ""MAVOUNA; MEMA 1""";ASSOCIATION MESSO;;12;R;ANCIEN TERRAIN DE FOOT;;;606;9F;MAYOTTE;97620 CHIRONGUI;0269666815;;462;Lieux de Vie et d\'Accueil;4605;Etablissements et services multi-clientèles;82967998400015;;08;Président du Conseil Départemental;;;2019-04-01;2019-03-18;2025-05-07;';

describe('the directory the demo and the tests start with: the sample FINESS extract', () => {
  it('is the file sample.ts writes, in the published format, its generated rows marked', async () => {
    const text = await readFile(SAMPLE_EXTRACT_URL, 'utf8');
    expect(text, 'run `npm run finess:sample -w @mutua/server`').toBe(sampleExtract());
    const lines = text.trimEnd().split('\n');
    expect(lines[0]).toBe(SAMPLE_HEADER);
    expect(lines.slice(1).every((l) => l.startsWith('structureet;') && splitLine(l).length === 32)).toBe(true);
    const { records, skipped } = readLines(lines.slice(1));
    expect(skipped).toBe(0);
    expect(records.filter((r) => r.fictitious)).toHaveLength(SAMPLE_GENERATED_ROWS);
    // No generated row can carry a real establishment's number: no department is 99.
    expect(records.filter((r) => r.fictitious).every((r) => r.finess.startsWith('99'))).toBe(true);
    expect(records.filter((r) => !r.fictitious).map((r) => r.finess)).toContain('750100125');
  });

  it('was imported with the demo data: the listed public establishments plus the generated ones', async () => {
    expect(await rowCount()).toBe(13 + SAMPLE_GENERATED_ROWS);
    const [run] = await t.database.db.select().from(establishmentImports);
    expect(run).toMatchObject({
      totalLines: 13 + SAMPLE_GENERATED_ROWS,
      linesDone: 13 + SAMPLE_GENERATED_ROWS,
      establishments: 13 + SAMPLE_GENERATED_ROWS,
      skipped: 0,
      closed: 0,
    });
    const [pitie] = await search('pitie salpetriere');
    expect(pitie).toMatchObject({
      finess: '750100125',
      name: 'Hôpital universitaire Pitié-Salpêtrière (AP-HP)',
      city: 'PARIS',
      postalCode: '75013',
      category: 'Centre Hospitalier Régional (C.H.R.)',
      fictitious: false,
    });
    const [generated] = await search('polyclinique sainte-anne nantes');
    expect(generated).toMatchObject({ fictitious: true, category: 'Etablissement de Soins Pluridisciplinaire' });
  });
});

describe('the search understands the abbreviations members type', () => {
  it('« CHU » finds « Centre hospitalier universitaire … », and the long form finds « CHU … »', async () => {
    expect(await names('CHU Bordeaux')).toContain('Centre hospitalier universitaire de Bordeaux');
    expect(await names('chu nantes')).toContain('Centre hospitalier universitaire de Nantes');
    expect(await names('C.H.U. de Rennes')).toContain('Centre hospitalier universitaire de Rennes');
    const longForm = await search('centre hospitalier universitaire lyon');
    expect(longForm.length).toBeGreaterThan(0);
    expect(longForm.every((e) => /CENTRE HOSPITALIER (REGIONAL )?UNIVERSITAIRE DE LYON/.test(e.name))).toBe(true);
  });

  it('« CH », « CHR », « CHRU » and « AP-HP » too', async () => {
    expect(await names('CH Toulouse Saint-Joseph')).toEqual(
      expect.arrayContaining(['CENTRE HOSPITALIER DE TOULOUSE SAINT-JOSEPH', 'CENTRE HOSPITALIER UNIVERSITAIRE DE TOULOUSE SITE SAINT-JOSEPH']),
    );
    expect(await names('CHU de Toulouse')).toContain('Centre hospitalier universitaire de Toulouse');
    expect(await names('CHRU Lille')).toEqual(expect.arrayContaining(['CENTRE HOSPITALIER REGIONAL UNIVERSITAIRE DE LILLE SAINT-JOSEPH']));
    expect(await names('centre hospitalier régional universitaire de lille')).toEqual(
      expect.arrayContaining(['CENTRE HOSPITALIER REGIONAL UNIVERSITAIRE DE LILLE SAINT-JOSEPH']),
    );
    const aphp = ['Hôpital universitaire Pitié-Salpêtrière (AP-HP)', 'Hôpital Necker-Enfants malades (AP-HP)', 'Hôpital européen Georges-Pompidou (AP-HP)'];
    for (const q of ['AP-HP', 'aphp', 'APHP Necker', 'assistance publique hôpitaux de paris'])
      expect(await names(q), q).toEqual(expect.arrayContaining(q.includes('Necker') ? [aphp[1]] : aphp));
  });

  it('puts hospitals before the other establishments of the same words', async () => {
    const found = await search('saint-martin lille');
    expect(found.map((e) => e.category)).toEqual([...found.map((e) => e.category)].sort((a, b) => rank(a) - rank(b)));
    expect(found[0]!.category).not.toBe('Protection Maternelle et Infantile (P.M.I.)');
  });
});
const rank = (category: string | null) => (/Hospitalier|Pluridisciplinaire/.test(category ?? '') ? 0 : /dialyse/.test(category ?? '') ? 1 : 2);

describe('the import of an extract (npm run establishments -- import)', () => {
  it('reads the published lines: quoted fields, CEDEX routing, dotted initials, Windows-1252, sections it does not need', () => {
    expect(splitLine(QUOTED)[4]).toBe('LIEU DE VIE ET D\'ACCUEIL "MAVOUNA; MEMA 1"');
    const { records, skipped } = readLines([
      FELIX_GUYON,
      FLEMING,
      QUOTED,
      'geolocalisation;970400024;341234.5;7654321.0;1,ATLASANTE,100,IGN,BD_ADRESSE,V2.2,UTM_N40;2024-01-02',
      'structureet;123;short',
    ]);
    expect(skipped).toBe(1);
    expect(records.find((r) => r.finess === '970400024')).toMatchObject({ city: 'ST DENIS', postalCode: '97405', careRank: 0, categoryCode: '101' });
    expect(records.find((r) => r.finess === '970100400')!.searchText).toContain('ch louis constant fleming');
    expect(records.find((r) => r.finess === '980501506')).toMatchObject({ name: 'LIEU DE VIE ET D\'ACCUEIL "MAVOUNA; MEMA 1"', careRank: 2 });
    const latin1 = Uint8Array.from([...'structureet;1;2;H'].map((c) => c.charCodeAt(0)).concat([0xe9]));
    expect(decodeExtract(latin1)).toBe('structureet;1;2;Hé');
  });

  it('refuses a file that is not an extract, and changes nothing', async () => {
    const before = await rowCount();
    await expect(importFinessExtract(sink(), bytesOf(['nofinesset;rs', FLEYRIAT]))).rejects.toMatchObject({ code: 'ESTABLISHMENT_EXTRACT_INVALID' });
    expect(await rowCount()).toBe(before);
  });

  it('is idempotent: the same file again does nothing', async () => {
    const again = await importFinessExtract(sink(), await readFile(SAMPLE_EXTRACT_URL));
    expect(again).toMatchObject({ alreadyDone: true, establishments: 13 + SAMPLE_GENERATED_ROWS });
    expect(await rowCount()).toBe(13 + SAMPLE_GENERATED_ROWS);
  });

  it('resumes where an interrupted import stopped; a batch is never applied twice; absent sites are closed, not deleted', async () => {
    const extract = bytesOf(['finess;etalab;111;2026-12-01', FLEYRIAT, FELIX_GUYON, ...fictitiousStructureLines(30, 5_000)]);
    let batches = 0;
    const direct = sink();
    const failing: ImportSink = {
      ...direct,
      batch: async (...args) => {
        if (++batches === 3) throw new Error('connexion perdue');
        return direct.batch(...args);
      },
    };
    await expect(importFinessExtract(failing, extract, { batchLines: 10 })).rejects.toThrow('connexion perdue');
    expect((await search('fleyriat')).map((e) => e.finess)).toEqual(['010000024']);
    // Two runs sending the same batch: the second is refused, nothing is written twice.
    const [running] = await t.database.db.select().from(establishmentImports).where(isNull(establishmentImports.finishedAt));
    expect(running!.linesDone).toBe(20);
    await expect(direct.batch(running!.id, 10, 20, [], 0)).rejects.toMatchObject({ code: 'ESTABLISHMENT_IMPORT_CONFLICT' });

    const resumed = await importFinessExtract(direct, extract, { batchLines: 10 });
    expect(resumed).toMatchObject({ resumedAt: 20, alreadyDone: false, finished: true, totalLines: 32, linesDone: 32, establishments: 32, skipped: 0 });
    // This extract replaces the sample: the sample's sites it does not list are closed and no longer found…
    expect(resumed.closed).toBe(13 + SAMPLE_GENERATED_ROWS);
    expect(await search('pitie salpetriere')).toEqual([]);
    expect(await names('CHU saint denis')).toEqual(['CHU SITE FELIX GUYON (SAINT DENIS)']);
    // Named « CHU » only, in both its names: the words CHU stands for find it.
    expect(await names('centre hospitalier universitaire saint-denis')).toEqual(['CHU SITE FELIX GUYON (SAINT DENIS)']);
    // …but kept, for the requests that name them.
    const [pitie] = await t.database.db.select().from(establishments).where(eq(establishments.finess, '750100125'));
    expect(pitie!.closedOn).toBe('2026-11-26');

    // The sample again (a newer import of a known file is a no-op: it finished) — an operator re-lists
    // a site by importing an extract that holds it: the site opens again.
    const reopen = await importFinessExtract(
      direct,
      bytesOf([
        'finess;etalab;111;2026-12-02',
        FLEYRIAT,
        'structureet;750100125;750712184;HOPITAL PITIE SALPETRIERE AP-HP;Hôpital universitaire Pitié-Salpêtrière (AP-HP);;;;;;;;113;75;PARIS;75013 PARIS;;;101;Centre Hospitalier Régional (C.H.R.);1101;Centres Hospitaliers Régionaux;;;;;;;;;2026-01-15;',
      ]),
    );
    expect(reopen.finished).toBe(true);
    expect((await search('pitie')).map((e) => e.finess)).toEqual(['750100125']);
  });

  it('goes through the operator API while a server runs: bearer token from loopback only', async () => {
    const body = { fileSha256: 'a'.repeat(64), extractVersion: '111', extractDate: '2026-12-03', totalLines: 0 };
    const refused = await t.app.inject({ method: 'POST', url: '/api/ops/establishments/imports', payload: body, remoteAddress: '127.0.0.1' });
    expect(refused.statusCode).toBe(403);
    const headers = { authorization: `Bearer ${t.operatorToken}` };
    const remote = await t.app.inject({ method: 'POST', url: '/api/ops/establishments/imports', payload: body, remoteAddress: '203.0.113.9', headers });
    expect(remote.statusCode).toBe(403);
    const begun = await t.app.inject({ method: 'POST', url: '/api/ops/establishments/imports', payload: body, remoteAddress: '127.0.0.1', headers });
    expect(begun.statusCode, begun.body).toBe(200);
    const bad = await t.app.inject({
      method: 'POST',
      url: `/api/ops/establishments/imports/${begun.json().data.importId}/batches`,
      payload: { fromLine: 0, toLine: 1, skipped: 0, records: [{ finess: 'x' }] },
      remoteAddress: '127.0.0.1',
      headers,
    });
    expect(bad.statusCode).toBe(400);
  });
});
