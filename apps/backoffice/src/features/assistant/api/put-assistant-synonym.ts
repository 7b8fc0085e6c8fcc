import type { TAssistantSynonym, TAssistantSynonymInput } from '@mutua/contracts/assistant';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { synonymsKey } from './get-assistant-synonyms';

/** PUT /api/bo/tenants/{id}/assistant-synonyms/{synonymId}: the word's synonyms changed (administrators, audited). */
export const useUpdateSynonym = (tenantId: string) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...input }: TAssistantSynonymInput & { id: string }) =>
      api<TAssistantSynonym>('PUT', `/tenants/${tenantId}/assistant-synonyms/${id}`, input),
    onSuccess: () => client.invalidateQueries({ queryKey: synonymsKey(tenantId) }),
  });
};
