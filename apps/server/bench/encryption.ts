/**
 * `npx tsx bench/encryption.ts` (from apps/server): what encryption at rest costs (db/field-crypto.ts).
 *   - AES-256-GCM per MB, encrypt and decrypt (the data key in memory), on 1 MB and 10 MB documents;
 *   - a NIR field: encrypt, decrypt, keyed hash (µs each);
 *   - a document stored then read back through the repository (storeFile / findMemberFile) on the
 *     embedded database, against the same bytes written and read in clear (the « before »).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { openReadyDatabase } from '../src/db/open';
import { members, storedFileContents, storedFiles } from '../src/db/schema';
import { decryptBytes, decryptField, encryptBytes, encryptField, hmacField } from '../src/db/field-crypto';
import { newMasterKey, writeKeyRing } from '../src/lib/master-keys';
import { demoDataSteps } from '../src/modules';
import { findMemberFile, storeFile } from '../src/modules/documents/public';

const dir = mkdtempSync(path.join(os.tmpdir(), 'mutua-bench-crypto-'));
const masterKeyFile = path.join(dir, 'master-keys');
writeKeyRing(masterKeyFile, [newMasterKey()]);
const database = await openReadyDatabase({ DATABASE_URL: undefined, DATA_DIR: dir, demoData: true, masterKeyFile }, demoDataSteps());
const db = database.db;

const time = async (runs: number, fn: () => Promise<unknown>) => {
  await fn();
  const start = performance.now();
  for (let i = 0; i < runs; i++) await fn();
  return (performance.now() - start) / runs;
};

try {
  for (const mb of [1, 10]) {
    const bytes = randomBytes(mb * 1_048_576);
    const ref = { table: 'stored_file_contents', column: 'content', rowId: randomUUID() };
    const sealed = await encryptBytes(db, 'mutua', ref, bytes);
    const enc = await time(20, () => encryptBytes(db, 'mutua', ref, bytes));
    const dec = await time(20, () => decryptBytes(db, 'mutua', ref, sealed));
    console.log(
      `AES-256-GCM ${mb} MB: encrypt ${enc.toFixed(2)} ms (${(enc / mb).toFixed(2)} ms/MB), decrypt ${dec.toFixed(2)} ms (${(dec / mb).toFixed(2)} ms/MB)`,
    );
  }
  const ref = { table: 'beneficiaries', column: 'nir', rowId: randomUUID() };
  const nir = await encryptField(db, 'mutua', ref, '2951099126111');
  console.log(
    `NIR field: encrypt ${((await time(2000, () => encryptField(db, 'mutua', ref, '2951099126111'))) * 1000).toFixed(0)} µs (one key look-up query included), decrypt ${((await time(2000, () => decryptField(db, 'mutua', ref, nir))) * 1000).toFixed(0)} µs, keyed hash ${((await time(2000, () => hmacField(db, 'mutua', 'nir', '2951099126111'))) * 1000).toFixed(0)} µs`,
  );

  const [member] = await db.select({ id: members.id }).from(members).where(eq(members.tenantId, 'mutua')).limit(1);
  const memberId = member!.id;
  for (const mb of [1, 5]) {
    const content = randomBytes(mb * 1_048_576);
    const file = { memberId, origin: 'member' as const, name: 'bench.pdf', nameFile: 'bench.pdf', contentType: 'application/pdf' as const, content };
    const ids: string[] = [];
    const upload = await time(10, async () => ids.push(await storeFile(db, file)));
    const download = await time(10, () => findMemberFile(db, memberId, ids[0]!));
    // The « before »: the same rows, bytes in clear.
    const plainIds: string[] = [];
    const plainUpload = await time(10, async () => {
      const [row] = await db
        .insert(storedFiles)
        .values({
          memberId,
          origin: 'member',
          name: 'bench.pdf',
          nameFile: 'bench.pdf',
          contentType: 'application/pdf',
          sizeBytes: content.length,
          sha256: 'x',
        })
        .returning({ id: storedFiles.id });
      await db.insert(storedFileContents).values({ fileId: row!.id, content });
      plainIds.push(row!.id);
    });
    const plainDownload = await time(10, () =>
      db
        .select({ content: storedFileContents.content })
        .from(storedFiles)
        .innerJoin(storedFileContents, eq(storedFileContents.fileId, storedFiles.id))
        .where(and(eq(storedFiles.id, plainIds[0]!), eq(storedFiles.memberId, memberId))),
    );
    console.log(
      `document ${mb} MB (embedded database): upload ${upload.toFixed(1)} ms encrypted vs ${plainUpload.toFixed(1)} ms in clear (${((upload / plainUpload - 1) * 100).toFixed(0)} %), download ${download.toFixed(1)} ms vs ${plainDownload.toFixed(1)} ms (${((download / plainDownload - 1) * 100).toFixed(0)} %)`,
    );
  }
} finally {
  await database.close();
  rmSync(dir, { recursive: true, force: true });
}
