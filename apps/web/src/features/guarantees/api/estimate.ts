import type { TEstimate, TEstimateRequest } from '@mutua/contracts/guarantees-api';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { MutationConfig } from '../../../lib/react-query';

/** POST /api/guarantees/estimate: what care would be refunded, against the member's own guarantees (nothing stored). */
export const estimateCare = (input: TEstimateRequest) => api.post<TEstimate>('/guarantees/estimate', input);

export const useEstimate = (config: MutationConfig<typeof estimateCare> = {}) => useMutation({ ...config, mutationFn: estimateCare });
