import type { TCallbackSlot } from '@mutua/contracts/advisor';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** GET /api/advisor/callback-slots: the next free slots within the phone line's hours. */
export const callbackSlotsQueryOptions = () =>
  queryOptions({
    queryKey: ['advisor', 'callback-slots'],
    queryFn: ({ signal }) => api.get<{ slots: TCallbackSlot[] }>('/advisor/callback-slots', { signal }),
    staleTime: 60_000,
  });

export const useCallbackSlots = () => useQuery(callbackSlotsQueryOptions());
