import { z } from 'zod';

/**
 * Feature toggles per tenant ("environment"), as featureStatus ids in the global details. NIR_LOGIN: members
 * may choose their social security number as login identifier (member-features §2, MF-70).
 */
export const FEATURE_IDS = ['MY_SERVICES', 'BENEFICIARIES_ADD', 'BENEFICIARIES', 'CONTRACT_RESILIATION', 'DIGITAL_CAMPAIGNS', 'NIR_LOGIN'] as const;
export const ZFeatureId = z.enum(FEATURE_IDS);
export type FeatureId = z.infer<typeof ZFeatureId>;

/** Only CONTRACT_RESILIATION carries params; their content is the tenant's own JSON. */
export const ZFeatureStatus = z.object({
  feature_id: ZFeatureId,
  enabled: z.boolean(),
  params: z.record(z.string(), z.unknown()).nullable(),
});
export type TFeatureStatus = z.infer<typeof ZFeatureStatus>;

export function isFeatureEnabled(features: readonly TFeatureStatus[], id: FeatureId): boolean {
  return features.some((f) => f.feature_id === id && f.enabled);
}
