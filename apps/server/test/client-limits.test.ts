import { connect, type Socket } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/test-app';

let t: TestApp;
let port: number;
beforeAll(async () => {
  t = await createTestApp({ env: { HTTP_HEADERS_TIMEOUT_MS: '1000', MAX_CONNECTIONS_PER_ADDRESS: '4' } });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as { port: number }).port;
});
afterAll(() => t.close());

/** A raw connection: what it received, and whether (and when) the server closed it. */
async function open(): Promise<{ socket: Socket; received: () => string; closed: Promise<number> }> {
  const socket = connect(port, '127.0.0.1');
  const chunks: Buffer[] = [];
  socket.on('data', (chunk: Buffer) => chunks.push(chunk));
  socket.on('error', () => {});
  const started = performance.now();
  const closed = new Promise<number>((resolve) => socket.once('close', () => resolve(performance.now() - started)));
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('error', reject);
  });
  return { socket, received: () => Buffer.concat(chunks).toString('utf8'), closed };
}

const within = <T>(promise: Promise<T>, ms: number) => Promise.race([promise, sleep(ms).then(() => 'still open' as const)]);

describe('bad clients cost nothing', () => {
  it('an upload over the size limit is refused from its Content-Length (413) before its body is sent', async () => {
    const c = await open();
    c.socket.write(
      'POST /api/requests/message HTTP/1.1\r\nHost: localhost\r\nContent-Type: multipart/form-data; boundary=x\r\n' +
        `Content-Length: ${100 * 1024 * 1024}\r\n\r\n--x\r\n`,
    );
    // Not one more byte sent: the answer comes anyway, and the server closes the connection.
    expect(await within(c.closed, 5_000)).not.toBe('still open');
    expect(c.received()).toMatch(/^HTTP\/1\.1 413 /);
    expect(c.received()).toContain('"code":"UPLOAD_TOTAL_TOO_LARGE"');
    expect(c.received()).toContain('La taille totale des fichiers dépasse 20 Mo.');
  });

  it('a multipart upload without a length (chunked) is refused (411): its size could not be judged before reading', async () => {
    const c = await open();
    c.socket.write(
      'POST /api/requests/message HTTP/1.1\r\nHost: localhost\r\nContent-Type: multipart/form-data; boundary=x\r\nTransfer-Encoding: chunked\r\n\r\n5\r\n--x\r\n\r\n',
    );
    expect(await within(c.closed, 5_000)).not.toBe('still open');
    expect(c.received()).toMatch(/^HTTP\/1\.1 411 /);
  });

  it('a client that sends its headers slowly is cut off after HTTP_HEADERS_TIMEOUT_MS', async () => {
    const c = await open();
    c.socket.write('GET /api/heartbeat HTTP/1.1\r\nHost: localhost\r\n');
    // A header line now and then, never the end of the headers.
    const drip = setInterval(() => c.socket.writable && c.socket.write('X-Slow: 1\r\n'), 200);
    try {
      const closedAfter = await within(c.closed, 4_000);
      expect(closedAfter).not.toBe('still open');
      expect(closedAfter as number).toBeGreaterThanOrEqual(900);
    } finally {
      clearInterval(drip);
    }
  });

  it('caps the connections of one address: past MAX_CONNECTIONS_PER_ADDRESS a new one is closed at once', async () => {
    const kept = await Promise.all(Array.from({ length: 4 }, () => open()));
    const extra = await open();
    expect(await within(extra.closed, 2_000)).not.toBe('still open');
    for (const c of kept) expect(await within(c.closed, 100)).toBe('still open');
    // One leaves: another may come.
    kept[0]!.socket.destroy();
    await kept[0]!.closed;
    await sleep(50);
    const next = await open();
    next.socket.write('GET /api/heartbeat HTTP/1.1\r\nHost: localhost\r\n\r\n');
    await sleep(300);
    expect(next.received()).toMatch(/^HTTP\/1\.1 200 /);
    for (const c of [...kept, next]) c.socket.destroy();
  });
});

describe('behind a proxy (TRUST_PROXY): the cap counts requests under way per forwarded client address', () => {
  let proxied: TestApp;
  beforeAll(async () => {
    proxied = await createTestApp({ env: { TRUST_PROXY: 'true', MAX_CONNECTIONS_PER_ADDRESS: '1' } });
  });
  afterAll(() => proxied.close());

  it('a second request of one client while its first is under way is refused (429); another client is not', async () => {
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    // Every database connection held: the first request of 203.0.113.7 stays under way.
    const connections = proxied.database.kind === 'pglite' ? 1 : proxied.config.DATABASE_POOL_SIZE;
    const holders = Array.from({ length: connections }, () => proxied.database.db.transaction(async () => gate));
    await sleep(100);
    const ask = (ip: string) => proxied.app.inject({ url: '/api/legal-pages', headers: { host: 'localhost', 'x-forwarded-for': ip } });
    try {
      const first = ask('203.0.113.7');
      await sleep(100);
      const second = await ask('203.0.113.7');
      expect(second.statusCode).toBe(429);
      expect(second.json().error.code).toBe('RATE_LIMITED');
      const other = ask('198.51.100.2');
      open();
      expect((await first).statusCode).toBe(200);
      expect((await other).statusCode).toBe(200);
      // Its first answered, the client may ask again.
      expect((await ask('203.0.113.7')).statusCode).toBe(200);
    } finally {
      open();
      await Promise.all(holders);
    }
  });
});
