import { z } from 'zod';
import { dataEnvelope } from './api';
import { formatEuros } from './french-format';

/*
 * What each product cost to run and gave back, shown to members every year (arrêté du 17 avril 2019
 * modifié par l’arrêté du 6 mai 2020): the redistribution rate (benefits paid over contributions) and
 * the management costs as a share of contributions, with their composition, for the last closed year.
 * Rates are kept in basis points (8 012 = 80,12 %): exact sums, no floating point.
 */

/** The sentence the annual notice opens with. */
export const PRODUCT_COSTS_NOTICE =
  'Conformément à l’arrêté du 17 avril 2019 modifié par l’arrêté du 6 mai 2020, nous vous informons chaque année, pour les garanties de remboursement des frais de soins de votre contrat, du rapport entre les prestations versées et les cotisations perçues (taux de redistribution), ainsi que du montant et de la composition de nos frais de gestion, exprimés en pourcentage des cotisations.';

export const ZProductCosts = z.object({
  productNumber: z.string(),
  /** The closed year the figures are of. */
  year: z.number().int(),
  redistributionBp: z.number().int(),
  claimsManagementBp: z.number().int(),
  acquisitionBp: z.number().int(),
  administrationBp: z.number().int(),
});
export type TProductCosts = z.infer<typeof ZProductCosts>;
export const ZProductCostsResponse = dataEnvelope(z.array(ZProductCosts));

/** The management costs in all: handling claims, acquiring members, administration. */
export const managementCostsBp = (c: Pick<TProductCosts, 'claimsManagementBp' | 'acquisitionBp' | 'administrationBp'>) =>
  c.claimsManagementBp + c.acquisitionBp + c.administrationBp;

/** « 80,12 % » (French decimals, no-break space before the sign). */
export function frenchPercentBp(bp: number): string {
  return `${new Intl.NumberFormat('fr-FR', { minimumFractionDigits: bp % 100 === 0 ? 0 : bp % 10 === 0 ? 1 : 2, maximumFractionDigits: 2 }).format(bp / 100)}\u00a0%`;
}

/** « 80,12 € » out of every 100 € of contributions. */
export const perHundredEuros = (bp: number) => formatEuros(bp);

const percent = (label: string) =>
  z
    .number({ error: `Saisissez le taux ${label} en pour cent.` })
    .min(0, `Le taux ${label} ne peut pas être négatif.`)
    .max(200, `Le taux ${label} ne peut pas dépasser 200\u00a0%.`)
    .transform((v) => Math.round(v * 100));

/** PUT /api/bo/tenants/{id}/product-costs/{product}/{year}: the figures in per cent (two decimals). */
export const ZProductCostsInput = z
  .object({
    redistribution: percent('de redistribution'),
    claimsManagement: percent('de frais de gestion des sinistres'),
    acquisition: percent('de frais d’acquisition'),
    administration: percent('de frais d’administration'),
  })
  .refine((v) => v.claimsManagement + v.acquisition + v.administration <= 10_000, {
    path: ['administration'],
    message: 'Les frais de gestion ne peuvent pas dépasser les cotisations (100\u00a0%).',
  });
export type TProductCostsInput = z.input<typeof ZProductCostsInput>;
export const ZProductCostsParams = z.object({ id: z.string().max(64), product: z.string().min(1).max(40), year: z.coerce.number().int().min(2019).max(2100) });

export const ZAdminProductCosts = z.object({
  products: z.array(z.object({ productNumber: z.string(), label: z.string() })),
  rows: z.array(ZProductCosts),
  lastClosedYear: z.number().int(),
});
export const ZAdminProductCostsResponse = dataEnvelope(ZAdminProductCosts);
