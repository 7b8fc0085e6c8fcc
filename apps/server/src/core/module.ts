import type { GlobalDetailsKey, TGlobalDetails, TInsured } from '@mutua/contracts/global-details';
import type { FastifyBaseLogger } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Config } from '../config';
import type { Database, Db } from '../db/client';
import type { Tenant } from '../db/schema';
import type { SeedStep } from '../db/seed/seed-step';
import type { JobQueue } from '../jobs/job-queue';
import type { Clock } from '../lib/clock';
import type { ReadCache } from '../lib/read-cache';
import type { AuditLog } from './audit-log';
import type { Counters } from './counters';
import type { DataMap } from './data-map';
import type { Notifier } from './notifier';
import type { ActiveSession, SessionStore } from './session-store';
import type { TenantDirectory } from './tenant-directory';

/** A table whose rows a module guards: the 404-and-audit answer (http/deny-access.ts) looks the id up in it. */
export type GuardedTable = PgTable & { id: PgColumn };

/**
 * The services app.ts builds once and hands to every module's routes plugin (a plugin declares the
 * subset it reads, e.g. `FastifyPluginAsyncZod<Pick<AppServices, 'db'>>`).
 */
export type AppServices = {
  config: Config;
  db: Db;
  clock: Clock;
  log: FastifyBaseLogger;
  audit: AuditLog;
  counters: Counters;
  sessions: SessionStore;
  notifier: Notifier;
  jobs: JobQueue;
  directory: TenantDirectory;
  /** Signed-in reads kept in memory until the database notices a change (lib/read-cache.ts). */
  readCache: ReadCache;
  /** config.SESSION_SECRET: keys code hashes and anti-forgery tokens. */
  secret: string;
  /** config.PUBLIC_URL: base of e-mailed links. */
  publicUrl: string | undefined;
  /** How mail and SMS leave (smtp, outbox, disabled…), shown by the debug outbox. */
  outboxModes: { mail: string; sms: string };
  /** Every field of the global details with its loader, composed from the modules (global-details.ts). */
  globalDetails: GlobalDetailsLoaders;
  /** Every table's place in « Télécharger mes données », composed from the modules (data-map.ts). */
  dataMap: DataMap;
  /**
   * Runs fn on one database connection (db/client.ts): a read of many statements — a global details'
   * miss — holds one connection, not one per statement.
   */
  withConnection: Database['withConnection'];
  /** Database ping of the heartbeat. */
  ping(): Promise<void>;
};

/**
 * What a global-details loader gets: the signed-in member's session and tenant, `once` to share
 * one query between loaders of the same request (e.g. requests feeding allRequests and lastRequests),
 * and `perTenant` for the tenant's reference data (the same for all its members: care catalogue, FAQ
 * headings, document types, contact channels), kept by the read cache until the tenant's change notice
 * (or, with READ_CACHE=off, shared by the requests of this instance for at most a second — the freshness
 * of the tenant itself, tenant-directory.ts). Never for a member's own data.
 */
export type MemberContext = {
  db: Db;
  clock: Clock;
  tenant: Tenant;
  session: ActiveSession;
  once<T>(key: string, load: () => Promise<T>): Promise<T>;
  perTenant<T>(key: string, load: () => Promise<T>): Promise<T>;
};

export type PartLoader<K extends GlobalDetailsKey> = (ctx: MemberContext) => Promise<TGlobalDetails[K]>;
/** The fields of the global details (GET /api/all-info) a module answers, one loader each. */
export type GlobalDetailsPart = { [K in GlobalDetailsKey]?: PartLoader<K> };
export type GlobalDetailsLoaders = { [K in GlobalDetailsKey]: PartLoader<K> };
/** The fields of the nested `insured` part a module answers (its card, its bank details…), one loader each. */
export type InsuredPart = { [K in keyof TInsured]?: (ctx: MemberContext) => Promise<TInsured[K]> };

/**
 * One module's manifest (`modules/<m>/index.ts`), found there by modules/index.ts: app.ts registers
 * its routes, the /all-info composer its loaders, the demo-data loop its seed steps, and the 404-and-
 * audit answer looks its guarded resources up.
 */
export type AppModule = {
  name: string;
  /** Registered under /api + prefix; `when` false leaves them out (e.g. developer tools in production). */
  routes?: { prefix?: string; plugin: FastifyPluginAsyncZod<AppServices>; when?: (config: Config) => boolean };
  globalDetails?: GlobalDetailsPart;
  /** Its fields of `insured`: the composer assembles that part from every manifest, so no module lists another's. */
  insured?: InsuredPart;
  /** Demo-data steps, run once each in the order of their names (`050-demo-faq`); a loaded step is never renamed. */
  seed?: readonly SeedStep[];
  /** The kinds of mail it sends (e.g. MFA_CODE): each has a sample in the mail accessibility test. */
  mailKinds?: readonly string[];
  /** The kinds of SMS it sends; the outbox command lists both for its --kind filter. */
  smsKinds?: readonly string[];
  /** Resources the module's routes refuse with `request.denyAccess(name, id)`, by name. */
  guards?: Readonly<Record<string, GuardedTable>>;
  /**
   * Its drizzle tables (`import * as tables from './schema'`), each created by a migration: the table
   * list (modules/tables.ts) composes them, so that a module's tables are declared in its own folder.
   */
  tables?: Readonly<Record<string, unknown>>;
  /** How the members' data export treats each of its tables (core/data-map.ts), by table name: every table is classified by its owner. */
  dataMap?: DataMap;
};

const MANIFEST = Symbol('mutua.module');

/** The manifest, typed where it is written and marked, so that the module list finds it among its folder's exports. */
export const defineModule = (module: AppModule): AppModule => Object.assign(module, { [MANIFEST]: true });

/** Whether an export of a module's index.ts is a manifest (defineModule's). */
export const isAppModule = (value: unknown): value is AppModule => typeof value === 'object' && value !== null && MANIFEST in value;
