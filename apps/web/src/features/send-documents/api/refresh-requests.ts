import type { QueryClient } from '@tanstack/react-query';
import { refreshGlobalDetails } from '../../../lib/global-details';
import { refreshGlobalDetailsPart } from '../../../lib/global-details-parts';

/** After sending: the new request shows at once in « Mes demandes » (and the shared documents when asked). */
export async function refreshRequests(client: QueryClient, documents = false): Promise<void> {
  await Promise.all([
    refreshGlobalDetailsPart(client, 'requests'),
    refreshGlobalDetailsPart(client, 'timeline_recent'),
    ...(documents ? [refreshGlobalDetails(client)] : []),
  ]).catch(() => undefined);
}
