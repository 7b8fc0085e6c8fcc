import type { TAssistantSynonym, TAssistantSynonymInput } from '@mutua/contracts/assistant';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { synonymsKey } from './get-assistant-synonyms';

/** POST /api/bo/tenants/{id}/assistant-synonyms: a new word and its synonyms (administrators, audited). */
export const useAddSynonym = (tenantId: string) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: TAssistantSynonymInput) => api<TAssistantSynonym>('POST', `/tenants/${tenantId}/assistant-synonyms`, input),
    onSuccess: () => client.invalidateQueries({ queryKey: synonymsKey(tenantId) }),
  });
};
