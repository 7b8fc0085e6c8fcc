import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { hospitalizationTypes, tenants } from '../../db/schema';

/** The hospitalisation types the hospital coverage form needs (with ambulatory and other), added where missing. */
const NEEDED = [
  { code: 'AMBULATOIRE', label: 'Ambulatoire (hospitalisation de jour)' },
  { code: 'AUTRE', label: 'Autre' },
];

export async function seedHospitalizationTypes(db: Db): Promise<void> {
  for (const { id: tenantId } of await db.select({ id: tenants.id }).from(tenants)) {
    for (const type of NEEDED) {
      const [exists] = await db
        .select({ code: hospitalizationTypes.code })
        .from(hospitalizationTypes)
        .where(and(eq(hospitalizationTypes.tenantId, tenantId), eq(hospitalizationTypes.code, type.code)));
      if (exists) continue;
      const [{ next } = { next: 0 }] = await db
        .select({ next: sql<number>`coalesce(max(${hospitalizationTypes.position}) + 1, 0)::int` })
        .from(hospitalizationTypes)
        .where(eq(hospitalizationTypes.tenantId, tenantId));
      await db.insert(hospitalizationTypes).values({ tenantId, ...type, position: next });
    }
  }
}
