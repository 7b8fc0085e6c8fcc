import { z } from 'zod';

/**
 * Feature toggles per tenant ("environment"), as featureStatus ids in the global details. NIR_LOGIN: members
 * may choose their social security number as login identifier (MF-70).
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

/**
 * CONTRACT_RESILIATION's params: which terminations the tenant offers online — the individual contract,
 * the paid options. Missing params mean both. A tenant that sells online must keep the
 * individual contract's online termination (« Résilier votre contrat », code de la mutualité L221-10-3);
 * only a tenant that does not sell online may turn it off.
 */
export const ZContractResiliationParams = z.strictObject({
  allowIndividualContract: z.boolean({ error: 'allowIndividualContract\u00a0: vrai ou faux.' }).default(true),
  allowPaidOptions: z.boolean({ error: 'allowPaidOptions\u00a0: vrai ou faux.' }).default(true),
});
export type TContractResiliationParams = z.infer<typeof ZContractResiliationParams>;

/**
 * The params in force: each one as stored when it is a boolean, else its default (true). Read without
 * the schema (params are checked when they are set): the layout's footer reads them, and home must not
 * load zod.
 */
export function contractResiliationParams(features: readonly TFeatureStatus[]): TContractResiliationParams {
  const params: unknown = features.find((f) => f.feature_id === 'CONTRACT_RESILIATION')?.params;
  const read = (key: keyof TContractResiliationParams) => {
    const value = typeof params === 'object' && params !== null ? (params as Record<string, unknown>)[key] : undefined;
    return typeof value === 'boolean' ? value : true;
  };
  return { allowIndividualContract: read('allowIndividualContract'), allowPaidOptions: read('allowPaidOptions') };
}

/** The termination kinds the tenant offers online (termination.ts TERMINATION_KINDS, in its order). */
export function offeredTerminationKinds(features: readonly TFeatureStatus[]): ('PAID_OPTIONS' | 'INDIVIDUAL_CONTRACT')[] {
  const params = contractResiliationParams(features);
  return [...(params.allowPaidOptions ? (['PAID_OPTIONS'] as const) : []), ...(params.allowIndividualContract ? (['INDIVIDUAL_CONTRACT'] as const) : [])];
}

/** The answer to a termination the tenant does not offer online. */
export const TERMINATION_KIND_NOT_OFFERED = {
  PAID_OPTIONS: 'La résiliation des options payantes ne se fait pas en ligne\u00a0: contactez-nous.',
  INDIVIDUAL_CONTRACT: 'La résiliation du contrat individuel ne se fait pas en ligne\u00a0: contactez-nous.',
} as const;
