import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { synonymsKey } from './get-assistant-synonyms';

/** DELETE /api/bo/tenants/{id}/assistant-synonyms/{synonymId} (administrators, audited). */
export const useDeleteSynonym = (tenantId: string) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<{ ok: true }>('DELETE', `/tenants/${tenantId}/assistant-synonyms/${id}`),
    onSuccess: () => client.invalidateQueries({ queryKey: synonymsKey(tenantId) }),
  });
};
