import { existsSync } from 'node:fs';
import path from 'node:path';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import Fastify, { LogController, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import type { DestinationStream } from 'pino';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, jsonSchemaTransformObject, serializerCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config';
import { appPage } from './http/app-page';
import { loginPage, type LoginPageDeps } from './http/login-page';
import { HealthProbe } from './core/health-probe';
import type { Database } from './db/client';
import { JobQueue } from './jobs/job-queue';
import { systemClock, type Clock } from './lib/clock';
import { ReadCache } from './lib/read-cache';
import { errorHandlerPlugin } from './http/error-handler';
import { OverloadGauge } from './lib/overload';
import { diskUsageOf } from './lib/disk-usage';
import { attachMetricSources } from './lib/metrics';
import type { Readiness } from './http/ops-server';
import { requestMetricsPlugin } from './plugins/request-metrics';
import { overloadPlugin } from './plugins/overload';
import { clientLimitsPlugin } from './plugins/client-limits';
import { denyAccessPlugin } from './http/deny-access';
import { validatorCompiler } from './http/validation';
import { logSafeError, safeError } from './lib/safe-error';
import { MODULES } from './modules';
import { AuditLog } from './modules/audit/public';
import { Counters, SessionStore, urlForLog, warmUpPasswords } from './modules/auth/public';
import { composeDataMap } from './core/data-map';
import { composeGlobalDetails } from './core/global-details';
import { createMailer } from './modules/mail/public';
import type { AppModule, AppServices, GuardedTable } from './core/module';
import { Notifier, createSmsSender } from './modules/notifications/public';
import { TenantDirectory } from './modules/tenants/public';
import { csrfPlugin } from './plugins/csrf';
import { rateLimitPlugin } from './plugins/rate-limit';
import { securityHeadersPlugin } from './plugins/security-headers';
import { sessionsPlugin } from './plugins/sessions';
import { staffPlugin } from './plugins/staff';
import { StaffSessionStore } from './core/staff-sessions';
import { tenantPlugin } from './plugins/tenant';

/** Development log: time, level and message on one line (pino-pretty runs in a worker thread). */
const PRETTY_LOG = { target: 'pino-pretty', options: { translateTime: 'HH:MM:ss', ignore: 'pid,hostname,reqId,req,res,responseTime', singleLine: true } };

export type AppDeps = {
  config: Config;
  database: Database;
  operatorToken: string;
  /** Time source of the sign-in rules (tests move it forward); the system clock by default. */
  clock?: Clock;
  /** Where the log goes (tests capture it); stdout by default. */
  logStream?: DestinationStream;
  /** The modules to plug in (tests may pass another list); all of them by default. */
  modules?: readonly AppModule[];
  /** The instance's readiness (/readyz on the metrics port): told of the database and the job queue. */
  readiness?: Readiness;
};

/** Builds the server: external plugins → app plugins → routes → the SPA. Listening is main's job. */
export async function buildApp({
  config,
  database,
  operatorToken,
  clock = systemClock,
  logStream,
  modules = MODULES,
  readiness,
}: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: {
      level: config.LOG_LEVEL,
      // Never log what could open an account: cookies, tokens, and query strings (reset tokens).
      // A field named like personal data is masked wherever a log call puts it (defence in depth: none should).
      redact: [
        'req.headers.cookie',
        'req.headers.authorization',
        'req.headers["x-xsrf-token"]',
        ...['email', 'password', 'iban', 'nir', 'phone', 'mobileNumber'].flatMap((k) => [k, `*.${k}`]),
      ],
      // Errors lose their message (SQL parameters, personal data) wherever they are logged.
      serializers: { req: (req) => ({ method: req.method, url: urlForLog(req.url), host: req.headers.host }), err: logSafeError },
      ...(logStream ? { stream: logStream } : config.prettyLog ? { transport: PRETTY_LOG } : {}),
    },
    // A pretty log gets one line per request (below) instead of fastify's two.
    ...(config.prettyLog && !logStream ? { logController: new LogController({ disableRequestLogging: true }) } : {}),
    bodyLimit: 1_048_576,
    trustProxy: config.trustProxy,
    // One client cannot hold a connection by sending slowly, nor keep idle ones for long.
    requestTimeout: config.HTTP_REQUEST_TIMEOUT_MS,
    keepAliveTimeout: config.HTTP_KEEP_ALIVE_TIMEOUT_MS,
    connectionTimeout: config.HTTP_IDLE_TIMEOUT_MS,
    http: {
      headersTimeout: Math.min(config.HTTP_HEADERS_TIMEOUT_MS, config.HTTP_REQUEST_TIMEOUT_MS),
      // How often Node checks those deadlines (its default, 30 s, would let a slow client stay 30 s more).
      connectionsCheckingInterval: Math.min(1_000, config.HTTP_HEADERS_TIMEOUT_MS),
    },
  }).withTypeProvider<ZodTypeProvider>();
  if (config.prettyLog && !logStream) {
    app.addHook('onResponse', async (request, reply) => {
      request.log.info(`${request.method} ${urlForLog(request.url)} → ${reply.statusCode} (${Math.round(reply.elapsedTime)} ms)`);
    });
  }
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const directory = new TenantDirectory(database.db);
  await app.register(cookie);
  await app.register(securityHeadersPlugin, { https: config.secureCookies });
  await app.register(errorHandlerPlugin, { retryAfterS: config.OVERLOAD_RETRY_AFTER_S });
  await app.register(requestMetricsPlugin);
  // First of the request hooks: a shed request reads no tenant, no session, no body.
  const overload = new OverloadGauge(database.pressure, {
    maxPoolWaitMs: config.OVERLOAD_POOL_WAIT_MS,
    maxEventLoopDelayMs: config.OVERLOAD_EVENT_LOOP_DELAY_MS,
  });
  await app.register(overloadPlugin, { gauge: overload, retryAfterS: config.OVERLOAD_RETRY_AFTER_S });
  await app.register(clientLimitsPlugin, { maxPerAddress: config.MAX_CONNECTIONS_PER_ADDRESS, behindProxy: config.trustProxy !== false });
  await app.register(tenantPlugin, { directory });
  // Anti-forgery tokens are bound to the session (a token of another session, or of before login, fails).
  await app.register(csrfPlugin, {
    secret: config.SESSION_SECRET,
    secureCookies: config.secureCookies,
    bindingOf: (request) =>
      request.staffSession
        ? `staff:${request.staffSession.id}`
        : request.session
          ? `session:${request.session.id}`
          : request.isStaffHost
            ? 'staff-anonymous'
            : 'anonymous',
  });
  const audit = new AuditLog(database.db, clock);
  const counters = new Counters(database.db, clock);
  // Listening before the first request: a read is only kept while its change notices can arrive.
  const readCache = config.READ_CACHE === 'on' ? await ReadCache.listening(database, clock) : ReadCache.off(clock);
  app.decorate('readCache', readCache);
  app.addHook('onClose', () => readCache.close());
  const sessions = new SessionStore(database.db, clock, readCache);
  const mailer = createMailer({ smtpUrl: config.SMTP_URL, debugTools: config.debugTools, db: database.db, clock });
  const sms = createSmsSender({ smsUrl: config.SMS_URL, sender: config.SMS_SENDER, debugTools: config.debugTools, db: database.db, clock });
  // Mail and SMS leave through a durable queue in PostgreSQL (pg-boss), started once the routes have defined their jobs.
  const jobs = new JobQueue(database, config.SESSION_SECRET, app.log);
  const notifier = new Notifier(mailer, sms, jobs, app.log);
  if (mailer.mode === 'disabled') app.log.warn('SMTP_URL is not set: no mail (codes, links) can be sent');
  if (sms.mode === 'disabled') app.log.warn('SMS_URL is not set: no SMS can be sent');
  await app.register(sessionsPlugin, { store: sessions, readCache, audit, secureCookies: config.secureCookies, operatorToken, debugTools: config.debugTools });
  await app.register(staffPlugin, { store: new StaffSessionStore(database.db, clock), hosts: config.backofficeHosts, secureCookies: config.secureCookies });
  await app.register(rateLimitPlugin, { counters, clock });
  app.addHook('onReady', () => jobs.start());
  // What /metrics reads at scrape time and what /readyz checks: this app's, until it closes.
  const embeddedDisk = database.kind === 'pglite' ? diskUsageOf(path.join(config.DATA_DIR, 'pgdata')) : async () => null;
  const detachMetrics = attachMetricSources({ pressure: database.pressure, queues: () => jobs.stats(), embeddedDisk });
  const detachReadiness = readiness?.attach({ ping: database.ping, jobsRunning: () => jobs.running });
  app.addHook('onClose', async () => {
    detachMetrics();
    detachReadiness?.();
  });
  app.addHook('onClose', async () => {
    await jobs.stop();
    notifier.close();
  });
  void warmUpPasswords();
  // Stale counters are dropped hourly by each instance; unref'd so the timer never keeps the process up.
  const purge = setInterval(() => {
    counters.purgeStale().catch((error: unknown) => app.log.warn({ err: safeError(error) }, 'rate-limit counter purge failed'));
  }, 3_600_000).unref();
  app.addHook('onClose', async () => clearInterval(purge));

  if (config.debugTools) {
    // The OpenAPI document, generated from the routes' zod schemas: /api/docs (UI) and /api/docs/json.
    await app.register(swagger, {
      openapi: { info: { title: 'Mutua API', version: '1.0.0' } },
      transform: jsonSchemaTransform,
      transformObject: jsonSchemaTransformObject,
    });
    await app.register(async (docs) => {
      docs.addHook('onRoute', (route) => {
        route.config = { ...route.config, access: 'debug' };
      });
      await docs.register(swaggerUi, { routePrefix: '/api/docs', uiConfig: { docExpansion: 'list' } });
    });
  }

  const services: AppServices = {
    config,
    db: database.db,
    clock,
    log: app.log,
    audit,
    counters,
    sessions,
    notifier,
    jobs,
    directory,
    readCache,
    secret: config.SESSION_SECRET,
    publicUrl: config.PUBLIC_URL,
    outboxModes: { mail: mailer.mode, sms: sms.mode },
    globalDetails: composeGlobalDetails(modules),
    dataMap: composeDataMap(modules),
    withConnection: database.withConnection,
    ping: database.ping,
  };
  const guarded = new Map<string, GuardedTable>(modules.flatMap((m) => Object.entries(m.guards ?? {})));
  await app.register(denyAccessPlugin, { db: database.db, audit, guarded });
  await app.register(
    async (api) => {
      // JSON answers above 1 KB leave compressed (brotli, else gzip); the SPA's files are compressed at build time.
      await api.register(compress, { threshold: 1024, encodings: ['br', 'gzip'] });
      for (const module of modules) {
        if (!module.routes || module.routes.when?.(config) === false) continue;
        await api.register(module.routes.plugin, { ...services, prefix: module.routes.prefix });
      }
    },
    { prefix: '/api' },
  );

  // The page waits on no queue: while a statement waits for a connection it goes without its answers.
  const saturated = () => database.pressure().waiting > 0 || overload.reason() !== null;
  await serveWebApp(app, config, { directory, sessions, health: new HealthProbe(database.ping), saturated });
  return app;
}

/**
 * The built SPAs: the member portal on tenant hosts, the back office on its own host names; hashed
 * assets cached for good, every other GET outside /api gets the app's index.html — the member portal's
 * with its start-up answers (http/app-page.ts) — but /login, the member portal's login page, rendered
 * with the tenant's brand (http/login-page.ts).
 */
async function serveWebApp(
  app: FastifyInstance,
  config: Config,
  services: Pick<LoginPageDeps, 'directory' | 'sessions' | 'health'> & { saturated: () => boolean },
) {
  const dist = config.WEB_DIST;
  const backoffice = { dist: config.BACKOFFICE_DIST, hosts: config.backofficeHosts };
  const hasDist = existsSync(path.join(dist, 'index.html'));
  const hasBackoffice = existsSync(path.join(backoffice.dist, 'index.html'));
  const staffHost = new RegExp(`^(${backoffice.hosts.map((h) => h.replace(/[.]/g, '\\.')).join('|')})(:\\d+)?$`, 'i');
  // The SPA and its assets are public; every /api route declares its own access level.
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/')) route.config = { ...route.config, access: route.config?.access ?? 'public' };
  });
  const setHeaders = (res: { header(name: string, value: string): unknown }, filePath: string) => {
    const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
    res.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
  };
  if (hasBackoffice) {
    // Registered first: its routes are constrained to the staff host names, the member portal's are not.
    await app.register(fastifyStatic, { root: backoffice.dist, wildcard: false, preCompressed: true, constraints: { host: staffHost }, setHeaders });
  }
  if (hasDist) {
    await app.register(fastifyStatic, {
      decorateReply: !hasBackoffice,
      root: dist,
      wildcard: false,
      // The build writes .br and .gz beside each text file (apps/web/vite.config.ts): the variant the
      // browser accepts is sent as is (with Vary: Accept-Encoding), nothing is compressed per request.
      preCompressed: true,
      setHeaders,
      // The pages' templates: served filled (the SPA's with its start-up answers, the login page with
      // the brand), never as they are; `/` is a route of the SPA like any other.
      index: false,
      allowedPath: (pathName) => pathName !== '/login.html' && pathName !== '/index.html',
    });
  }
  const isStaffHost = (request: FastifyRequest) => staffHost.test(request.headers.host ?? '');
  const loginTemplate = config.LOGIN_TEMPLATE ?? path.join(dist, 'login.html');
  if (existsSync(loginTemplate)) {
    await loginPage(app, { ...services, templatePath: loginTemplate, otherHost: isStaffHost, sendOther: sendApp });
  }
  const sendMemberPage = hasDist
    ? await appPage(app, {
        dist,
        renderModule: config.WEB_SSR,
        sessions: services.sessions,
        saturated: services.saturated,
        paintingLimit: config.PAINTING_LIMIT,
        busyDelayMs: config.PAINTING_MAX_DELAY_MS,
      })
    : null;
  function sendApp(request: FastifyRequest, reply: FastifyReply) {
    // Client routes get the SPA; a missing file (a stale chunk after a deploy, /favicon.ico) is a 404.
    const path = request.url.split('?')[0]!;
    const isClientRoute = !path.startsWith('/api/') && !path.startsWith('/assets/') && !/\.[a-z0-9]+$/i.test(path);
    if (request.method === 'GET' && isClientRoute && isStaffHost(request)) {
      if (hasBackoffice) return reply.header('cache-control', 'no-cache').sendFile('index.html', backoffice.dist);
    } else if (sendMemberPage && request.method === 'GET' && isClientRoute) {
      return sendMemberPage(request, reply);
    }
    return reply.status(404).send({ error: { code: 'NOT_FOUND', message: 'Élément introuvable.' } });
  }
  app.setNotFoundHandler(sendApp);
}
