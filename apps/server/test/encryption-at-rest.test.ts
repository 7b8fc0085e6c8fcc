import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import type { PGlite } from '@electric-sql/pglite';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { encryptExistingRows } from '../src/db/encrypt-existing';
import { bankDetailsChanges, beneficiaries, members, storedFileContents, storedFiles, tenantDataKeys } from '../src/db/schema';
import { DEMO_MEMBERS } from '../src/modules/members/seed';
import {
  decryptBytes,
  decryptField,
  encryptBytes,
  encryptField,
  hmacField,
  isEncryptedBytes,
  isEncryptedText,
  masterKeyIdsInUse,
  rewrapDataKeys,
  useMasterKeys,
} from '../src/db/field-crypto';
import { addMasterKey, fileMasterKeys, retireMasterKeys } from '../src/lib/master-keys';
import { makeTextPdf } from '../src/modules/documents/sample-files';
import { DEMO_ACCOUNTS, signIn, type AuthClient } from './support/auth';
import { testDatabaseUrl, testMasterKeyFile } from './support/database';
import { multipart } from './support/documents-fixtures';
import { createTestApp, type TestApp } from './support/test-app';

let t: TestApp;
let camille: AuthClient;
const db = () => t.database.db;
beforeAll(async () => {
  t = await createTestApp();
  camille = await signIn(t, DEMO_ACCOUNTS.camille.membershipNumber);
});
afterAll(() => t.close());

/** Every NIR of the demo families (db/seed): none may appear in a dump. */
const DEMO_NIRS = [
  '2860475056123',
  '1840975056234',
  '2140275056345',
  '1181175056456',
  '1790669123456',
  '2920133063123',
  '1900759350123',
  '2950344109123',
  '1881231555123',
  '2830513055123',
  '1120813055234',
];
const DEMO_IBANS = ['FR7630004000031234567890143', 'FR1420041010050500013M02606'];
const NEW_IBAN = 'FR3330002005500000157841Z25';
const DOCUMENT_TEXT = 'Texte du document SENTINELLE-ORDONNANCE-7741';

/** The whole database as bytes: pg_dump on a server, the data directory (tar) on PGlite. */
async function dumpDatabase(): Promise<Buffer> {
  if (testDatabaseUrl()) {
    const result = (await db().execute(sql`select current_database() as name`)) as unknown as { rows: { name: string }[] };
    const row = result.rows[0];
    const url = new URL(testDatabaseUrl()!);
    url.pathname = `/${row!.name}`;
    return execFileSync('pg_dump', ['--format=plain', url.toString()], { maxBuffer: 512 * 1024 * 1024 });
  }
  const pglite = (db() as unknown as { $client: PGlite }).$client;
  await pglite.exec('CHECKPOINT');
  return Buffer.from(await (await pglite.dumpDataDir('none')).arrayBuffer());
}

describe('personal data encrypted at rest', () => {
  it('after the demo journeys, a dump of the database holds no demo NIR, no IBAN and no document text (and does hold what is not encrypted)', async () => {
    // Journeys that store what must be protected: a document shared, a new refund account with its RIB copy.
    const pdf = Buffer.concat([await makeTextPdf('Ordonnance', ['Patient']), Buffer.from(`% ${DOCUMENT_TEXT}\n`)]);
    const shared = multipart([
      { name: 'familyPosition', value: '3' },
      { name: 'documentType', value: 'schooling' },
      { name: 'attachments', filename: 'ordonnance.pdf', content: pdf, contentType: 'application/pdf' },
    ]);
    const sent = await camille.post('/api/document-sharing', shared.payload, { headers: shared.headers });
    expect(sent.statusCode, sent.body).toBe(201);
    const rib = multipart([
      { name: 'target', value: 'refund' },
      { name: 'familyPosition', value: '1' },
      { name: 'holder', value: 'Camille Durand' },
      { name: 'iban', value: NEW_IBAN },
      { name: 'attachments', filename: 'rib.pdf', content: pdf, contentType: 'application/pdf' },
    ]);
    const changed = await camille.post('/api/bank-details/changes', rib.payload, { headers: rib.headers });
    expect(changed.statusCode, changed.body).toBe(201);

    // The member still reads everything in clear.
    const info = (await camille.get('/api/personal-info')).json().data;
    expect(info.nirMasked).toMatch(/123 47$/);
    const details = (await camille.get('/api/bank-details')).json().data;
    expect(details.refund).toMatchObject({ ibanLast4: '0143', holder: 'Camille Durand' });
    expect(details.pendingRefund).toMatchObject({ ibanLast4: '1Z25' });
    const [file] = await db().select({ id: storedFiles.id }).from(storedFiles).where(eq(storedFiles.name, 'ordonnance.pdf')).limit(1);
    const download = await camille.get(`/api/requests/messages/file?documentId=${file!.id}`);
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.includes(DOCUMENT_TEXT)).toBe(true);

    const dump = await dumpDatabase();
    // The dump is readable: what is not encrypted is found in it (the search can fail).
    expect(dump.includes(DEMO_ACCOUNTS.camille.membershipNumber)).toBe(true);
    expect(dump.includes('ordonnance.pdf')).toBe(true);
    for (const nir of DEMO_NIRS) expect(dump.includes(nir), nir).toBe(false);
    for (const iban of [...DEMO_IBANS, NEW_IBAN]) expect(dump.includes(iban), iban).toBe(false);
    expect(dump.includes('SENTINELLE-ORDONNANCE')).toBe(false);
  });

  it('stores ciphertext in every protected column, and a ciphertext moved to another row or tenant does not open', async () => {
    const [main] = await db()
      .select({ id: beneficiaries.id, nir: beneficiaries.nir, hash: beneficiaries.nirHmac })
      .from(beneficiaries)
      .innerJoin(members, eq(members.id, beneficiaries.memberId))
      .where(and(eq(members.membershipNumber, DEMO_MEMBERS.camille), eq(beneficiaries.familyPosition, 1)));
    expect(isEncryptedText(main!.nir!)).toBe(true);
    expect(main!.hash).toMatch(/^[0-9a-f]{64}$/);
    const [content] = await db().select().from(storedFileContents).limit(1);
    expect(isEncryptedBytes(content!.content)).toBe(true);
    const [change] = await db().select().from(bankDetailsChanges).limit(1);
    expect([change!.holder, change!.iban].every(isEncryptedText)).toBe(true);

    const ref = { table: 'beneficiaries', column: 'nir', rowId: main!.id };
    expect(await decryptField(db(), 'mutua', ref, main!.nir!)).toBe('2860475056123');
    await expect(decryptField(db(), 'mutua', { ...ref, rowId: randomUUID() }, main!.nir!)).rejects.toThrow();
    await expect(decryptField(db(), 'mutua', { ...ref, column: 'iban' }, main!.nir!)).rejects.toThrow();
    await expect(decryptField(db(), 'azur', ref, main!.nir!)).rejects.toThrow('another tenant');
    const tampered = main!.nir!.slice(0, -4) + (main!.nir!.endsWith('AAA=') ? 'AAB=' : 'AAA=');
    await expect(decryptField(db(), 'mutua', ref, tampered)).rejects.toThrow();
  });

  it('encrypts each value afresh, hashes equal values equally within a tenant only, and keeps bytes intact', async () => {
    const ref = { table: 'beneficiaries', column: 'nir', rowId: randomUUID() };
    const a = await encryptField(db(), 'mutua', ref, '2951099126111');
    const b = await encryptField(db(), 'mutua', ref, '2951099126111');
    expect(a).not.toBe(b);
    expect(a).not.toContain('2951099126111');
    expect(await hmacField(db(), 'mutua', 'nir', '2951099126111')).toBe(await hmacField(db(), 'mutua', 'nir', '2951099126111'));
    expect(await hmacField(db(), 'mutua', 'nir', '2951099126111')).not.toBe(await hmacField(db(), 'azur', 'nir', '2951099126111'));
    expect(await hmacField(db(), 'mutua', 'nir', '2951099126111')).not.toBe(await hmacField(db(), 'mutua', 'iban', '2951099126111'));
    const bytes = Buffer.from(Array.from({ length: 70_000 }, (_, i) => i % 251));
    const fileRef = { table: 'stored_file_contents', column: 'content', rowId: randomUUID() };
    const sealed = await encryptBytes(db(), 'mutua', fileRef, bytes);
    expect(sealed.length).toBe(bytes.length + 5 + 16 + 12 + 16);
    expect((await decryptBytes(db(), 'mutua', fileRef, sealed)).equals(bytes)).toBe(true);
  });

  it('signs in by NIR through its keyed hash, the NIR itself never compared in SQL', async () => {
    const [main] = await db()
      .select({ hash: beneficiaries.nirHmac })
      .from(beneficiaries)
      .innerJoin(members, eq(members.id, beneficiaries.memberId))
      .where(and(eq(members.membershipNumber, DEMO_MEMBERS.camille), eq(beneficiaries.familyPosition, 1)));
    expect(main!.hash).toBe(await hmacField(db(), 'mutua', 'nir', '2860475056123'));
  });

  it('encrypts at start what an older version stored in clear, once, and the member reads it', async () => {
    const [main] = await db()
      .select({ id: beneficiaries.id, memberId: beneficiaries.memberId })
      .from(beneficiaries)
      .innerJoin(members, eq(members.id, beneficiaries.memberId))
      .where(and(eq(members.membershipNumber, DEMO_MEMBERS.julien), eq(beneficiaries.familyPosition, 1)));
    await db().update(beneficiaries).set({ nir: '1790669123456', nirHmac: null }).where(eq(beneficiaries.id, main!.id));
    expect(await encryptExistingRows(db())).toBe(1);
    expect(await encryptExistingRows(db())).toBe(0);
    const [row] = await db().select().from(beneficiaries).where(eq(beneficiaries.id, main!.id));
    expect(isEncryptedText(row!.nir!)).toBe(true);
    expect(await decryptField(db(), 'mutua', { table: 'beneficiaries', column: 'nir', rowId: main!.id }, row!.nir!)).toBe('1790669123456');
    expect(row!.nirHmac).toBe(await hmacField(db(), 'mutua', 'nir', '1790669123456'));
  });

  it('rotates the master key: every data key re-wrapped, the old key retired, everything still readable', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'mutua-keys-'));
    const file = path.join(dir, 'master-keys');
    copyFileSync(testMasterKeyFile(), file);
    useMasterKeys(fileMasterKeys(file));
    try {
      const before = [...(await masterKeyIdsInUse(db()))];
      const added = addMasterKey(file);
      const result = await rewrapDataKeys(db(), new Date());
      expect(result.rewrapped).toBe(result.total);
      expect([...(await masterKeyIdsInUse(db()))]).toEqual([added]);
      expect(retireMasterKeys(file, await masterKeyIdsInUse(db()))).toEqual(before);
      expect(readFileSync(file, 'utf8')).not.toContain(before[0]);
      // A fresh process (no data key in memory) opens the data with the new file alone.
      useMasterKeys(fileMasterKeys(file));
      const res = await camille.get('/api/bank-details');
      expect(res.json().data.refund).toMatchObject({ ibanLast4: '0143' });
      const [stored] = await db().select({ keyId: tenantDataKeys.masterKeyId }).from(tenantDataKeys).where(eq(tenantDataKeys.tenantId, 'mutua'));
      expect(stored!.keyId).toBe(added);
    } finally {
      useMasterKeys(fileMasterKeys(testMasterKeyFile()));
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('the master key setting', () => {
  it('is required in production, generated in the data dir otherwise', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'mutua-config-'));
    try {
      const base = { SESSION_SECRET: 'x'.repeat(40), DATA_DIR: dir };
      expect(() => loadConfig({ ...base, NODE_ENV: 'production' })).toThrow('MASTER_KEY_FILE is required in production');
      const dev = loadConfig({ ...base, NODE_ENV: 'development' });
      expect(dev.masterKeyFile).toBe(path.join(dir, 'master-keys'));
      expect(readFileSync(dev.masterKeyFile, 'utf8')).toMatch(/^mk-\S+ \S{44}$/m);
      expect(loadConfig({ ...base, NODE_ENV: 'development' }).masterKeyFile).toBe(dev.masterKeyFile);
      expect(() => loadConfig({ ...base, NODE_ENV: 'production', MASTER_KEY_FILE: path.join(dir, 'absent') })).toThrow('does not exist');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
