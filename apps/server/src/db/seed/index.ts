import type { Db } from '../client';
import { seedRuns } from '../schema';
import { seedAccounts, seedLegalPages, seedMemberWithoutAccount } from './accounts';
import { seedMembers } from './members';
import { seedRefunds } from './refunds';
import { seedRequests } from './requests';
import { seedTenants } from './tenants';

export type SeedStep = { name: string; run(tx: Db): Promise<void> };

/** Demo data, in order. A step loads once; add new steps at the end, never rename a loaded one. */
export const DEMO_SEED_STEPS: SeedStep[] = [
  { name: '001-demo-tenants', run: seedTenants },
  { name: '002-demo-members', run: seedMembers },
  { name: '020-demo-requests', run: seedRequests },
  { name: '021-demo-refunds', run: seedRefunds },
  { name: '010-demo-legal-pages', run: seedLegalPages },
  { name: '011-demo-accounts', run: seedAccounts },
  { name: '012-demo-member-without-account', run: seedMemberWithoutAccount },
];

/**
 * Each step runs in a transaction that first claims its name: a second instance starting at the same
 * time waits, then finds the name taken and skips.
 */
export async function loadDemoData(db: Db, steps: SeedStep[] = DEMO_SEED_STEPS): Promise<string[]> {
  const loaded: string[] = [];
  for (const step of steps) {
    const ran = await db.transaction(async (tx) => {
      const claimed = await tx.insert(seedRuns).values({ name: step.name }).onConflictDoNothing().returning();
      if (claimed.length === 0) return false;
      await step.run(tx as unknown as Db);
      return true;
    });
    if (ran) loaded.push(step.name);
  }
  return loaded;
}
