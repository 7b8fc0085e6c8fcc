import type { Db } from '../../db/client';
import type { Tenant } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import type { ActiveSession } from '../auth/session-store';

/**
 * What a global-details loader gets: the signed-in member's session and tenant, and `once` to share
 * one query between loaders of the same request (e.g. requests feeding allRequests and lastRequests).
 */
export type MemberContext = {
  db: Db;
  clock: Clock;
  tenant: Tenant;
  session: ActiveSession;
  once<T>(key: string, load: () => Promise<T>): Promise<T>;
};

export function memberContext(input: Omit<MemberContext, 'once'>): MemberContext {
  const cache = new Map<string, Promise<unknown>>();
  return {
    ...input,
    once<T>(key: string, load: () => Promise<T>): Promise<T> {
      let hit = cache.get(key) as Promise<T> | undefined;
      if (!hit) {
        hit = load();
        cache.set(key, hit);
      }
      return hit;
    },
  };
}
