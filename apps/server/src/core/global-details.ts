import {
  GLOBAL_DETAILS_ACTIONS,
  GLOBAL_DETAILS_ON_DEMAND,
  ZGlobalDetails,
  ZInsured,
  type GlobalDetailsActionKey,
  type GlobalDetailsKey,
  type TGlobalDetails,
  type TInsured,
} from '@mutua/contracts/global-details';
import type { ReadCache } from '../lib/read-cache';
import type { AppModule, GlobalDetailsLoaders, MemberContext, PartLoader } from './module';

/**
 * Fields of the global details no module owns yet, with the value every member gets today. A module
 * that takes one over declares its loader in its manifest and deletes the line here.
 */
export const UNOWNED_GLOBAL_DETAILS = {} satisfies { [K in GlobalDetailsKey]?: TGlobalDetails[K] };

type FieldLoader = (ctx: MemberContext) => Promise<unknown>;

/**
 * Claims each field of `fields` for the module that answers it: a field answered by no one, by two, or
 * not in the contract stops the app from starting. Loaders are looked up on each call, so a test can
 * replace one loader of a manifest.
 */
function claimFields(what: string, expected: readonly string[], parts: readonly { owner: string; part: object }[]) {
  const owners = new Map<string, string>();
  const loaders: Record<string, FieldLoader> = {};
  for (const { owner, part } of parts) {
    const fields = part as Record<string, FieldLoader>;
    for (const key of Object.keys(fields)) {
      if (owners.has(key)) throw new Error(`${what}: "${key}" is answered by ${owners.get(key)} and ${owner}`);
      owners.set(key, owner);
      loaders[key] = (ctx) => fields[key]!(ctx);
    }
  }
  const missing = expected.filter((key) => !owners.has(key));
  const unknown = [...owners.keys()].filter((key) => !expected.includes(key));
  if (missing.length) throw new Error(`${what}: no loader for ${missing.join(', ')}`);
  if (unknown.length) throw new Error(`${what}: ${unknown.join(', ')} not in the contract`);
  return loaders;
}

/** The nested `insured` part, assembled from every manifest's `insured` fields (in the contract's order). */
function composeInsured(modules: readonly AppModule[]): PartLoader<'insured'> {
  const expected = Object.keys(ZInsured.shape);
  const loaders = claimFields(
    'insured',
    expected,
    modules.filter((m) => m.insured).map((m) => ({ owner: `module ${m.name}`, part: m.insured! })),
  );
  return async (ctx) => {
    const values = await Promise.all(expected.map((key) => loaders[key]!(ctx)));
    return Object.fromEntries(expected.map((key, i) => [key, values[i]])) as TInsured;
  };
}

/**
 * One loader per field of GET /api/all-info, from the modules' manifests and the defaults above. A
 * field answered by no one, or by two, stops the app from starting (and fails the all-info test).
 */
export function composeGlobalDetails(modules: readonly AppModule[], defaults: object = UNOWNED_GLOBAL_DETAILS): GlobalDetailsLoaders {
  const parts: { owner: string; part: object }[] = modules.map((m) => ({ owner: `module ${m.name}`, part: m.globalDetails ?? {} }));
  if (modules.some((m) => m.insured)) parts.push({ owner: 'the insured parts of the manifests', part: { insured: composeInsured(modules) } });
  parts.push({ owner: 'the defaults', part: Object.fromEntries(Object.entries(defaults).map(([key, value]) => [key, async () => value])) });
  return claimFields('global details', Object.keys(ZGlobalDetails.shape), parts) as unknown as GlobalDetailsLoaders;
}

/**
 * Reference data of each tenant kept for `ttlMs` (1 s) across requests: under load, the care catalogue
 * and the FAQ headings are read once a second instead of on every /all-info. A failed load is not kept.
 */
export class TenantReferenceCache {
  private readonly entries = new Map<string, { at: number; value: Promise<unknown> }>();
  constructor(private readonly ttlMs = 1_000) {}

  get<T>(tenantId: string, key: string, load: () => Promise<T>): Promise<T> {
    const id = `${tenantId}\u0000${key}`;
    const now = Date.now();
    const hit = this.entries.get(id);
    if (hit && now - hit.at < this.ttlMs) return hit.value as Promise<T>;
    const value = load();
    this.entries.set(id, { at: now, value });
    value.catch(() => {
      if (this.entries.get(id)?.value === value) this.entries.delete(id);
    });
    return value;
  }
}

/**
 * The loader context of one request: `once` shares a query between loaders (allRequests and
 * lastRequests); `perTenant` goes through the read cache while it listens (kept until the tenant's
 * change notice: a global details kept for minutes must not be built from a second-old copy), else
 * through the route's TenantReferenceCache (without one, it only shares within the request).
 */
export function memberContext(input: Omit<MemberContext, 'once' | 'perTenant'>, references?: TenantReferenceCache, readCache?: ReadCache): MemberContext {
  const cache = new Map<string, Promise<unknown>>();
  const once = <T>(key: string, load: () => Promise<T>): Promise<T> => {
    let hit = cache.get(key) as Promise<T> | undefined;
    if (!hit) {
      hit = load();
      cache.set(key, hit);
    }
    return hit;
  };
  return {
    ...input,
    once,
    perTenant: (key, load) =>
      once(`tenant:${key}`, () => {
        const tenantId = input.tenant.id;
        if (readCache?.isLive) return readCache.get(`tenant:${tenantId}:${key}`, [`t:${tenantId}`], load);
        return references ? references.get(tenantId, key, load) : load();
      }),
  };
}

const onDemand: readonly string[] = GLOBAL_DETAILS_ON_DEMAND;

/**
 * Runs the loaders of the given fields and assembles the answer. By default every field but those only
 * their action answers (GLOBAL_DETAILS_ON_DEMAND: the whole request history).
 */
export async function loadGlobalDetails<K extends GlobalDetailsKey>(
  ctx: MemberContext,
  loaders: GlobalDetailsLoaders,
  keys: readonly K[] = Object.keys(loaders).filter((key) => !onDemand.includes(key)) as K[],
): Promise<Pick<TGlobalDetails, K>> {
  const values = await Promise.all(keys.map((key) => (loaders[key] as PartLoader<K>)(ctx)));
  return Object.fromEntries(keys.map((key, i) => [key, values[i]])) as Pick<TGlobalDetails, K>;
}

/** `?actionKey=…`: just the fields of that action (see GLOBAL_DETAILS_ACTIONS in contracts). */
export function loadGlobalDetailsAction(ctx: MemberContext, loaders: GlobalDetailsLoaders, action: GlobalDetailsActionKey) {
  return loadGlobalDetails(ctx, loaders, GLOBAL_DETAILS_ACTIONS[action]);
}
