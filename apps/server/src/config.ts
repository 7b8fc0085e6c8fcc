import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { readOrCreateKeyFile } from './lib/master-keys';

/**
 * Repository root — the nearest folder above this module holding package-lock.json: defaults (data
 * dir, built web app) are found from here whatever the cwd, from the sources (src/config.ts) as from
 * the build (dist/main.js).
 */
export const REPO_ROOT = findRoot(path.dirname(fileURLToPath(import.meta.url)));

function findRoot(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, 'package-lock.json'))) return dir;
    if (path.dirname(dir) === dir) return path.resolve(from, '../../..');
  }
}

const ZEnv = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  PORT: z.coerce.number().int().min(1).max(65535).default(8080),
  HOST: z.string().min(1).default('0.0.0.0'),
  /**
   * The operations port (http/ops-server.ts): /metrics for Prometheus, /healthz and /readyz for a load
   * balancer. 0: none (tests, and a second instance on one machine unless given its own port).
   */
  METRICS_PORT: z.coerce.number().int().min(0).max(65535).default(9464),
  /** Loopback by default: metrics tell load and failures to whoever reads them; open it to the scraper's network only. */
  METRICS_HOST: z.string().min(1).default('127.0.0.1'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\/.+/, 'must be a postgres:// or postgresql:// URL')
    .optional(),
  /**
   * Connections this instance keeps to PostgreSQL (DATABASE_URL only). A few per core of the database
   * server is enough: more only queue inside PostgreSQL. N instances open up to N × this (see docs/deploy.md).
   */
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  /** How long a statement waits for a free pool connection before it fails — answered 503 OVERLOADED, never 500 (ms). */
  DATABASE_POOL_WAIT_MS: z.coerce.number().int().min(100).max(60_000).default(3_000),
  /**
   * Overload shedding (lib/overload.ts): API requests are answered 503 OVERLOADED with Retry-After,
   * before any work, while a statement has waited this long for a database connection (ms; 0: never)…
   */
  OVERLOAD_POOL_WAIT_MS: z.coerce.number().int().min(0).max(60_000).default(500),
  /** …or while the event loop was this late within the last second (ms; 0: never). */
  OVERLOAD_EVENT_LOOP_DELAY_MS: z.coerce.number().int().min(0).max(60_000).default(1_000),
  /** The Retry-After of a shed request (s). */
  OVERLOAD_RETRY_AFTER_S: z.coerce.number().int().min(1).max(120).default(2),
  /**
   * Signed-in reads (sessions, global details, first page of refunds) kept in memory and dropped on the
   * database's change notices (lib/read-cache.ts). `off` reads the database every time — also what a
   * connection through a transaction-pooling proxy needs, where LISTEN cannot work (docs/deploy.md).
   */
  READ_CACHE: z.enum(['on', 'off']).default('on'),
  /**
   * What one client may hold (plugins/client-limits.ts, app.ts): the time to send a request's headers,
   * the whole request (body included), an idle kept-alive connection, a connection silent either way (ms)…
   */
  HTTP_HEADERS_TIMEOUT_MS: z.coerce.number().int().min(1_000).max(600_000).default(10_000),
  HTTP_REQUEST_TIMEOUT_MS: z.coerce.number().int().min(1_000).max(3_600_000).default(120_000),
  HTTP_KEEP_ALIVE_TIMEOUT_MS: z.coerce.number().int().min(1_000).max(600_000).default(10_000),
  HTTP_IDLE_TIMEOUT_MS: z.coerce.number().int().min(1_000).max(3_600_000).default(120_000),
  /** …and the connections open per client address (behind a proxy: its requests under way); 0: no cap. */
  MAX_CONNECTIONS_PER_ADDRESS: z.coerce.number().int().min(0).max(100_000).default(64),
  DATA_DIR: z.string().min(1).default(path.join(REPO_ROOT, '.data')),
  PUBLIC_URL: z.url().optional(),
  SESSION_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  /**
   * The master keys wrapping each tenant's data key (lib/master-keys.ts, docs/deploy.md): a file of
   * `<id> <base64 key>` lines, readable by the server only, kept apart from the database and its
   * backups. Unset outside production: generated once in DATA_DIR/master-keys. Required in production.
   */
  MASTER_KEY_FILE: z.string().min(1).optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\/.+/, 'must be an smtp:// or smtps:// URL')
    .optional(),
  MAIL_FROM: z.string().min(3).default('Mutua <no-reply@mutua.localhost>'),
  /**
   * HTTP SMS provider: https://<token>@host/path — a JSON POST with the token as bearer (see README).
   * Plain http only on loopback (local test receivers). Unset: SMS go to the dev outbox, or nowhere in production.
   */
  SMS_URL: z
    .url()
    .refine((v) => {
      const u = new URL(v);
      const loopback = ['127.0.0.1', 'localhost', '[::1]'].includes(u.hostname);
      return (u.protocol === 'https:' || (u.protocol === 'http:' && loopback)) && (u.username !== '' || u.password !== '');
    }, 'must be an https:// URL with the API token as user name (https://TOKEN@sms.example/v1/messages)')
    .optional(),
  /** Sender shown on the member's phone: 3 to 11 letters or digits (alphanumeric sender id). */
  SMS_SENDER: z
    .string()
    .regex(/^[A-Za-z0-9]{3,11}$/, 'must be 3 to 11 letters or digits')
    .default('Mutua'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** 'pretty': one short coloured line per event; 'json': one JSON object per line. Unset: pretty on a terminal outside production. */
  LOG_FORMAT: z.enum(['pretty', 'json']).optional(),
  /**
   * Behind a load balancer: 'true' (trust every hop), a hop count, or a comma-separated list of proxy
   * addresses/CIDRs. Unset: the socket address is the client (IP blocking counts per real client only
   * when this is right).
   */
  TRUST_PROXY: z.string().optional(),
  /** Load the demo tenants and members once (default: on, except in production). */
  DEMO_DATA: z.enum(['true', 'false']).optional(),
  /** Host names of the back office (staff origin), comma-separated; never a tenant's host. */
  BACKOFFICE_HOSTS: z
    .string()
    .regex(/^[a-z0-9.-]+(,[a-z0-9.-]+)*$/i, 'must be host names separated by commas')
    .default('gestion.localhost'),
  /** Built back-office SPA served on BACKOFFICE_HOSTS. */
  BACKOFFICE_DIST: z.string().default(path.join(REPO_ROOT, 'apps/backoffice/dist')),
  /**
   * Apple Wallet pass of the third-party-payment card (docs/deploy.md): the pass type certificate and
   * its key (PEM files), Apple's WWDR intermediate (PEM file). Unset outside production: a self-signed
   * signer and a fake WWDR are generated at startup (a structurally valid pass that no iPhone accepts);
   * unset in production: no wallet pass.
   */
  WALLET_PASS_TYPE_ID: z
    .string()
    .regex(/^pass\.[A-Za-z0-9.-]+$/, 'must look like pass.fr.example.card')
    .default('pass.fr.mutua.tpcard'),
  WALLET_TEAM_ID: z
    .string()
    .regex(/^[A-Z0-9]{10}$/, 'must be the 10-character Apple team id')
    .default('MUTUADEV00'),
  WALLET_SIGNER_CERT_FILE: z.string().optional(),
  WALLET_SIGNER_KEY_FILE: z.string().optional(),
  WALLET_SIGNER_KEY_PASSPHRASE: z.string().optional(),
  WALLET_WWDR_CERT_FILE: z.string().optional(),
  /** APNs host for pass update pushes (the pass certificate authenticates); unset: pushes recorded in memory (development, tests). */
  WALLET_APNS_HOST: z.url().optional(),
  /** How often pass changes are pushed to registered devices (ms). */
  WALLET_PUSH_INTERVAL_MS: z.coerce.number().int().min(200).max(3_600_000).default(5_000),
  /** Built SPA to serve; absent in API-only development mode. */
  WEB_DIST: z.string().default(path.join(REPO_ROOT, 'apps/web/dist')),
  /**
   * The login page's template (http/login-page.ts): the build's WEB_DIST/login.html by default;
   * `npm run dev` points it at the source apps/web/login.html, whose script Vite serves.
   */
  LOGIN_TEMPLATE: z.string().optional(),
  /**
   * The SPA's server render (apps/web/src/entry-server.tsx, built to apps/web/dist-ssr): home is sent
   * painted. Absent (an API-only or older build): every page is rendered in the browser.
   */
  WEB_SSR: z.string().default(path.join(REPO_ROOT, 'apps/web/dist-ssr/entry-server.js')),
  /** Pages painted at once per instance (http/app-page.ts); past it the browser renders them. 0: never painted. */
  PAINTING_LIMIT: z.coerce.number().int().min(0).max(64).default(4),
  /** The event loop delay (ms, 90th percentile over half a second) above which an instance stops painting pages. */
  PAINTING_MAX_DELAY_MS: z.coerce.number().int().min(1).default(40),
});

export type Config = Omit<z.infer<typeof ZEnv>, 'SESSION_SECRET' | 'DEMO_DATA' | 'TRUST_PROXY' | 'LOG_FORMAT' | 'BACKOFFICE_HOSTS' | 'MASTER_KEY_FILE'> & {
  /** MASTER_KEY_FILE, or the one generated in the data dir outside production. */
  masterKeyFile: string;
  /** BACKOFFICE_HOSTS as a list. */
  backofficeHosts: string[];
  /** Human log lines (pino-pretty) rather than JSON. */
  prettyLog: boolean;
  trustProxy: boolean | string[] | ((address: string, hop: number) => boolean);
  SESSION_SECRET: string;
  demoData: boolean;
  /** Developer tools (dev outbox, /debug details): never in production. */
  debugTools: boolean;
  /** Whether cookies get the Secure flag and responses HSTS: true when PUBLIC_URL is https. */
  secureCookies: boolean;
};

export class ConfigError extends Error {}

/** Empty strings count as unset, as in most deployment tools. */
function withoutEmpty(env: NodeJS.ProcessEnv): Record<string, string> {
  return Object.fromEntries(Object.entries(env).filter((e): e is [string, string] => !!e[1]));
}

/**
 * Reads the environment once. A wrong value throws a ConfigError whose message is one line naming
 * the variable. SESSION_SECRET is generated into the data dir outside production.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = ZEnv.safeParse(withoutEmpty(env));
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new ConfigError(`Invalid configuration: ${issue.path.join('.')} ${issue.message}`);
  }
  const cfg = parsed.data;
  // npm runs workspace scripts in the workspace folder; relative paths mean the caller's folder.
  const dataDir = path.resolve(env.INIT_CWD ?? process.cwd(), cfg.DATA_DIR);
  let secret = cfg.SESSION_SECRET;
  if (!secret) {
    if (cfg.NODE_ENV === 'production') throw new ConfigError('Invalid configuration: SESSION_SECRET is required in production');
    secret = readOrCreateSecret(dataDir);
  }
  // Health data must never be encrypted under a key that sits beside it in a production data dir.
  if (!cfg.MASTER_KEY_FILE && cfg.NODE_ENV === 'production') throw new ConfigError('Invalid configuration: MASTER_KEY_FILE is required in production');
  const masterKeyFile = cfg.MASTER_KEY_FILE ? path.resolve(env.INIT_CWD ?? process.cwd(), cfg.MASTER_KEY_FILE) : readOrCreateKeyFile(dataDir);
  if (!existsSync(masterKeyFile)) throw new ConfigError(`Invalid configuration: MASTER_KEY_FILE ${masterKeyFile} does not exist`);
  return {
    ...cfg,
    DATA_DIR: dataDir,
    SESSION_SECRET: secret,
    masterKeyFile,
    backofficeHosts: cfg.BACKOFFICE_HOSTS.toLowerCase().split(','),
    trustProxy: parseTrustProxy(cfg.TRUST_PROXY),
    demoData: cfg.DEMO_DATA ? cfg.DEMO_DATA === 'true' : cfg.NODE_ENV !== 'production',
    debugTools: cfg.NODE_ENV !== 'production',
    prettyLog: cfg.LOG_FORMAT ? cfg.LOG_FORMAT === 'pretty' : cfg.NODE_ENV !== 'production' && process.stdout.isTTY === true,
    secureCookies: cfg.PUBLIC_URL?.startsWith('https://') ?? false,
  };
}

function parseTrustProxy(value: string | undefined): Config['trustProxy'] {
  if (!value || value === 'false') return false;
  if (value === 'true') return true;
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    return (_address, hop) => hop < hops;
  }
  return value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

function readOrCreateSecret(dataDir: string): string {
  const file = path.join(dataDir, 'session-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
