import type { TBankDetails } from '@mutua/contracts/bank-details';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { QueryConfig } from '../../../lib/react-query';

/** GET /api/bank-details: contribution and refund accounts (masked), each beneficiary's, the mandate in force. */
export const getBankDetails = (signal?: AbortSignal) => api.get<TBankDetails>('/bank-details', { signal });

export const bankDetailsQueryOptions = () => queryOptions({ queryKey: ['bank-details'] as const, queryFn: ({ signal }) => getBankDetails(signal) });

export const useBankDetails = (config: QueryConfig<typeof bankDetailsQueryOptions> = {}) => useQuery({ ...bankDetailsQueryOptions(), ...config });
