import { ZContractResiliationParams, ZFeatureId, type FeatureId, type TFeatureStatus } from '@mutua/contracts/features';
import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { tenants } from '../../db/schema';
import { AppError } from '../../lib/app-error';

/** Operator changes to a tenant, shared by the operator API and the CLI's direct mode. */
export const ZMaintenanceChange = z.object({ on: z.boolean(), reason: z.string().max(500).nullable().default(null) });
export const ZFeatureChange = z
  .object({
    featureId: ZFeatureId,
    enabled: z.boolean(),
    params: z.record(z.string(), z.unknown()).nullable().optional(),
  })
  .superRefine((change, ctx) => {
    // The termination screens read CONTRACT_RESILIATION's params: refuse what they could not read.
    if (change.featureId !== 'CONTRACT_RESILIATION' || !change.params) return;
    const parsed = ZContractResiliationParams.safeParse(change.params);
    if (!parsed.success) ctx.addIssue({ code: 'custom', path: ['params'], message: parsed.error.issues[0]!.message });
  });

export async function listTenants(db: Db) {
  return db
    .select({
      id: tenants.id,
      name: tenants.name,
      hosts: tenants.hosts,
      maintenance: tenants.maintenance,
      maintenanceReason: tenants.maintenanceReason,
      features: tenants.features,
    })
    .from(tenants)
    .orderBy(tenants.id);
}

export async function setMaintenance(db: Db, tenantId: string, change: z.infer<typeof ZMaintenanceChange>) {
  const updated = await db
    .update(tenants)
    .set({ maintenance: change.on, maintenanceReason: change.on ? change.reason : null, updatedAt: sql`now()` })
    .where(eq(tenants.id, tenantId))
    .returning({ id: tenants.id });
  if (updated.length === 0) throw new AppError('NOT_FOUND', `Tenant inconnu\u00a0: ${tenantId}`);
}

export async function setFeature(db: Db, tenantId: string, change: z.infer<typeof ZFeatureChange>) {
  const [tenant] = await db.select({ features: tenants.features }).from(tenants).where(eq(tenants.id, tenantId));
  if (!tenant) throw new AppError('NOT_FOUND', `Tenant inconnu\u00a0: ${tenantId}`);
  const others = tenant.features.filter((f) => f.feature_id !== change.featureId);
  const current = tenant.features.find((f) => f.feature_id === change.featureId);
  const next: TFeatureStatus = {
    feature_id: change.featureId as FeatureId,
    enabled: change.enabled,
    params: change.params === undefined ? (current?.params ?? null) : change.params,
  };
  await db
    .update(tenants)
    .set({ features: [...others, next], updatedAt: sql`now()` })
    .where(eq(tenants.id, tenantId));
}
