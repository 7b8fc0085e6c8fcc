import type { TAssistantSynonym } from '@mutua/contracts/assistant';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export const synonymsKey = (tenantId: string) => ['assistant-synonyms', tenantId] as const;

/** GET /api/bo/tenants/{id}/assistant-synonyms: the tenant's synonym list, by word. */
export const useAssistantSynonyms = (tenantId: string) =>
  useQuery({ queryKey: synonymsKey(tenantId), queryFn: () => api<TAssistantSynonym[]>('GET', `/tenants/${tenantId}/assistant-synonyms`), enabled: !!tenantId });
