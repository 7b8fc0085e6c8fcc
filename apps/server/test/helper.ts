import { XSRF_COOKIE, XSRF_HEADER } from '@mutua/contracts';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../src/app';
import { loadConfig, type Config } from '../src/config';
import type { Database } from '../src/db/client';
import { freshDatabase } from './database';

export type TestApp = { app: FastifyInstance; database: Database; config: Config; operatorToken: string; close(): Promise<void> };

export const OPERATOR_TOKEN = 'test-operator-token';

/** The real app on a fresh copy of the seeded test database; call close() in afterAll. */
export async function createTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const { database, drop } = await freshDatabase();
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    SESSION_SECRET: 'test-session-secret-0123456789abcdef-0123456789',
    DATA_DIR: '/tmp/mutua-test-data',
    WEB_DIST: '/nonexistent',
    ...env,
  });
  const app = await buildApp({ config, database, operatorToken: OPERATOR_TOKEN });
  await app.ready();
  return {
    app,
    database,
    config,
    operatorToken: OPERATOR_TOKEN,
    close: async () => {
      await app.close();
      await drop();
    },
  };
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
