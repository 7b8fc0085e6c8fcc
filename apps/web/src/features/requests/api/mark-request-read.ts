import type { TGlobalDetails } from '@mutua/contracts/global-details';
import type { TMarkReadResult, TRequest, TRequestGroup } from '@mutua/contracts/requests';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { globalDetailsPartKey, updateGlobalDetails, type GlobalDetailsPart } from '../../../lib/global-details-parts';
import type { MutationConfig } from '../../../lib/react-query';

/** POST /api/requests/message?idMessage=<request id> (no body): the server marks the request and its messages read. */
export const markRequestRead = (requestId: string) => api.post<TMarkReadResult>('/requests/message', undefined, { query: { idMessage: requestId } });

function readRequest(request: TRequest, result: TMarkReadResult, at: string): TRequest {
  return {
    ...request,
    statusKey: result.statusKey,
    statusLabel: result.statusLabel,
    statusTone: result.statusTone,
    read: result.read,
    isNew: result.isNew,
    messages: request.messages.map((m) => (m.direction === 'insurer' && m.readAt === null ? { ...m, readAt: at } : m)),
  };
}

const inGroups = (groups: TRequestGroup[], result: TMarkReadResult, at: string) =>
  groups.map((g) =>
    g.requests.some((r) => r.id === result.id) ? { ...g, requests: g.requests.map((r) => (r.id === result.id ? readRequest(r, result, at) : r)) } : g,
  );

/** The read state the server answered, applied to every copy of the request in the global details. */
export function applyReadState(details: TGlobalDetails, result: TMarkReadResult, at: string = new Date().toISOString()): TGlobalDetails {
  return {
    ...details,
    ...(details.allRequests ? { allRequests: inGroups(details.allRequests, result, at) } : {}),
    lastRequests: inGroups(details.lastRequests, result, at),
    timelineRecent: details.timelineRecent.map((e) =>
      e.requestId === result.id
        ? { ...e, statusKey: result.statusKey, statusLabel: result.statusLabel, statusTone: result.statusTone, isNew: result.isNew }
        : e,
    ),
  };
}

/** Opening a request marks it read on the server, then locally (status READ, no longer new). */
export const useMarkRequestRead = (config: MutationConfig<typeof markRequestRead> = {}) => {
  const client = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: markRequestRead,
    onSuccess: (result, ...rest) => {
      const at = new Date().toISOString();
      updateGlobalDetails(client, (details) => applyReadState(details, result, at));
      // The requests page reads its list from the part (get-requests.ts): mark it read there too.
      client.setQueryData<GlobalDetailsPart<'requests'>>(globalDetailsPartKey('requests'), (part) =>
        part ? { ...part, allRequests: inGroups(part.allRequests ?? [], result, at), lastRequests: inGroups(part.lastRequests, result, at) } : part,
      );
      return config.onSuccess?.(result, ...rest);
    },
  });
};
