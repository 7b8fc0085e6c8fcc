import type { TAdviserCode, TAdviserCodeRequest } from '@mutua/contracts/help';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { MutationConfig } from '../../../lib/react-query';

/** POST /api/help/adviser-code (public): a code for a phone adviser (signed in: no identifier needed). */
export const requestAdviserCode = (body: TAdviserCodeRequest) => api.post<TAdviserCode>('/help/adviser-code', body);

export const useRequestAdviserCode = (config: MutationConfig<typeof requestAdviserCode> = {}) => useMutation({ ...config, mutationFn: requestAdviserCode });
