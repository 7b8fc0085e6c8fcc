import { ZProductGuarantee } from '@mutua/contracts/guarantees-api';
import { PRODUCT_VERSIONS } from '@mutua/contracts/guarantees';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { guaranteeProductVersions, tenants } from '../../db/schema';
import { loadTariffCatalogue } from './catalogue';

/**
 * The tariff catalogue, and the three demo products (Essentiel, Confort, Premium) for every tenant.
 * The members have held them since they joined (2024): the engine package's 2026 versions are seeded
 * with an earlier version holding the same guarantees from 2023, so that care of the last three years
 * is computed too.
 */
export const DEMO_PRODUCTS_SINCE = '2023-01-01';

const ZGuarantees = z.array(ZProductGuarantee);

export async function seedGuaranteeProducts(db: Db): Promise<void> {
  await loadTariffCatalogue(db);
  for (const { id: tenantId } of await db.select({ id: tenants.id }).from(tenants)) {
    for (const version of PRODUCT_VERSIONS) {
      // Stored as the API answers them: the jsonb holds nothing the schema does not know.
      const guarantees = ZGuarantees.parse(version.guarantees);
      for (const validFrom of [DEMO_PRODUCTS_SINCE, version.validFrom]) {
        await db
          .insert(guaranteeProductVersions)
          .values({ tenantId, code: version.code, validFrom, label: version.label, responsable: version.responsable, guarantees })
          .onConflictDoNothing();
      }
    }
  }
}
