import type { Db } from '../client';
import { seedRuns } from '../schema';
import type { SeedStep } from './seed-step';

export type { SeedStep };

/**
 * Demo data: the modules' seed steps in the order of their names (`050-demo-faq`: the number places a
 * step after the data it builds on). A step loads once, so a new one may come anywhere.
 */
export function seedStepsOf(modules: readonly { seed?: readonly SeedStep[] }[]): SeedStep[] {
  const steps = modules.flatMap((m) => m.seed ?? []).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  const names = new Set(steps.map((s) => s.name));
  if (names.size !== steps.length) throw new Error('two demo-data steps share a name');
  return steps;
}

/**
 * Each step runs in a transaction that first claims its name: a second instance starting at the same
 * time waits, then finds the name taken and skips.
 */
export async function loadDemoData(db: Db, steps: readonly SeedStep[]): Promise<string[]> {
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
