import { existsSync } from 'node:fs';
import path from 'node:path';
import cookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { Database } from './db/client';
import { HealthProbe } from './modules/platform/health-probe';
import { platformRoutes } from './modules/platform/routes';
import { opsRoutes } from './modules/ops/routes';
import { TenantDirectory } from './modules/tenants/tenant-directory';
import { csrfPlugin } from './plugins/csrf';
import { errorHandlerPlugin } from './plugins/error-handler';
import { securityHeadersPlugin } from './plugins/security-headers';
import { tenantPlugin } from './plugins/tenant';

export type AppDeps = { config: Config; database: Database; operatorToken: string };

/** Builds the server: external plugins → app plugins → routes → the SPA. Listening is main's job. */
export async function buildApp({ config, database, operatorToken }: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: {
      level: config.LOG_LEVEL,
      // Never log what could open an account: cookies, tokens, and query strings (reset tokens).
      redact: ['req.headers.cookie', 'req.headers.authorization', 'req.headers["x-xsrf-token"]'],
      serializers: { req: (req) => ({ method: req.method, url: req.url.split('?')[0], host: req.headers.host }) },
    },
    bodyLimit: 1_048_576,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const directory = new TenantDirectory(database.db);
  await app.register(cookie);
  await app.register(securityHeadersPlugin, { https: config.secureCookies });
  await app.register(errorHandlerPlugin);
  await app.register(tenantPlugin, { directory });
  await app.register(csrfPlugin, { secret: config.SESSION_SECRET, secureCookies: config.secureCookies, bindingOf: () => 'anonymous' });

  await app.register(
    async (api) => {
      await api.register(platformRoutes, { health: new HealthProbe(database.ping), debugTools: config.debugTools });
      await api.register(opsRoutes, { prefix: '/ops', db: database.db, directory, operatorToken });
    },
    { prefix: '/api' },
  );

  await serveWebApp(app, config.WEB_DIST);
  return app;
}

/** The built SPA: hashed assets cached for good, every other GET outside /api gets index.html. */
async function serveWebApp(app: FastifyInstance, dist: string) {
  const hasDist = existsSync(path.join(dist, 'index.html'));
  if (hasDist) {
    await app.register(fastifyStatic, {
      root: dist,
      wildcard: false,
      setHeaders: (res, filePath) => {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    if (hasDist && request.method === 'GET' && !request.url.startsWith('/api/')) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return reply.status(404).send({ error: { code: 'NOT_FOUND', message: 'Élément introuvable.' } });
  });
}
