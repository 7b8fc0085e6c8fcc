import { randomBytes } from 'node:crypto';
import { gunzipSync } from 'node:zlib';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { count, eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backupDatabase, restoreDatabase } from '../src/db/backup';
import { openDatabase, type Database, type Db } from '../src/db/client';
import { beneficiaries, members, refunds, requests, storedFileContents, storedFiles } from '../src/db/schema';
import { DEMO_MEMBERS } from '../src/modules/members/seed';
import { openDocument, openNir } from '../src/db/protected-fields';
import { makeTextPdf } from '../src/modules/documents/sample-files';
import { DEMO_ACCOUNTS, signIn } from './support/auth';
import { adminUrl, testDatabaseUrl, testMasterKeyFile, withDatabase } from './support/database';
import { multipart } from './support/documents-fixtures';
import { createTestApp, type TestApp } from './support/test-app';

let t: TestApp;
let dir: string;
beforeAll(async () => {
  t = await createTestApp();
  dir = mkdtempSync(path.join(os.tmpdir(), 'mutua-backup-'));
});
afterAll(async () => {
  await t.close();
  rmSync(dir, { recursive: true, force: true });
});

const DOCUMENT_TEXT = 'SAUVEGARDE-SENTINELLE-3318';

async function totals(db: Db) {
  const one = async (table: typeof members | typeof requests | typeof storedFiles | typeof refunds) => (await db.select({ n: count() }).from(table))[0]!.n;
  return { members: await one(members), requests: await one(requests), documents: await one(storedFiles), refunds: await one(refunds) };
}

async function currentUrl(db: Db): Promise<string> {
  const rows = (await db.execute(sql`select current_database() as name`)) as unknown as { rows?: { name: string }[] } & { name: string }[];
  const name = (rows.rows ?? rows)[0]!.name;
  return withDatabase(testDatabaseUrl()!, name);
}

async function admin(statement: string) {
  const client = new pg.Client({ connectionString: adminUrl(testDatabaseUrl()!) });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

describe('npm run backup / npm run restore', () => {
  it('restores into an empty database every member, request, document and refund, readable with the keys and only with them', async () => {
    const camille = await signIn(t, DEMO_ACCOUNTS.camille.membershipNumber);
    const pdf = Buffer.concat([await makeTextPdf('Facture', ['Optique']), Buffer.from(`% ${DOCUMENT_TEXT}\n`)]);
    const body = multipart([
      { name: 'familyPosition', value: '3' },
      { name: 'documentType', value: 'schooling' },
      { name: 'attachments', filename: 'sauvegarde.pdf', content: pdf, contentType: 'application/pdf' },
    ]);
    expect((await camille.post('/api/document-sharing', body.payload, { headers: body.headers })).statusCode).toBe(201);
    const before = await totals(t.database.db);
    expect(before.members).toBeGreaterThan(0);
    expect(before.refunds).toBeGreaterThan(0);

    const url = testDatabaseUrl() ? await currentUrl(t.database.db) : undefined;
    const file = path.join(dir, url ? 'mutua.dump' : 'mutua.tar.gz');
    const written = await backupDatabase(t.database.db, url, file);
    expect(written.bytes).toBeGreaterThan(0);
    // The key material is not in the backup.
    const bytes = readFileSync(file);
    const plain = url ? bytes : gunzipSync(bytes);
    for (const line of readFileSync(testMasterKeyFile(), 'utf8')
      .split('\n')
      .filter((l) => l.startsWith('mk-'))) {
      expect(plain.includes(line.split(' ')[1]!)).toBe(false);
    }
    expect(plain.includes(DOCUMENT_TEXT)).toBe(false);

    let restored: Database;
    let drop = async () => {};
    if (url) {
      const name = `mutua_restore_${randomBytes(5).toString('hex')}`;
      await admin(`CREATE DATABASE ${name}`);
      drop = () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await restoreDatabase(file, { databaseUrl: withDatabase(testDatabaseUrl()!, name) });
      // A restore never goes into a database that holds data.
      await expect(restoreDatabase(file, { databaseUrl: withDatabase(testDatabaseUrl()!, name) })).rejects.toThrow('not empty');
      restored = await openDatabase({ databaseUrl: withDatabase(testDatabaseUrl()!, name) });
    } else {
      const target = path.join(dir, 'restored');
      await restoreDatabase(file, { dataDir: target });
      await expect(restoreDatabase(file, { dataDir: target })).rejects.toThrow('not empty');
      restored = await openDatabase({ dataDir: target });
    }
    try {
      const db = restored.db;
      expect(await totals(db)).toEqual(before);
      const [doc] = await db
        .select({ id: storedFiles.id, content: storedFileContents.content })
        .from(storedFiles)
        .innerJoin(storedFileContents, eq(storedFileContents.fileId, storedFiles.id))
        .where(eq(storedFiles.name, 'sauvegarde.pdf'));
      expect((await openDocument(db, 'mutua', 'stored_file_contents', 'content', doc!.id, doc!.content)).includes(DOCUMENT_TEXT)).toBe(true);
      const [main] = await db
        .select({ id: beneficiaries.id, nir: beneficiaries.nir })
        .from(beneficiaries)
        .innerJoin(members, eq(members.id, beneficiaries.memberId))
        .where(eq(members.membershipNumber, DEMO_MEMBERS.camille))
        .orderBy(beneficiaries.familyPosition)
        .limit(1);
      expect(await openNir(db, 'mutua', 'beneficiaries', main!.id, main!.nir)).toBe('2860475056123');
    } finally {
      await restored.close();
      await drop();
    }
  });
});
