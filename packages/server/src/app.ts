// Composition root: storage, domain, both HTTP origins and the hub, wired once.
import http from 'node:http';
import path from 'node:path';
import fastifyCookie from '@fastify/cookie';
import fastifyCors from '@fastify/cors';
import fastifyMultipart from '@fastify/multipart';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type FastifyReply } from 'fastify';
import type { Logger } from 'pino';
import { caseFileFeature, caseFilePrefix, caseFileTokenPaths } from './features/casefile/index.js';
import type { Config } from './platform/config.js';
import { healthOf, healthStatus, type AppContext, type FeaturePlugin, type Origin } from './context.js';
import { systemClock, type Clock } from './platform/clock.js';
import { timerScheduler, type Scheduler } from './platform/scheduler.js';
import { chatFeature, createMessageWriter, secondLevelTokenPath, startChatLifecycle, trackPendingAppends, type ChatLifecycle } from './features/chat/index.js';
import { lawyerFeature, queueLength, storedSecondFactorsReadable } from './features/lawyer/index.js';
import { retentionFeature } from './features/retention/index.js';
import { createSessionStore } from './platform/sessions.js';
import { canonicalUrl } from './platform/http/canonicalUrl.js';
import { createRequestIds } from './platform/http/requestIds.js';
import { answerClientError, errorBody, FRAMEWORK_ERROR_HEADERS, installErrorHandling } from './platform/http/errors.js';

import { recordRoutes, routesOf, type CatalogRoute } from './platform/http/routeCatalog.js';
import { hubAuthenticator, hubSessionOf } from './platform/hubCalls/hubAuth.js';
import { dataRequestsFeature } from './features/dataRequests/index.js';
import { adminFeature } from './features/admin/index.js';
import { insurersFeature } from './features/insurers/index.js';
import { serviceHoursFeature } from './features/serviceHours/index.js';
import { firmDetailsFeature, publicFirmBranding } from './features/firmDetails/index.js';
import { textTemplatesFeature } from './features/textTemplates/index.js';
import { reportsFeature } from './features/reports/index.js';
import { productFeature } from './features/product/index.js';
import { createRateLimitRedis, hubRequestCounter } from './platform/http/rateLimitStore.js';
import { chatHostSources, installSecurity } from './platform/http/security.js';
import { installContentEncodingGuard, installJsonCharsetGuard, installJsonParser, installNulGuard } from './platform/http/body.js';
import { limitUnreadBody, unreadBodyLimit } from './platform/http/unreadBody.js';
import { addressKey } from './platform/http/addressKey.js';
import { forwardedAddressOf } from './platform/http/forwardedAddress.js';
import { installRouteSchemas } from './platform/http/routeSchema.js';
import { staticRoutes } from './platform/http/staticRoutes.js';
import { awaitBackplaneReady, createHub, createRedisBackplane, createRedisUsedConnectionIds, type Backplane, type Hub } from './hub/index.js';
import { buildHubMethods, onHubConnected } from './hubMethods.js';
import { isPrincipalActive } from './platform/hubCalls/sessionActivity.js';
import { createLogger, requestSerializer } from './platform/logger.js';
import { createMalwareScanner } from './platform/files/malwareScan.js';
import { createMailer, type Mailer } from './platform/mail/index.js';
import { createDiskSpaceCheck } from './platform/diskSpace.js';
import { createMetrics } from './platform/metrics.js';
import { sentryTunnelRoutes } from './platform/sentry/index.js';
import { openDatabase, sqliteHandleOf, type Db } from './platform/storage/database.js';
import { startWalCheckpointer } from './platform/storage/walCheckpointer.js';
import { migrateToLatest } from './platform/storage/migrate.js';
import { logStartupWarnings } from './platform/startupWarnings.js';

/**
 * Every feature (features/<name>/index.ts), registered the same way on both origins: each plugin adds the routes it
 * serves on the origin it is given and nothing on the other (docs/server.md).
 */
const features: readonly FeaturePlugin[] = [
  productFeature,
  chatFeature,
  caseFileFeature,
  lawyerFeature,
  dataRequestsFeature,
  adminFeature,
  insurersFeature,
  serviceHoursFeature,
  firmDetailsFeature,
  textTemplatesFeature,
  reportsFeature,
  retentionFeature,
];

async function registerFeatures(app: FastifyInstance, ctx: AppContext, origin: Origin): Promise<void> {
  for (const feature of features) await app.register(feature, { ctx, origin });
}

/** Request logs name no link token: the paths that carry one, from the features that own them. */
/** Paths that carry a link token: redacted in the request log and in browser error reports. */
const tokenPaths = [...caseFileTokenPaths, secondLevelTokenPath];
const serializeRequest = requestSerializer(tokenPaths);

export interface AppOptions {
  readonly config: Config;
  readonly clock?: Clock;
  /** Runs the background work of the chat lifecycle (presence refresh, sweep); tests drive it on virtual time. */
  readonly scheduler?: Scheduler;
  readonly logger?: Logger;
  readonly mailer?: Mailer;
  /** Static roots; tests point them elsewhere. */
  readonly staticDirs?: { web: string; console: string };
  /** How often the hub asks whether each connection's session still lives (default 60 s); tests shorten it. */
  readonly hubRevalidateIntervalMs?: number;
}

export interface RunningApp {
  readonly ctx: AppContext;
  readonly hub: Hub;
  /** Client presence and the sweep that closes abandoned and timed-out chats (features/chat/lifecycle). */
  readonly lifecycle: ChatLifecycle;
  readonly webUrl: string;
  readonly chatUrl: string;
  /** Every registered route per origin (docs/openapi.json is generated from these). */
  readonly routes: { readonly web: readonly CatalogRoute[]; readonly chat: readonly CatalogRoute[] };
  /**
   * The drain before a shutdown (platform/shutdown.ts): from now on /healthz answers 503 `{"Status":"draining"}` on both
   * origins and HTTP answers end their keep-alive connection; everything else is served as before until close().
   */
  startDraining(): void;
  /** Closes the hub's connections (Close with allowReconnect), the listeners, the pending message commits, Redis and the database. */
  close(): Promise<void>;
}

function fastifyFor(ctx: AppContext, origin: Origin, serverFactory?: (handler: http.RequestListener) => http.Server): FastifyInstance {
  const app = Fastify({
    // Ids that tell the two listeners and the processes apart in the log (platform/http/requestIds.ts).
    genReqId: createRequestIds(origin),
    loggerInstance: ctx.logger as FastifyBaseLogger,
    bodyLimit: 256 * 1024,
    // A request must arrive within five minutes (a 10 MiB upload over a slow line included): Node's default, which the
    // chat host's own server keeps, and which Fastify would otherwise switch off – a body trickled in a byte a minute
    // held its connection on the web origin for good.
    requestTimeout: 300_000,
    // Off unless TRUST_PROXY names the reverse proxies; then request.ip is the client's address.
    trustProxy: ctx.config.trustProxy,
    // Fastify's own request serializer would log raw URLs (case-file tokens, tickets): replace it per request logger.
    childLoggerFactory: (logger, bindings, options) => logger.child(bindings, { ...options, serializers: { ...options.serializers, req: serializeRequest } }),
    rewriteUrl: (request) => canonicalUrl(request.url ?? '/'),
    // A path that is not valid percent-encoding never reaches a route: the usual German body, without
    // Fastify's English text that repeats the path (which may hold a case-file token).
    frameworkErrors: (error, request, reply) => {
      request.log.info({ code: error.code, status: 400 }, 'request refused');
      void (reply as FastifyReply).code(400).headers(FRAMEWORK_ERROR_HEADERS).send(errorBody(400));
    },
    // What Node's HTTP parser refuses before Fastify sees a request: the same German body and headers.
    clientErrorHandler: answerClientError,
    ...(serverFactory ? { serverFactory } : {}),
  });
  recordRoutes(app);
  // Whatever is left of a body after the answer is read only up to a bound (the chat host does it in its server for the hub too).
  if (!serverFactory) {
    const maxUnread = unreadBodyLimit(ctx.config.maxUploadBytes);
    app.addHook('onRequest', async (request, reply) => limitUnreadBody(request.raw, reply.raw, maxUnread));
  }
  // Only JSON (and multipart where registered): text/plain is a "simple" cross-site request type.
  app.removeContentTypeParser('text/plain');
  installJsonParser(app);
  installNulGuard(app);
  installContentEncodingGuard(app);
  installJsonCharsetGuard(app);
  installRouteSchemas(app);
  // While draining, each answer ends its keep-alive connection: the load balancer's next request opens a new one, to
  // another instance.
  app.addHook('onRequest', async (_request, reply) => {
    if (ctx.draining()) reply.header('connection', 'close');
  });
  return app;
}

async function buildWebApp(ctx: AppContext, staticDirs?: { web: string; console: string }): Promise<FastifyInstance> {
  const app = fastifyFor(ctx, 'web');
  await app.register(fastifyCookie);
  installErrorHandling(app, false);
  await installSecurity(app, ctx, {
    allowedOrigins: ctx.config.webOrigins,
    connectSources: chatHostSources(ctx.config.chatHostUrl),
    tokenPathPrefixes: [caseFilePrefix],
  });
  await registerFeatures(app, ctx, 'web');
  await app.register(sentryTunnelRoutes, {
    dataDir: ctx.config.dataDir,
    tokenPaths,
    ...(ctx.config.sentryDsn ? { dsn: ctx.config.sentryDsn } : {}),
    now: () => ctx.clock.now(),
  });
  // The chat routes talk to the chat host at once (login, hub): open that connection with the page.
  const chatHostOrigin = new URL(ctx.config.chatHostUrl).origin;
  const preconnect: Record<string, string[]> = ctx.config.webOrigins.includes(chatHostOrigin) ? {} : { '/chat': [chatHostOrigin] };
  // The firm's details (saved in the console, else FIRM_NAME …) and IMPRINT_URL are runtime settings: written into every
  // web page (and /api/dl/public-settings) as they are now, so a save shows with the next page load.
  await staticRoutes(app, staticDirs, { preconnect, branding: () => publicFirmBranding(ctx) });
  return app;
}

async function buildChatApp(ctx: AppContext, hub: Hub): Promise<FastifyInstance> {
  // The hub answers /signalr (HTTP and upgrades) before Fastify sees the request.
  const maxUnread = unreadBodyLimit(ctx.config.maxUploadBytes);
  const app = fastifyFor(ctx, 'chatHost', (handler) => {
    const server = http.createServer((req, res) => {
      limitUnreadBody(req, res, maxUnread);
      if (!hub.handleRequest(req, res)) handler(req, res);
    });
    server.on('upgrade', (req, socket, head) => {
      if (!hub.handleUpgrade(req, socket, head)) socket.destroy();
    });
    return server;
  });
  await app.register(fastifyCookie);
  await app.register(fastifyCors, {
    origin: (origin, callback) => callback(null, origin !== undefined && ctx.config.webOrigins.includes(origin)),
    credentials: true,
    methods: ['GET', 'POST', 'PUT', 'DELETE'],
    allowedHeaders: ['content-type', 'x-requested-with', 'x-signalr-user-agent'],
    // The console (another origin) names a lock's wait from Retry-After, which CORS hides unless exposed.
    exposedHeaders: ['Retry-After'],
    maxAge: 600,
  });
  installErrorHandling(app);
  await installSecurity(app, ctx, { allowedOrigins: ctx.config.webOrigins, connectSources: [] });
  await app.register(fastifyMultipart, { limits: { fileSize: ctx.config.maxUploadBytes, files: 1, fields: 5, parts: 6 } });
  await registerFeatures(app, ctx, 'chatHost');
  app.get('/healthz', async (_request, reply) => {
    const health = healthOf(ctx, ctx.draining() ? null : await ctx.diskSpace.current());
    return reply.code(healthStatus(health)).send(health);
  });
  return app;
}

/** Hub requests outside an open connection (negotiate, opening one) per client address and minute. */
const HUB_REQUESTS_PER_MINUTE = 600;

/**
 * One client per IPv4 address or IPv6 /64, behind the configured proxies (addressKey.ts, forwardedAddress.ts). This
 * machine's own 127.0.0.1 and ::1 are not counted: a reverse proxy on the same host without TRUST_PROXY would make
 * every client one address, and the benchmarks and soak connect thousands of clients from there.
 */
function hubClientKey(addressOf: (req: http.IncomingMessage) => string): (req: http.IncomingMessage) => string | null {
  return (req) => {
    const address = addressOf(req);
    return address === '127.0.0.1' || address === '::1' ? null : addressKey(address);
  };
}

/**
 * A restore started with another SESSION_SECRET than the data was made with: every stored second factor is unreadable,
 * and lawyers only hear that password or code are wrong. Said once at start, as an error an operator's alert finds.
 */
async function warnOnForeignSessionSecret(db: Db, sessionSecret: string, logger: { error(fields: object, message: string): void }): Promise<void> {
  if ((await storedSecondFactorsReadable(db, sessionSecret)) !== false) return;
  logger.error(
    { event: 'config.session_secret_mismatch' },
    'SESSION_SECRET passt nicht zu den gespeicherten Daten: Die eingerichteten zweiten Faktoren der Anwältinnen und Anwälte lassen sich damit nicht lesen, niemand mit Authenticator kann sich anmelden. Starten Sie mit dem SESSION_SECRET, mit dem die Daten angelegt wurden (docs/operations.md, Datensicherung). / SESSION_SECRET does not match the stored data: stored second factors cannot be read',
  );
}

/** How long a process waits for Redis at start before it takes connections anyway. */
const BACKPLANE_START_TIMEOUT_MS = 5000;

/** Opens storage, builds both origins and the hub, and starts listening. */
export async function startApp(options: AppOptions): Promise<RunningApp> {
  const { config } = options;
  const logger = options.logger ?? createLogger(config.logLevel);
  logStartupWarnings(config, logger);
  const { db, engine } = openDatabase(config);
  await migrateToLatest(db, logger);
  await warnOnForeignSessionSecret(db, config.sessionSecret, logger);
  // SQLite: WAL checkpoints in a worker thread, not inside a message's commit on the event loop.
  const sqliteHandle = sqliteHandleOf(db);
  const checkpointer =
    sqliteHandle === null ? null : startWalCheckpointer(sqliteHandle, { onError: (error) => logger.error({ err: error }, 'WAL checkpoint failed') });
  const clock = options.clock ?? systemClock;
  let draining = false;
  let hubRef: Hub | null = null;
  const backplane: Backplane | undefined = config.redisUrl ? createRedisBackplane(config.redisUrl, { logger, channelPrefix: config.redisPrefix }) : undefined;
  const backplaneUp = backplane?.isUp ? () => backplane.isUp?.() === true : null;
  const diskSpace = createDiskSpaceCheck(config.dataDir);
  const metrics = createMetrics(
    {
      connections: () => hubRef?.connectionCount() ?? 0,
      queueLength: () => queueLength(db),
      dataDirFreeBytes: async () => (await diskSpace.current())?.freeBytes ?? null,
      ...(backplaneUp ? { backplaneUp } : {}),
    },
    config.nodeEnv !== 'test',
  );
  // Shutdown waits for the appends the group commit has taken and not yet answered, before the database closes.
  const messages = trackPendingAppends(createMessageWriter(db, clock, engine));
  const ctx: AppContext = {
    config,
    db,
    engine,
    clock,
    sessions: createSessionStore(db, clock),
    messages,
    mailer:
      options.mailer ??
      createMailer({
        ...(config.smtpUrl ? { smtpUrl: config.smtpUrl } : {}),
        outboxDir: path.join(config.dataDir, 'outbox'),
        from: config.mailFrom,
        now: () => clock.now(),
      }),
    logger,
    metrics,
    uploadDir: path.join(config.dataDir, 'uploads'),
    malwareScanner: createMalwareScanner({ address: config.clamdSocket, production: config.production }, logger),
    rateLimitRedis: config.redisUrl ? createRateLimitRedis(config.redisUrl, logger) : null,
    hub: null,
    backplaneUp,
    diskSpace,
    draining: () => draining,
  };
  const lifecycle = startChatLifecycle(ctx, options.scheduler ?? timerScheduler);
  const usedConnectionIds = config.redisUrl ? createRedisUsedConnectionIds(config.redisUrl, { keyPrefix: config.redisPrefix, logger }) : undefined;
  const hubAddressOf = forwardedAddressOf(config.trustProxy);
  const hub = createHub({
    path: '/signalr',
    allowedOrigins: config.webOrigins,
    tokenSecret: config.sessionSecret,
    authenticate: hubAuthenticator(ctx),
    sessionOf: hubSessionOf(ctx),
    methods: buildHubMethods(ctx),
    onConnected: (call) => {
      // Not awaited: the presence write must not delay the connection's first invocations.
      if (call.principal.kind === 'participant') void lifecycle.presence.connected(call.principal.id);
      if (call.principal.kind === 'lawyer') void lifecycle.lawyerPresence.connected(call.principal.id);
      return onHubConnected(ctx, call);
    },
    onDisconnected: (call) => {
      if (call.principal.kind === 'participant') return lifecycle.presence.disconnected(call.principal.id);
      if (call.principal.kind === 'lawyer') return lifecycle.lawyerPresence.disconnected(call.principal.id);
      return undefined;
    },
    isPrincipalActive: isPrincipalActive(ctx),
    ...(options.hubRevalidateIntervalMs !== undefined ? { revalidateIntervalMs: options.hubRevalidateIntervalMs } : {}),
    ...(backplane ? { backplane } : {}),
    ...(usedConnectionIds ? { usedConnectionIds } : {}),
    // The hub answers before Fastify: the same per-address budget as the platform's request limit (security.ts),
    // for negotiate and whatever does not belong to an open connection, by the client behind TRUST_PROXY – counted
    // in Redis with it when REDIS_URL is set, so several processes do not multiply the budget.
    requestLimit: {
      max: HUB_REQUESTS_PER_MINUTE,
      windowMs: 60_000,
      keyOf: hubClientKey(hubAddressOf),
      ...(ctx.rateLimitRedis ? { shared: hubRequestCounter(ctx.rateLimitRedis, `${ctx.config.redisPrefix}hub-requests:`) } : {}),
    },
    // Live connections per client address and process (the same key: behind TRUST_PROXY, this machine not counted),
    // generous – a firm's office or a company's network shares one address. Refused beyond it: 429, also at negotiate.
    connectionLimit: { max: config.hubMaxConnectionsPerAddress, keyOf: hubClientKey(hubAddressOf) },
    // Its logs name the client behind the proxies too, not the proxy.
    clientAddress: hubAddressOf,
    logger,
  });
  hubRef = hub;
  ctx.hub = hub;
  const web = await buildWebApp(ctx, options.staticDirs);
  const chat = await buildChatApp(ctx, hub);
  await awaitBackplaneReady(backplane, BACKPLANE_START_TIMEOUT_MS, logger);
  let closed = false;
  const close = async () => {
    if (closed) return;
    closed = true;
    // Close with allowReconnect: the official client reconnects at once – through the load balancer, to another instance.
    await hub.close();
    await lifecycle.stop();
    await Promise.allSettled([web.close(), chat.close()]);
    // Messages of hub calls that were still running: their commit, before the database goes.
    await messages.settled();
    await backplane?.close();
    await usedConnectionIds?.close();
    ctx.rateLimitRedis?.disconnect();
    await checkpointer?.stop();
    await db.destroy();
  };
  try {
    await chat.listen({ port: config.chatPort, host: config.host });
    await web.listen({ port: config.port, host: config.host });
  } catch (error) {
    // A taken port: release the other listener, the timers and the database, so the caller may try again.
    await close();
    throw error;
  }
  const portOf = (app: FastifyInstance) => {
    const address = app.server.address();
    return typeof address === 'object' && address !== null ? address.port : 0;
  };
  return {
    ctx,
    hub,
    lifecycle,
    webUrl: `http://127.0.0.1:${portOf(web)}`,
    chatUrl: `http://127.0.0.1:${portOf(chat)}`,
    routes: { web: routesOf(web), chat: routesOf(chat) },
    startDraining: () => {
      draining = true;
    },
    close,
  };
}
