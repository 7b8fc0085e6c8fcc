import type { TGlobalDetails } from '@mutua/contracts/global-details';
import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { type SessionFlags, setSessionFlags } from './access-store';
import { api } from './api-client';
import { isLoggedIn } from './cookies';
import { queryClient } from './react-query';

/**
 * The global details (GET /api/all-info): loaded once after login into the query
 * cache, read by every feature through `useGlobalDetails(select)`, cleared at logout with the rest of
 * the cache. Shared here because features may not import each other.
 */
export const globalDetailsKey = ['global-details'] as const;

export const getGlobalDetails = (signal?: AbortSignal) => api.get<TGlobalDetails>('/all-info', { signal });

export const globalDetailsQueryOptions = () =>
  queryOptions({
    queryKey: globalDetailsKey,
    queryFn: ({ signal }) => getGlobalDetails(signal),
    // Loaded once per session; an action refreshes it explicitly (refreshGlobalDetails, actionKey parts).
    staleTime: Infinity,
    gcTime: Infinity,
    // Signed out (logout, ended session), a screen still mounted must not ask again: the answer
    // would be a 401 and the « session expirée » notice on the way to login.
    enabled: () => isLoggedIn(),
  });

/** The global details, or a slice of them (`useGlobalDetails((d) => d.insured)`). */
export function useGlobalDetails<T = TGlobalDetails>(select?: (details: TGlobalDetails) => T) {
  return useQuery({ ...globalDetailsQueryOptions(), select });
}

/** The guard's session flags (access-store) as the global details give them. */
export function sessionFlagsOf(details: TGlobalDetails): SessionFlags {
  return {
    // A tenant that asks no mandatory information never opens the validate-info gate.
    invalidPersonalInfo: details.environmentHasMandatoryInformations && details.insured.invalidPersonalInformation,
    legalPagesValidated: details.insured.validatedLegalPages,
    isBoAuthentication: details.isBoAuthentication,
    // The schooling campaign's popup is due (a child without an answer): server data (campaigns module).
    schoolingPopup: details.schoolingCampaign?.popup ?? false,
    features: details.featureStatus.filter((f) => f.enabled).map((f) => f.feature_id),
    logoutRedirectUrl: details.logoutRedirectUrl,
  };
}

/** The session loader the guard awaits (registered in access-store): the global details, once, then the flags. */
export async function loadSessionFlags(): Promise<SessionFlags> {
  return sessionFlagsOf(await queryClient.fetchQuery(globalDetailsQueryOptions()));
}

/** After a change the gates depend on (legal pages, personal information, password…): reload, re-derive the flags. */
export async function refreshGlobalDetails(client: QueryClient = queryClient): Promise<TGlobalDetails> {
  const details = await client.fetchQuery({ ...globalDetailsQueryOptions(), staleTime: 0 });
  setSessionFlags(sessionFlagsOf(details));
  return details;
}
