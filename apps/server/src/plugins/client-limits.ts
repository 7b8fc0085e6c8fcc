import type { Socket } from 'node:net';
import { ERRORS } from '@mutua/contracts/errors';
import { UPLOAD_MAX_TOTAL_BYTES } from '@mutua/contracts/uploads';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** What a multipart form may add to its files: text fields (10 × 16 KB at most) and part headers. */
const MULTIPART_OVERHEAD_BYTES = 512 * 1024;
/** The largest multipart body any route reads (http/multipart.ts): the files' total plus the overhead. */
export const MULTIPART_MAX_BYTES = UPLOAD_MAX_TOTAL_BYTES + MULTIPART_OVERHEAD_BYTES;

export type ClientLimitsOptions = {
  /** Open connections (socket level) or requests under way (behind a proxy) per client address; 0: no cap. */
  maxPerAddress: number;
  /** Behind a proxy every socket is the proxy's: the cap then counts requests per forwarded client address. */
  behindProxy: boolean;
};

/**
 * What one client may hold of what every member needs (the timeouts are the server's, set in app.ts):
 *
 * - a multipart upload is judged by its Content-Length before a byte of it is read: over the limit it is
 *   answered 413 and the connection closed, instead of reading 100 MB to refuse them; without a length
 *   (chunked), 411 — every browser sends one for a form;
 * - connections per address are capped: past the cap a new one is closed at once. Behind a proxy
 *   (TRUST_PROXY), sockets are the proxy's, so the cap counts the requests under way per client address
 *   (X-Forwarded-For, as far as it is trusted) and answers 429 past it.
 */
export const clientLimitsPlugin = fp(async (app: FastifyInstance, opts: ClientLimitsOptions) => {
  app.addHook('onRequest', async (request, reply) => {
    if (!/^multipart\/form-data/i.test(request.headers['content-type'] ?? '')) return;
    const length = request.headers['content-length'];
    if (length === undefined) {
      reply.header('connection', 'close');
      return reply.code(411).send({ error: { code: 'VALIDATION_FAILED', message: ERRORS.VALIDATION_FAILED.message } });
    }
    if (Number(length) > MULTIPART_MAX_BYTES) {
      // Closed after the answer: the rest of the body is never read.
      reply.header('connection', 'close');
      return reply.code(413).send({ error: { code: 'UPLOAD_TOTAL_TOO_LARGE', message: ERRORS.UPLOAD_TOTAL_TOO_LARGE.message } });
    }
  });

  if (!opts.maxPerAddress) return;
  const max = opts.maxPerAddress;
  const open = new Map<string, number>();
  const count = (address: string, delta: 1 | -1) => {
    const n = (open.get(address) ?? 0) + delta;
    if (n > 0) open.set(address, n);
    else open.delete(address);
    return n;
  };

  if (!opts.behindProxy) {
    app.server.on('connection', (socket: Socket) => {
      const address = socket.remoteAddress;
      if (!address) return;
      if (count(address, 1) > max) {
        count(address, -1);
        socket.destroy();
        return;
      }
      socket.once('close', () => count(address, -1));
    });
    return;
  }

  const counted = new WeakSet<object>();
  app.addHook('onRequest', async (request, reply) => {
    if (count(request.ip, 1) > max) {
      count(request.ip, -1);
      return reply.code(429).send({ error: { code: 'RATE_LIMITED', message: ERRORS.RATE_LIMITED.message } });
    }
    counted.add(request);
  });
  const done = async (request: { ip: string }) => {
    if (counted.delete(request)) count(request.ip, -1);
  };
  app.addHook('onResponse', done);
  app.addHook('onRequestAbort', done);
});
