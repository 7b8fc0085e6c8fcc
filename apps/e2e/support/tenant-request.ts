import http from 'node:http';
import { TENANT_HOSTS, type ServerInfo, type TenantKey } from './server-instance';

export type TenantResponse = { status: number; headers: http.IncomingHttpHeaders; body: string; json<T = unknown>(): T };

/**
 * An HTTP call from Node to a server instance as seen from a tenant's host name. Node, unlike Chromium,
 * does not resolve *.localhost, so this connects to 127.0.0.1 and sends the tenant's Host header (the
 * server resolves the tenant from it). For calls with the browser's cookies, use page.evaluate(fetch).
 */
export function tenantRequest(
  server: Pick<ServerInfo, 'port'>,
  tenant: TenantKey,
  pathname: string,
  init: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<TenantResponse> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port: server.port,
        path: pathname,
        method: init.method ?? 'GET',
        headers: { host: `${TENANT_HOSTS[tenant]}:${server.port}`, ...init.headers },
        timeout: 15_000,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const body = Buffer.concat(chunks).toString('utf8');
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body, json: <T>() => JSON.parse(body) as T });
        });
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error(`${pathname}: no answer within 15 s`)));
    req.on('error', reject);
    req.end(init.body);
  });
}
