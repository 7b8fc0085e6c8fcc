import type { TProductCosts } from '@mutua/contracts/product-costs';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** GET /api/product-costs: the management costs and redistribution rate of the member's products. */
export const useProductCosts = () =>
  useQuery({ queryKey: ['product-costs'], queryFn: ({ signal }) => api.get<TProductCosts[]>('/product-costs', { signal }), staleTime: 3_600_000 });
