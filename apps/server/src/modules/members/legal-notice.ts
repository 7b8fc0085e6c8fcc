import type { TLegalNotice, TLegalNoticeInput } from '@mutua/contracts/legal-notice';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { tenantLegalNotices } from '../../db/schema';

type Input = { [K in keyof TLegalNoticeInput]: string };

/** A tenant's mentions légales, or null while its administrators have not filled them. */
export async function findLegalNotice(db: Db, tenantId: string): Promise<TLegalNotice | null> {
  const [row] = await db.select().from(tenantLegalNotices).where(eq(tenantLegalNotices.tenantId, tenantId));
  if (!row) return null;
  const { tenantId: _tenant, updatedAt, ...fields } = row;
  return { ...fields, updatedAt: updatedAt.toISOString() };
}

/** Writes a tenant's mentions légales (the whole notice: each field is required by law). */
export async function saveLegalNotice(db: Db, tenantId: string, input: Input, at: Date): Promise<void> {
  await db
    .insert(tenantLegalNotices)
    .values({ tenantId, ...input, updatedAt: at })
    .onConflictDoUpdate({ target: tenantLegalNotices.tenantId, set: { ...input, updatedAt: at } });
}

/** Demo: the two tenants' notices (fictitious registration numbers; a host that really is HDS-certified). */
export async function seedLegalNotices(db: Db): Promise<void> {
  const host = {
    hostName: 'OVH SAS (OVHcloud)',
    hostAddress: '2 rue Kellermann, 59100 Roubaix, France',
    hostHdsCertificate:
      'Hébergeur de données de santé certifié (certification HDS, code de la santé publique, article L1111-8), pour l’hébergement physique et infogéré.',
  };
  const notices = [
    {
      tenantId: 'mutua',
      publisherName: 'Mutua Santé',
      publisherLegalForm: 'Mutuelle régie par le livre II du code de la mutualité',
      registration: 'Immatriculée au répertoire SIRENE sous le n° 000 000 001 (numéro de démonstration)',
      address: '12 rue de la Santé, 75014 Paris',
      publicationDirector: 'Claire Martin, présidente',
      contactEmail: 'contact@mutua.localhost',
      contactPhone: '0969321000',
    },
    {
      tenantId: 'azur',
      publisherName: 'Azur Prévoyance',
      publisherLegalForm: 'Mutuelle régie par le livre II du code de la mutualité',
      registration: 'Immatriculée au répertoire SIRENE sous le n° 000 000 002 (numéro de démonstration)',
      address: 'CS 30001, 13001 Marseille',
      publicationDirector: 'Paul Giraud, président',
      contactEmail: 'contact@azur.localhost',
      contactPhone: '0491001234',
    },
  ];
  for (const n of notices)
    await db
      .insert(tenantLegalNotices)
      .values({ ...n, ...host })
      .onConflictDoNothing();
}
