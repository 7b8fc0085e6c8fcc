import { XSRF_COOKIE, XSRF_HEADER } from '@mutua/contracts/platform';
import { Writable } from 'node:stream';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import type { DestinationStream } from 'pino';
import { buildApp } from '../../src/app';
import { loadConfig, type Config } from '../../src/config';
import type { Database } from '../../src/db/client';
import { systemClock, type Clock } from '../../src/lib/clock';
import type { AppModule } from '../../src/core/module';
import { freshDatabase, testMasterKeyFile } from './database';

/** A clock the test moves by hand (code expiry, blocks, session timeouts). */
export class ManualClock implements Clock {
  private t: number;
  constructor(start: Date = new Date()) {
    this.t = start.getTime();
  }
  now = () => new Date(this.t);
  advance(ms: number): void {
    this.t += ms;
  }
}

export type TestApp = { app: FastifyInstance; database: Database; config: Config; clock: Clock; operatorToken: string; close(): Promise<void> };
/** The app of `createTestApp({ clock: 'manual' })`: its clock moves only when the test advances it. */
export type ClockedTestApp = TestApp & { clock: ManualClock };

export type TestAppOptions = {
  /** Environment on top of the test defaults (NODE_ENV=test, silent log, no built SPA). */
  env?: Record<string, string>;
  /**
   * The app's time source: the system clock by default; 'manual' for a ManualClock starting at `start`
   * (now by default) that the test moves (code expiry, blocks, session timeouts, deadlines); or a clock of its own.
   */
  clock?: Clock | 'manual';
  /** Where a manual clock starts. */
  start?: Date;
  /** Captures the log (at trace level); see captureLog. */
  logStream?: DestinationStream;
  /** Another module list (a test module beside the real ones). */
  modules?: readonly AppModule[];
};

export const OPERATOR_TOKEN = 'test-operator-token';

/** A test's configuration: quiet, a fixed session secret, no web build; `env` adds or overrides. */
export function testConfig(env: Record<string, string | undefined>): Config {
  return loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    SESSION_SECRET: 'test-session-secret-0123456789abcdef-0123456789',
    WEB_DIST: '/nonexistent',
    ...env,
  });
}

/** The real app on a fresh copy of the seeded test database; call close() in afterAll. */
export async function createTestApp(opts: TestAppOptions & { clock: 'manual' }): Promise<ClockedTestApp>;
export async function createTestApp(opts?: TestAppOptions): Promise<TestApp>;
export async function createTestApp(opts: TestAppOptions = {}): Promise<TestApp> {
  const { database, drop } = await freshDatabase();
  const config = testConfig({
    LOG_LEVEL: opts.logStream ? 'trace' : 'silent',
    DATA_DIR: '/tmp/mutua-test-data',
    MASTER_KEY_FILE: testMasterKeyFile(),
    // Tests write rows straight into the database, then read through the app: on a server, the change
    // notice of such a write reaches the app a moment later. The read-cache tests turn it on and sync.
    READ_CACHE: process.env.TEST_READ_CACHE ?? 'off',
    // A loaded test machine lags: no shedding, except where a test asks for it (overload.test.ts).
    OVERLOAD_POOL_WAIT_MS: '0',
    OVERLOAD_EVENT_LOOP_DELAY_MS: '0',
    ...opts.env,
  });
  const clock = opts.clock === 'manual' ? new ManualClock(opts.start) : (opts.clock ?? systemClock);
  const app = await buildApp({ config, database, operatorToken: OPERATOR_TOKEN, clock, logStream: opts.logStream, modules: opts.modules });
  await app.ready();
  return {
    app,
    database,
    config,
    clock,
    operatorToken: OPERATOR_TOKEN,
    close: async () => {
      await app.close();
      await drop();
    },
  };
}

/** A log stream that keeps every line, for tests that check what is (not) logged. */
export function captureLog(): { stream: DestinationStream; lines: string[] } {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _enc, done) {
      lines.push(String(chunk));
      done();
    },
  });
  return { stream, lines };
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * A browser-like client: keeps its cookies, calls /api/init first to get the anti-forgery token, and
 * echoes it on unsafe methods, as the SPA does. One client = one browser.
 */
export class TestClient {
  readonly cookies = new Map<string, string>();
  constructor(
    private readonly app: FastifyInstance,
    readonly host = 'localhost',
  ) {}

  static async start(app: FastifyInstance, host = 'localhost'): Promise<TestClient> {
    const client = new TestClient(app, host);
    const init = await client.get('/api/init');
    if (init.statusCode !== 200) throw new Error(`init answered ${init.statusCode}: ${init.body}`);
    return client;
  }

  get xsrfToken(): string | undefined {
    return this.cookies.get(XSRF_COOKIE);
  }

  get = (url: string, opts: Partial<InjectOptions> = {}) => this.request('GET', url, undefined, opts);
  post = (url: string, body?: unknown, opts: Partial<InjectOptions> = {}) => this.request('POST', url, body, opts);
  put = (url: string, body?: unknown, opts: Partial<InjectOptions> = {}) => this.request('PUT', url, body, opts);
  patch = (url: string, body?: unknown, opts: Partial<InjectOptions> = {}) => this.request('PATCH', url, body, opts);
  delete = (url: string, opts: Partial<InjectOptions> = {}) => this.request('DELETE', url, undefined, opts);

  async request(method: Method, url: string, body?: unknown, opts: Partial<InjectOptions> = {}): Promise<LightMyRequestResponse> {
    const headers: Record<string, string> = { host: this.host, ...(opts.headers as Record<string, string>) };
    const token = this.xsrfToken;
    if (method !== 'GET' && token && !(XSRF_HEADER in headers)) headers[XSRF_HEADER] = token;
    if (this.cookies.size) headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const response = await this.app.inject({ ...opts, method, url, headers, ...(body === undefined ? {} : { payload: body as InjectOptions['payload'] }) });
    for (const c of response.cookies) {
      const expired = c.maxAge === 0 || (c.expires instanceof Date && c.expires.getTime() <= Date.now()) || c.value === '';
      if (expired) this.cookies.delete(c.name);
      else this.cookies.set(c.name, c.value);
    }
    return response;
  }
}
