import type { ZContactChangeConfirmResponse } from '@mutua/contracts/contact-change';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';
import { globalDetailsKey } from '../../../lib/global-details';

type Confirmed = z.infer<typeof ZContactChangeConfirmResponse>['data'];

/** POST /api/contact-change/confirm { token }: the link mailed to the new address. */
export const confirmContactChange = (token: string) => api.post<Confirmed>('/contact-change/confirm', { token });

/** Confirms, then reloads the global details so every screen shows the new address. */
export function useConfirmContactChange() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: confirmContactChange,
    onSuccess: () => client.invalidateQueries({ queryKey: globalDetailsKey }),
  });
}
