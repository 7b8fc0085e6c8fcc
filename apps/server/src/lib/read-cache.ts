import { randomUUID } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import type { Clock } from './clock';
import { metrics } from './metrics';

declare module 'fastify' {
  interface FastifyInstance {
    /** The app's read cache (tests sync it after writing straight into the database). */
    readCache: ReadCache;
  }
}

/** The channel the database's change triggers notify (migration 0119). */
export const CHANGES_CHANNEL = 'mutua_changes';

/**
 * What a cached read depends on: `m:<member id>`, `t:<tenant id>`, `s:<session id>` — the names the
 * change notices carry.
 */
export type ReadTag = `${'m' | 't' | 's'}:${string}`;

export type ReadCacheOptions = {
  /** Entries kept at most, least recently used dropped first (default 2,000: a global details is ~30 KB). */
  maxEntries?: number;
  /**
   * A kept read is reloaded after this long whatever the notices say (default 5 minutes): what depends
   * on the time, not on a row — an announcement's window opening, the day's date — is late by at most that.
   */
  ttlMs?: number;
};

/**
 * What the cache needs of the database (db/client.ts's Database): its change notices, and sending one
 * (`sync`). Declared here so that lib/ stays under db/.
 */
export type ChangeNotices = {
  listen(channel: string, onMessage: (payload: string) => void, onState: (live: boolean) => void): Promise<() => Promise<void>>;
  db: { execute(query: SQL): Promise<unknown> };
};

type Entry = { value: unknown; at: number; tags: readonly ReadTag[] };
type Loading = { promise: Promise<unknown>; tags: readonly ReadTag[]; stale: boolean };

/**
 * Signed-in reads kept in this instance's memory and dropped when the database says they changed.
 *
 * Why: a member's space reads the same rows on every page (session, global details, first page of
 * refunds) and, on these machines, each statement costs more in round trips than in work; those rows
 * change rarely. Every write to them — this instance's, another instance's, the back office's, a job's,
 * a script's — sends a notice at commit (triggers of migration 0119), which every instance LISTENs to.
 *
 * Guarantees: a read is never kept while its notices may be missed (listener down: everything passes
 * through); a load overtaken by a notice is answered but not kept; this instance's own writes are
 * dropped before their answer leaves (forget), so a member always reads their own writes; another
 * instance's, once its notice arrives (milliseconds). `ttlMs` bounds what no notice covers: the time.
 */
export class ReadCache {
  private readonly entries = new Map<string, Entry>();
  private readonly byTag = new Map<string, Set<string>>();
  private readonly loading = new Map<string, Loading>();
  private readonly syncs = new Map<string, () => void>();
  private readonly maxEntries: number;
  private readonly ttlMs: number;
  private live = false;
  private unlisten: (() => Promise<void>) | null = null;

  private constructor(
    private readonly clock: Clock,
    private readonly database: ChangeNotices | null,
    opts: ReadCacheOptions,
  ) {
    this.maxEntries = opts.maxEntries ?? 2_000;
    this.ttlMs = opts.ttlMs ?? 5 * 60_000;
  }

  /** A cache fed by the database's change notices; resolves once listening. */
  static async listening(database: ChangeNotices, clock: Clock, opts: ReadCacheOptions = {}): Promise<ReadCache> {
    const cache = new ReadCache(clock, database, opts);
    cache.unlisten = await database.listen(
      CHANGES_CHANNEL,
      (payload) => cache.onNotice(payload),
      (live) => cache.onState(live),
    );
    return cache;
  }

  /** A cache that keeps nothing (READ_CACHE=off): every read loads, reads at once share their load. */
  static off(clock: Clock): ReadCache {
    return new ReadCache(clock, null, {});
  }

  /**
   * The kept value of `key`, else `load()`'s — kept unless a notice about `tags` came in meanwhile,
   * and unless it is null (what is not there is looked up again).
   */
  async get<T>(key: string, tags: readonly ReadTag[], load: () => Promise<T>): Promise<T> {
    const now = this.clock.now().getTime();
    const hit = this.live ? this.entries.get(key) : undefined;
    if (hit && now - hit.at < this.ttlMs && now >= hit.at) {
      // Most recently used last: the Map's order is the eviction order.
      this.entries.delete(key);
      this.entries.set(key, hit);
      metrics.readCache.inc({ result: 'hit' });
      return hit.value as T;
    }
    metrics.readCache.inc({ result: 'miss' });
    if (hit) this.drop(key);
    // Requests that miss at once share one load — kept or not (READ_CACHE=off, listener down): a burst
    // of one member's reads costs one computation, not one each. A write of theirs marks it stale
    // (forget), so a read that comes after it never shares a load begun before (another instance's
    // write: once its notice arrives; with no listener, a load's few milliseconds at most).
    const pending = this.loading.get(key);
    if (pending && !pending.stale) return pending.promise as Promise<T>;
    const loading: Loading = { promise: load(), tags, stale: false };
    this.loading.set(key, loading);
    try {
      const value = await loading.promise;
      if (!loading.stale && this.live && value !== null) this.keep(key, { value, at: now, tags });
      return value as T;
    } finally {
      if (this.loading.get(key) === loading) this.loading.delete(key);
    }
  }

  /** Drops what depends on these tags here and now (this instance's own writes). */
  forget(...tags: ReadTag[]): void {
    for (const tag of tags) {
      for (const key of this.byTag.get(tag) ?? []) this.drop(key);
      for (const loading of this.loading.values()) if (loading.tags.includes(tag)) loading.stale = true;
    }
  }

  /** Drops everything. */
  clear(): void {
    this.entries.clear();
    this.byTag.clear();
    for (const loading of this.loading.values()) loading.stale = true;
  }

  /**
   * Resolves once every notice of a change committed before the call has been applied here (tests
   * that write straight into the database, then read through the app).
   */
  async sync(): Promise<void> {
    if (!this.live || !this.database) return;
    const id = `sync:${randomUUID()}`;
    const applied = new Promise<void>((resolve) => this.syncs.set(id, resolve));
    await this.database.db.execute(sql`select pg_notify(${CHANGES_CHANNEL}, ${id})`);
    await Promise.race([applied, new Promise((resolve) => setTimeout(resolve, 5_000).unref())]);
    this.syncs.delete(id);
  }

  /** Entries kept (tests). */
  get size(): number {
    return this.entries.size;
  }

  get isLive(): boolean {
    return this.live;
  }

  async close(): Promise<void> {
    this.live = false;
    this.clear();
    await this.unlisten?.();
    this.unlisten = null;
  }

  private onNotice(payload: string): void {
    if (payload === '*') return this.clear();
    if (payload.startsWith('sync:')) return this.syncs.get(payload)?.();
    const [prefix, ids] = [payload.slice(0, 1), payload.slice(2)];
    if (payload[1] !== ':' || !['m', 't', 's'].includes(prefix)) return this.clear();
    this.forget(...ids.split(',').map((id) => `${prefix}:${id}` as ReadTag));
  }

  private onState(live: boolean): void {
    // Notices may have been missed while the listener was down: nothing kept from before is trusted.
    this.clear();
    this.live = live;
    if (!live) for (const resolve of this.syncs.values()) resolve();
  }

  private keep(key: string, entry: Entry): void {
    this.drop(key);
    this.entries.set(key, entry);
    for (const tag of entry.tags) {
      let keys = this.byTag.get(tag);
      if (!keys) this.byTag.set(tag, (keys = new Set()));
      keys.add(key);
    }
    while (this.entries.size > this.maxEntries) this.drop(this.entries.keys().next().value!);
  }

  private drop(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    for (const tag of entry.tags) {
      const keys = this.byTag.get(tag);
      keys?.delete(key);
      if (keys?.size === 0) this.byTag.delete(tag);
    }
  }
}
