import type { TConsentState } from '@mutua/contracts/consent';
import type { TGlobalDetails } from '@mutua/contracts/global-details';
import type { PAGE_ANSWER_PATHS, THeartbeat } from '@mutua/contracts/platform';
import type { QueryClient } from '@tanstack/react-query';
import { knowConsent } from '../features/consent/api/consent';
import { accessStore, setSessionFlags } from '../lib/access-store';
import { globalDetailsKey, sessionFlagsOf } from '../lib/global-details';
import { readInitData } from '../lib/platform/init';
import { initKnown } from './guard-loader';

/** The start-up answers a page carries (apps/server/src/http/app-page.ts), by API path: each a `{ data }` body. */
export type PageAnswers = Partial<Record<(typeof PAGE_ANSWER_PATHS)[number], unknown>>;

const dataOf = (body: unknown): unknown => (body as { data?: unknown } | null | undefined)?.data;

/**
 * A page the server rendered starts from the answers it carries, not from the guard's calls: the
 * server seeds the stores with them before its render (entry-server.tsx), the browser seeds its own
 * with the same before hydrating (main.tsx), so both render the same tree. False when an answer is
 * missing or unreadable: nothing is seeded then, and the page is rendered in the browser as usual.
 */
export function seedFromAnswers(answers: PageAnswers, queryClient: QueryClient): boolean {
  // GET /init answers `{ data: { data: { brand, … } } }` (the spec's shape; platform/init.ts).
  const init = readInitData(dataOf(dataOf(answers['/init'])));
  const heartbeat = dataOf(answers['/heartbeat']) as THeartbeat | undefined;
  const details = dataOf(answers['/all-info']) as TGlobalDetails | undefined;
  const consent = dataOf(answers['/consent']) as TConsentState | undefined;
  if (!init || !heartbeat?.status || !details?.insured || !consent) return false;
  initKnown({ kind: 'brand', brand: init.brand, logoutRedirectUrl: init.logoutRedirectUrl });
  accessStore.setState({ serviceStatus: heartbeat.status, activeDebugSession: heartbeat.active_debug_session });
  queryClient.setQueryData(globalDetailsKey, details);
  setSessionFlags(sessionFlagsOf(details));
  knowConsent(consent);
  return true;
}
