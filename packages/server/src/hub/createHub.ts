import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { Hub, HubOptions, HubPrincipal } from './hub.types.js';
import type { TransportSink } from './transportSink.js';
import { closeForResync } from './backplaneResync.js';
import { verifyConnectionToken, type ConnectionTokenClaims } from './connectionToken.js';
import { AddressLimit } from './addressLimit.js';
import { ConnectionAdmission } from './connectionAdmission.js';
import { OriginPolicy } from './cors.js';
import { HubConnection, type ConnectionHost } from './hubConnection.js';
import { HubTexts } from './hubMessages.js';
import { invocationRecord } from './hubProtocol.js';
import { resolveSettings } from './hubSettings.js';
import { canonicalPath, rejectUpgrade } from './httpUtil.js';
import { createHttpDispatcher } from './httpDispatcher.js';
import { InvocationDispatcher } from './invocationDispatcher.js';
import { LongPollingTransport } from './longPollingTransport.js';
import { MessageRouter } from './messageRouter.js';
import { PrincipalRevalidation } from './principalRevalidation.js';
import { RequestPrincipalCheck } from './requestPrincipal.js';
import { Refusals, type TransportHost } from './transportHost.js';
import { WebSocketTransport } from './websocketTransport.js';

/** Group every connection of a principal joins automatically. */
export function principalGroup(principal: HubPrincipal): string {
  return `principal:${principal.kind}:${principal.id}`;
}

/** Creates a SignalR hub (JSON protocol; WebSockets, SSE, long polling) for a node:http server. */
export function createHub(options: HubOptions): Hub {
  const settings = resolveSettings(options);
  const { logger, now } = settings;
  const origins = new OriginPolicy(options.allowedOrigins);
  const router = new MessageRouter(options.backplane, logger);
  const dispatcher = new InvocationDispatcher(options.methods, logger);
  const counters = { messagesIn: 0, messagesOut: 0 };
  let closing = false;
  const admission = new ConnectionAdmission({
    tokenSecret: options.tokenSecret,
    origins,
    logger,
    now,
    disconnectTimeoutMs: settings.disconnectTimeoutMs,
    maxConnectionsPerPrincipal: settings.maxConnectionsPerPrincipal,
    ...(settings.connectionLimit ? { connectionLimit: settings.connectionLimit } : {}),
    addressOf: settings.addressOf,
    authenticate: (req) => options.authenticate(req),
    isLive: (connectionId) => router.get(connectionId) !== undefined,
    isClosing: () => closing,
    ...(options.isPrincipalActive
      ? { isPrincipalActive: (principal: HubPrincipal) => options.isPrincipalActive?.(principal, undefined) ?? Promise.resolve(true) }
      : {}),
    ...(options.usedConnectionIds ? { usedConnectionIds: options.usedConnectionIds } : {}),
  });
  options.backplane?.onResyncNeeded?.((cause) => closeForResync(router.all(), cause, logger));
  // Credentials are re-authenticated on a connection's HTTP requests at least as often as principals are revalidated.
  const requestPrincipal = new RequestPrincipalCheck({
    logger,
    now,
    recheckMs: settings.revalidateIntervalMs,
    addressOf: settings.addressOf,
    authenticate: (req) => options.authenticate(req),
  });
  const limitOptions = options.requestLimit;
  const requestLimit = limitOptions
    ? new AddressLimit(limitOptions.max, limitOptions.windowMs, limitOptions.keyOf, limitOptions.shared, (err: unknown) =>
        logger.warn({ err }, 'shared hub request count failed; this process counts alone'),
      )
    : undefined;
  const revalidation = new PrincipalRevalidation(options.isPrincipalActive?.bind(options), settings.revalidateIntervalMs, logger, now());

  async function connected(connection: HubConnection): Promise<void> {
    try {
      await router.addToGroup(connection.connectionId, principalGroup(connection.principal));
      await options.onConnected?.(connection.context);
    } catch (err) {
      // A half-initialised connection would silently miss messages; let the client retry.
      logger.error({ err, connectionId: connection.connectionId }, 'hub onConnected failed');
      connection.close(HubTexts.unexpected, true);
    }
  }

  async function disconnected(connection: HubConnection): Promise<void> {
    admission.release(connection.connectionId);
    logger.info({ connectionId: connection.connectionId, principal: connection.principal, transport: connection.sink.kind }, 'hub disconnected');
    try {
      await router.unregister(connection);
      if (connection.handshakeCompleted) await options.onDisconnected?.(connection.context);
    } catch (err) {
      logger.error({ err, connectionId: connection.connectionId }, 'hub onDisconnected failed');
    }
  }

  const connectionHost: ConnectionHost = {
    now,
    logger,
    maxMessageBytes: settings.maxMessageBytes,
    maxMessagesPerSecond: settings.maxMessagesPerSecond,
    countIn: () => void (counters.messagesIn += 1),
    countOut: (records) => void (counters.messagesOut += records),
    invoke: (ctx, message) => dispatcher.invoke(ctx, message),
    opened: connected,
    closed: (connection) => void disconnected(connection),
  };

  function open(claims: ConnectionTokenClaims, sink: TransportSink, req: IncomingMessage): HubConnection {
    const connection = new HubConnection(claims.connectionId, claims.principal, sink, connectionHost, options.sessionOf?.(req, claims.principal));
    // The slot its admission reserved is now this connection's (released in `disconnected`).
    logger.info(
      { connectionId: claims.connectionId, principal: claims.principal, transport: sink.kind, origin: req.headers.origin, ip: settings.addressOf(req) },
      'hub connected',
    );
    router.register(connection).catch((err: unknown) => {
      logger.error({ err, connectionId: claims.connectionId }, 'hub register failed');
      connection.close(HubTexts.unexpected, true);
    });
    return connection;
  }

  const transportHost: TransportHost = {
    logger,
    origins,
    maxMessageBytes: settings.maxMessageBytes,
    pollTimeoutMs: settings.pollTimeoutMs,
    disconnectTimeoutMs: settings.disconnectTimeoutMs,
    now,
    admit: (req, token) => admission.admit(req, token),
    admitWithoutNegotiation: (req) => admission.admitWithoutNegotiation(req),
    open,
    abandon: (claims) => admission.release(claims.connectionId),
    checkPrincipal: (req, owner, connectionId, principal) => requestPrincipal.check(req, owner, connectionId, principal),
    rememberPrincipal: (req, owner) => requestPrincipal.remember(req, owner),
    identify: (token) => (token === null ? null : verifyConnectionToken(options.tokenSecret, token)),
    find: (connectionId) => router.get(connectionId),
  };
  const webSockets = new WebSocketTransport(transportHost);
  const longPolling = new LongPollingTransport(transportHost);
  const handleRequest = createHttpDispatcher({
    path: settings.path,
    host: transportHost,
    longPolling,
    isClosing: () => closing,
    ...(requestLimit ? { limited: (req: IncomingMessage) => requestLimit.take(req, now()) } : {}),
    negotiate: {
      origins,
      tokenSecret: options.tokenSecret,
      logger,
      now,
      addressOf: settings.addressOf,
      authenticate: (req) => options.authenticate(req),
      addressLimitReached: (req) => admission.addressLimitReached(req),
    },
  });

  const limits = { keepAliveMs: settings.keepAliveMs, clientTimeoutMs: settings.clientTimeoutMs, handshakeTimeoutMs: settings.handshakeTimeoutMs };
  const heartbeat = setInterval(() => {
    const time = now();
    for (const connection of [...router.all()]) connection.tick(time, limits);
    longPolling.sweep(time);
    admission.sweep(time);
    requestLimit?.sweep(time);
    revalidation.tick(time, router.all());
  }, settings.tickMs);
  heartbeat.unref();

  return {
    handleRequest,
    handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): boolean {
      const url = URL.parse(req.url ?? '/', 'http://hub.invalid');
      if (url === null || canonicalPath(url.pathname) !== settings.path) return false;
      const upgradeOrRefuse = (retryAfter: number): void => {
        if (retryAfter > 0) {
          const { status, reason, code, message } = Refusals.tooManyRequests;
          rejectUpgrade(socket, status, reason, code, message, { 'Retry-After': String(retryAfter) });
          return;
        }
        webSockets.upgrade(req, socket, head, url.searchParams.get('id')).catch((err: unknown) => {
          logger.error({ err }, 'hub upgrade failed');
          rejectUpgrade(socket, 500, 'Internal Server Error', 'InternalError', 'Bei der Verarbeitung ist ein Fehler aufgetreten.');
        });
      };
      // An upgrade opens a connection: counted like negotiate (HubOptions.requestLimit), with the shared count asked
      // first when there is one.
      const verdict = requestLimit?.take(req, now()) ?? 0;
      if (typeof verdict === 'number') upgradeOrRefuse(verdict);
      else void verdict.then(upgradeOrRefuse);
      return true;
    },
    addToGroup: (connectionId, group) => router.addToGroup(connectionId, group),
    removeFromGroup: (connectionId, group) => router.removeFromGroup(connectionId, group),
    sendToGroup: async (group, target, args) => router.sendToGroup(group, invocationRecord(target, args)),
    sendToGroups: async (groups, target, args, except) => router.sendToGroups(groups, invocationRecord(target, args), except),
    sendToPrincipal: async (principal, target, args) => router.sendToGroup(principalGroup(principal), invocationRecord(target, args)),
    sendToConnection: async (connectionId, target, args) => router.sendToConnection(connectionId, invocationRecord(target, args)),
    disconnectPrincipal: (principal, reason) => router.closeGroup(principalGroup(principal), reason),
    disconnectSession: (principal, session, reason) =>
      router.closeGroupSession(principalGroup(principal), typeof session === 'string' ? { only: session } : session, reason),
    reconnectPrincipal: (principal, reason, except) => router.reconnectGroup(principalGroup(principal), reason, except),
    connectionCount: () => router.size,
    metrics: () => ({ connections: router.size, ...counters }),
    async close() {
      closing = true;
      clearInterval(heartbeat);
      for (const connection of [...router.all()]) connection.close(HubTexts.shutdown, true);
      longPolling.closeAll();
    },
  };
}
