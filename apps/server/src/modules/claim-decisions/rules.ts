import { DEFAULT_AUTO_DECISION_RULES, ZAutoDecisionRules, type TAutoDecisionRuleSet, type TAutoDecisionRules } from '@mutua/contracts/auto-decision';
import { desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { autoDecisionRuleSets, staff } from '../../db/schema';
import { AppError } from '../../lib/app-error';

/** The rule set in force for a tenant: its latest version, or the defaults (version 0). */
export async function currentRuleSet(db: Db, tenantId: string): Promise<TAutoDecisionRuleSet> {
  const [row] = await db
    .select({ version: autoDecisionRuleSets.version, rules: autoDecisionRuleSets.rules, createdAt: autoDecisionRuleSets.createdAt, by: staff.displayName })
    .from(autoDecisionRuleSets)
    .leftJoin(staff, eq(staff.id, autoDecisionRuleSets.createdBy))
    .where(eq(autoDecisionRuleSets.tenantId, tenantId))
    .orderBy(desc(autoDecisionRuleSets.version))
    .limit(1);
  if (!row) return { version: 0, rules: DEFAULT_AUTO_DECISION_RULES, updatedAt: null, updatedBy: null };
  // Stored rules are read through the schema: a field added later takes its default, never undefined.
  const rules = ZAutoDecisionRules.parse({ ...DEFAULT_AUTO_DECISION_RULES, ...row.rules });
  return { version: row.version, rules, updatedAt: row.createdAt.toISOString(), updatedBy: row.by ?? null };
}

/**
 * A new version of the tenant's rules (never an update: past decisions name the version they applied).
 * The next number is taken in the insert itself; two administrators saving at once: the second gets
 * 409 and saves again having read the first's rules.
 */
export async function saveRuleSet(db: Db, tenantId: string, rules: TAutoDecisionRules, staffId: string, now: Date, expectedVersion: number): Promise<number> {
  try {
    const result = (await db.execute(sql`
      INSERT INTO auto_decision_rule_sets (tenant_id, version, rules, created_by, created_at)
      SELECT ${tenantId}, coalesce(max(version), 0) + 1, ${JSON.stringify(rules)}::jsonb, ${staffId}, ${now}
      FROM auto_decision_rule_sets WHERE tenant_id = ${tenantId}
      HAVING coalesce(max(version), 0) = ${expectedVersion}
      RETURNING version`)) as unknown as { rows: { version: number }[] };
    const version = result.rows[0]?.version;
    if (version === undefined) throw new AppError('AUTO_DECISION_RULES_CHANGED');
    return version;
  } catch (error) {
    if ((error as { cause?: { code?: string }; code?: string }).cause?.code === '23505' || (error as { code?: string }).code === '23505')
      throw new AppError('AUTO_DECISION_RULES_CHANGED');
    throw error;
  }
}
