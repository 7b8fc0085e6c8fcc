import type { TBankDetails } from '@mutua/contracts/bank-details';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/**
 * GET /api/bank-details, for a beneficiary's page (their refund account in force and the change being
 * checked). Same key as the banking page's query: a change sent there refreshes this one too.
 */
export const useRefundAccounts = () =>
  useQuery({ queryKey: ['bank-details'] as const, queryFn: ({ signal }) => api.get<TBankDetails>('/bank-details', { signal }) });
