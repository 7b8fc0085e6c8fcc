import type { TProductCosts, TProductCostsInput } from '@mutua/contracts/product-costs';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export type AdminProductCosts = { products: { productNumber: string; label: string }[]; rows: TProductCosts[]; lastClosedYear: number };
const key = (tenantId: string) => ['admin', 'product-costs', tenantId] as const;

/** GET /api/bo/tenants/{id}/product-costs. */
export const useAdminProductCosts = (tenantId: string) =>
  useQuery({ queryKey: key(tenantId), queryFn: () => api<AdminProductCosts>('GET', `/tenants/${tenantId}/product-costs`) });

/** PUT /api/bo/tenants/{id}/product-costs/{product}/{year}. */
export const useSaveProductCosts = (tenantId: string) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ product, year, input }: { product: string; year: number; input: TProductCostsInput }) =>
      api<{ ok: true }>('PUT', `/tenants/${tenantId}/product-costs/${encodeURIComponent(product)}/${year}`, input),
    onSuccess: () => client.invalidateQueries({ queryKey: key(tenantId) }),
  });
};
