import type { Db } from '../../db/client';
import { tpCardIssuers } from './schema';

/**
 * Each demo tenant's card issuer: AMC number, care network and operator, the card online. A database
 * whose demo data came before the card had its own module already holds them: nothing is added twice.
 */
export async function seedTpCardIssuers(db: Db): Promise<void> {
  await db
    .insert(tpCardIssuers)
    .values([
      { tenantId: 'mutua', amcNumber: '775671234', careNetwork: 'Kalivia', operator: 'Almerys', dematerialised: true },
      { tenantId: 'azur', amcNumber: '313456789', careNetwork: 'Santéclair', operator: 'Viamedis', dematerialised: true },
    ])
    .onConflictDoNothing();
}
