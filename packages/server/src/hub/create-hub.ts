import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { Hub, HubOptions, HubPrincipal } from './hub.types.js';
import type { TransportSink } from './transport-sink.js';
import { verifyConnectionToken, type ConnectionTokenClaims } from './connection-token.js';
import { OriginPolicy } from './cors.js';
import { HubConnection, type ConnectionHost } from './hub-connection.js';
import { HubTexts } from './hub-messages.js';
import { invocationRecord } from './hub-protocol.js';
import { resolveSettings } from './hub-settings.js';
import { clientAddress, rejectUpgrade } from './http-util.js';
import { createHttpDispatcher } from './http-dispatcher.js';
import { InvocationDispatcher } from './invocation-dispatcher.js';
import { LongPollingTransport } from './long-polling-transport.js';
import { MessageRouter } from './message-router.js';
import { Refusals, type Admission, type TransportHost } from './transport-host.js';
import { WebSocketTransport } from './websocket-transport.js';

/** Group every connection of a principal joins automatically. */
export function principalGroup(principal: HubPrincipal): string {
  return `principal:${principal.kind}:${principal.id}`;
}

/** Tolerated clock difference between processes when checking a token's issue time. */
const CLOCK_SKEW_MS = 60_000;

/** Creates a SignalR hub (JSON protocol; WebSockets, SSE, long polling) for a node:http server. */
export function createHub(options: HubOptions): Hub {
  const settings = resolveSettings(options);
  const { logger, now } = settings;
  const origins = new OriginPolicy(options.allowedOrigins);
  const router = new MessageRouter(options.backplane, logger);
  const dispatcher = new InvocationDispatcher(options.methods, logger);
  const usedConnectionIds = new Map<string, number>();
  const perPrincipal = new Map<string, number>();
  const counters = { messagesIn: 0, messagesOut: 0 };
  let closing = false;

  async function runCallback(name: string, callback: (() => void | Promise<void>) | undefined): Promise<void> {
    try {
      await callback?.();
    } catch (err) {
      logger.error({ err }, `hub ${name} failed`);
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
    async opened(connection) {
      try {
        await router.addToGroup(connection.connectionId, principalGroup(connection.principal));
      } catch (err) {
        logger.error({ err, connectionId: connection.connectionId }, 'hub principal group join failed');
      }
      await runCallback('onConnected', options.onConnected && (() => options.onConnected?.(connection.context)));
    },
    closed(connection) {
      const key = principalGroup(connection.principal);
      const remaining = (perPrincipal.get(key) ?? 1) - 1;
      if (remaining > 0) perPrincipal.set(key, remaining);
      else perPrincipal.delete(key);
      logger.info({ connectionId: connection.connectionId, principal: connection.principal, transport: connection.sink.kind }, 'hub disconnected');
      void router
        .unregister(connection)
        .catch((err: unknown) => logger.error({ err }, 'hub unregister failed'))
        .then(async () => {
          if (connection.handshakeCompleted) await runCallback('onDisconnected', options.onDisconnected && (() => options.onDisconnected?.(connection.context)));
        });
    },
  };

  async function admit(req: IncomingMessage, token: string | null): Promise<Admission> {
    if (closing) return { ok: false, ...Refusals.shuttingDown };
    if (origins.verdict(req) === 'forbidden') {
      logger.warn({ origin: req.headers.origin, ip: clientAddress(req) }, 'hub transport from forbidden origin');
      return { ok: false, ...Refusals.forbiddenOrigin };
    }
    if (token === null) return { ok: false, ...Refusals.missingId };
    const claims = verifyConnectionToken(options.tokenSecret, token);
    const age = claims === null ? 0 : now() - claims.issued;
    if (claims === null || age > settings.disconnectTimeoutMs || age < -CLOCK_SKEW_MS) {
      logger.warn({ ip: clientAddress(req), reason: claims === null ? 'signature' : 'expired' }, 'hub connection token rejected');
      return { ok: false, ...Refusals.unknownId };
    }
    if (router.get(claims.connectionId) !== undefined) return { ok: false, ...Refusals.inUse };
    if (usedConnectionIds.has(claims.connectionId)) return { ok: false, ...Refusals.unknownId };
    // The token is the credential; a cookie that names somebody else still wins over it.
    const current = await options.authenticate(req).catch(() => null);
    if (current !== null && (current.kind !== claims.principal.kind || current.id !== claims.principal.id)) {
      logger.warn({ connectionId: claims.connectionId, ip: clientAddress(req) }, 'hub principal mismatch');
      return { ok: false, ...Refusals.otherUser };
    }
    if (router.get(claims.connectionId) !== undefined || usedConnectionIds.has(claims.connectionId)) return { ok: false, ...Refusals.inUse };
    if ((perPrincipal.get(principalGroup(claims.principal)) ?? 0) >= settings.maxConnectionsPerPrincipal) {
      logger.warn({ principal: claims.principal, ip: clientAddress(req) }, 'hub connection limit per principal');
      return { ok: false, ...Refusals.tooManyConnections };
    }
    usedConnectionIds.set(claims.connectionId, claims.issued + settings.disconnectTimeoutMs + CLOCK_SKEW_MS);
    return { ok: true, claims };
  }

  function open(claims: ConnectionTokenClaims, sink: TransportSink, req: IncomingMessage): HubConnection {
    const connection = new HubConnection(claims.connectionId, claims.principal, sink, connectionHost);
    const key = principalGroup(claims.principal);
    perPrincipal.set(key, (perPrincipal.get(key) ?? 0) + 1);
    logger.info({ connectionId: claims.connectionId, principal: claims.principal, transport: sink.kind, origin: req.headers.origin, ip: clientAddress(req) }, 'hub connected');
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
    admit,
    open,
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
    negotiate: { origins, tokenSecret: options.tokenSecret, logger, now, authenticate: (req) => options.authenticate(req) },
  });

  const limits = { keepAliveMs: settings.keepAliveMs, clientTimeoutMs: settings.clientTimeoutMs, handshakeTimeoutMs: settings.handshakeTimeoutMs };
  const heartbeat = setInterval(() => {
    const time = now();
    for (const connection of [...router.all()]) connection.tick(time, limits);
    longPolling.sweep(time);
    for (const [connectionId, expires] of usedConnectionIds) if (expires < time) usedConnectionIds.delete(connectionId);
  }, settings.tickMs);
  heartbeat.unref();

  return {
    handleRequest,
    handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): boolean {
      const url = URL.parse(req.url ?? '/', 'http://hub.invalid');
      if (url === null || url.pathname !== settings.path) return false;
      webSockets.upgrade(req, socket, head, url.searchParams.get('id')).catch((err: unknown) => {
        logger.error({ err }, 'hub upgrade failed');
        rejectUpgrade(socket, 500, 'Internal Server Error', 'InternalError', 'Bei der Verarbeitung ist ein Fehler aufgetreten.');
      });
      return true;
    },
    addToGroup: (connectionId, group) => router.addToGroup(connectionId, group),
    removeFromGroup: (connectionId, group) => router.removeFromGroup(connectionId, group),
    sendToGroup: async (group, target, args) => router.sendToGroup(group, invocationRecord(target, args)),
    sendToPrincipal: async (principal, target, args) => router.sendToGroup(principalGroup(principal), invocationRecord(target, args)),
    sendToConnection: async (connectionId, target, args) => router.sendToConnection(connectionId, invocationRecord(target, args)),
    disconnectPrincipal: (principal, reason) => router.closeGroup(principalGroup(principal), reason),
    connectionCount: () => router.size,
    metrics: () => ({ connections: router.size, ...counters }),
    async close() {
      closing = true;
      clearInterval(heartbeat);
      for (const connection of [...router.all()]) connection.close(HubTexts.shutdown, true);
      longPolling.closeAll();
      webSockets.close();
    },
  };
}
