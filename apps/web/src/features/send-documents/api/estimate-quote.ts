import type { TEstimate, TEstimateRequest } from '@mutua/contracts/guarantees-api';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { MutationConfig } from '../../../lib/react-query';

/** POST /api/guarantees/estimate: what the quote's lines would be refunded, against the member's own guarantees (nothing stored). */
export const estimateQuote = (input: TEstimateRequest) => api.post<TEstimate>('/guarantees/estimate', input);

export const useEstimateQuote = (config: MutationConfig<typeof estimateQuote> = {}) => useMutation({ ...config, mutationFn: estimateQuote });
