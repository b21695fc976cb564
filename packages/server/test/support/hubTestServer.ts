import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { HubConnectionBuilder, HttpTransportType, LogLevel, type HubConnection } from '@microsoft/signalr';
import { createHub, defineMethod, HubError, type Hub, type HubOptions, type HubPrincipal } from '../../src/hub/index.js';

export const ALLOWED_ORIGIN = 'https://app.example.test';
export const TOKEN_SECRET = 'test-secret-0123456789abcdef';

/** Test authentication: cookie `who=<kind>:<id>`. */
export async function cookieAuth(req: IncomingMessage): Promise<HubPrincipal | null> {
  const match = /(?:^|;\s*)who=(participant|lawyer):([\w-]+)/.exec(req.headers.cookie ?? '');
  return match ? { kind: match[1] as HubPrincipal['kind'], id: match[2] ?? '' } : null;
}

export interface TestHubServer {
  readonly hub: Hub;
  readonly baseUrl: string;
  readonly hubUrl: string;
  /** Raw sockets handed to the hub on upgrade, so tests can cut them. */
  readonly upgradedSockets: Duplex[];
  /** The upgrade requests, weakly: whether the hub keeps them alive once a connection is open. */
  readonly upgradeRequests: WeakRef<IncomingMessage>[];
  readonly events: string[];
  close(): Promise<void>;
}

/** A node:http server on port 0 with a hub exposing a few test methods. */
export async function startHubServer(overrides: Partial<HubOptions> = {}): Promise<TestHubServer> {
  const events: string[] = [];
  // Methods need the hub they belong to; it exists only after createHub returns.
  const self: { hub?: Hub } = {};
  const methods: HubOptions['methods'] = {
    Echo: defineMethod(1, (_ctx, [value]) => value),
    Add: defineMethod(2, (_ctx, [a, b]) => Number(a) + Number(b)),
    WhoAmI: defineMethod(0, (ctx) => ({ ...ctx.principal, connectionId: ctx.connectionId })),
    Nothing: defineMethod(0, () => undefined),
    Refuse: defineMethod(0, () => {
      throw new HubError('NotInChat', 'Sie gehören nicht zu diesem Chat.');
    }),
    Explode: defineMethod(0, () => {
      throw new Error('database password leaked in stack');
    }),
    Record: defineMethod(1, (_ctx, [value]) => void events.push(`record:${String(value)}`)),
    Join: defineMethod(1, async (ctx, [group]) => self.hub?.addToGroup(ctx.connectionId, String(group))),
    Leave: defineMethod(1, async (ctx, [group]) => self.hub?.removeFromGroup(ctx.connectionId, String(group))),
    Broadcast: defineMethod(2, async (_ctx, [group, text]) => self.hub?.sendToGroup(String(group), 'Message', [text])),
  };
  const activeHub = createHub({
    path: '/signalr',
    allowedOrigins: [ALLOWED_ORIGIN],
    tokenSecret: TOKEN_SECRET,
    authenticate: cookieAuth,
    methods,
    onConnected: (ctx) => void events.push(`connected:${ctx.principal.id}`),
    onDisconnected: (ctx) => void events.push(`disconnected:${ctx.principal.id}`),
    ...overrides,
  });
  self.hub = activeHub;
  const upgradedSockets: Duplex[] = [];
  const upgradeRequests: WeakRef<IncomingMessage>[] = [];
  const server: Server = createServer((req, res) => {
    if (!activeHub.handleRequest(req, res)) {
      res.writeHead(404);
      res.end();
    }
  });
  server.on('upgrade', (req, socket, head) => {
    upgradedSockets.push(socket);
    upgradeRequests.push(new WeakRef(req));
    if (!activeHub.handleUpgrade(req, socket, head)) socket.destroy();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const baseUrl = `http://127.0.0.1:${port}`;
  return {
    hub: activeHub,
    baseUrl,
    hubUrl: `${baseUrl}/signalr`,
    upgradedSockets,
    upgradeRequests,
    events,
    async close() {
      await activeHub.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export interface ClientOptions {
  readonly who?: string;
  readonly transport?: HttpTransportType;
  readonly reconnectDelays?: number[];
  readonly serverTimeoutMs?: number;
}

/** The official client, authenticated through the test cookie. */
export function buildClient(hubUrl: string, options: ClientOptions = {}): HubConnection {
  let builder = new HubConnectionBuilder()
    .withUrl(hubUrl, {
      headers: { cookie: `who=${options.who ?? 'participant:p1'}` },
      transport: options.transport ?? HttpTransportType.WebSockets,
    })
    .configureLogging(LogLevel.None);
  if (options.reconnectDelays) builder = builder.withAutomaticReconnect(options.reconnectDelays);
  if (options.serverTimeoutMs) builder = builder.withServerTimeout(options.serverTimeoutMs);
  return builder.build();
}

/** Resolves with the arguments of the next call of `target` on the client. */
export function nextCall(client: HubConnection, target: string): Promise<unknown[]> {
  return new Promise((resolve) => {
    const handler = (...args: unknown[]) => {
      client.off(target, handler);
      resolve(args);
    };
    client.on(target, handler);
  });
}

/** Polls `predicate` on the event loop until it holds (for effects observed on the server). */
export async function eventually(predicate: () => boolean, timeoutMs = 3000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!predicate()) {
    if (Date.now() > deadline) throw new Error('condition not reached in time');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
