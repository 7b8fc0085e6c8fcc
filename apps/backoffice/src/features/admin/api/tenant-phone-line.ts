import type { TPhoneLineInput } from '@mutua/contracts/phone-line';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export type PhoneLineSettings = TPhoneLineInput & { hours: string };
const key = (tenantId: string) => ['admin', 'phone-line', tenantId] as const;

/** GET /api/bo/tenants/{id}/phone-line. */
export const usePhoneLine = (tenantId: string) =>
  useQuery({ queryKey: key(tenantId), queryFn: () => api<PhoneLineSettings>('GET', `/tenants/${tenantId}/phone-line`) });

/** PUT /api/bo/tenants/{id}/phone-line: the number, the open days, the relay service. */
export const useSavePhoneLine = (tenantId: string) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: TPhoneLineInput) => api<{ ok: true }>('PUT', `/tenants/${tenantId}/phone-line`, input),
    onSuccess: () => client.invalidateQueries({ queryKey: key(tenantId) }),
  });
};
