import type { TContractsAnswer } from '@mutua/contracts/termination';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** GET /api/contracts: the member's health contracts, options, guarantees, and whether each can be terminated online. */
export const getContracts = (signal?: AbortSignal) => api.get<TContractsAnswer>('/contracts', { signal });
export const contractsQueryOptions = () => queryOptions({ queryKey: ['contracts'], queryFn: ({ signal }) => getContracts(signal) });
export const useContracts = () => useQuery(contractsQueryOptions());
