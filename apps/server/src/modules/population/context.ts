import { createHash } from 'node:crypto';
import type pg from 'pg';
import type { Db } from '../../db/client';
import { protectedFieldSealer } from '../../db/protected-fields';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { hashPassword } from '../auth/public';
import type { BatchContext } from './write-batch';

/** The password of every account of the synthetic population (never a production database: see the CLI). */
export const POPULATION_PASSWORD = process.env.POPULATION_PASSWORD ?? 'Population-2026!';

/** The document every member finds in one of its requests: a one-page PDF. */
async function attestation(): Promise<BatchContext['document']> {
  const pdf = await PDFDocument.create();
  const page = pdf.addPage([595, 842]);
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  page.drawText('Attestation de droits', { x: 60, y: 760, size: 18, font });
  page.drawText('Document de démonstration de la population synthétique.', { x: 60, y: 730, size: 11, font });
  const content = Buffer.from(await pdf.save());
  return { content, sha256: createHash('sha256').update(content).digest('hex') };
}

/**
 * What every batch shares: the tenants (one member in ten on the second), their sealers (the master keys
 * configured first: the database opened as the app opens it), one password hash, the document.
 */
export async function populationContext(pool: pg.Pool, db: Db): Promise<BatchContext> {
  const tenantIds = (await pool.query<{ id: string }>('SELECT id FROM tenants ORDER BY id = $1 DESC, id', ['mutua'])).rows.map((r) => r.id);
  if (tenantIds.length === 0) throw new Error('population: no tenant (the demo data loads them)');
  const sealers = new Map(await Promise.all(tenantIds.map(async (id) => [id, await protectedFieldSealer(db, id)] as const)));
  return {
    sealerOf: (tenantId) => sealers.get(tenantId)!,
    tenantOf: (seq) => (seq % 10 === 0 && tenantIds.length > 1 ? tenantIds[1]! : tenantIds[0]!),
    tenantIds,
    superuser: (await pool.query<{ s: boolean }>('SELECT rolsuper AS s FROM pg_roles WHERE rolname = current_user')).rows[0]?.s === true,
    passwordHash: await hashPassword(POPULATION_PASSWORD),
    document: await attestation(),
  };
}
