import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';

/** Who is behind a hub connection; fixed for the connection's lifetime. */
export interface HubPrincipal {
  readonly kind: 'participant' | 'lawyer';
  readonly id: string;
}

/** Passed to every hub method and lifecycle callback. */
export interface HubCallContext {
  readonly connectionId: string;
  readonly principal: HubPrincipal;
  /**
   * The session the connection was opened with (`HubOptions.sessionOf` of the request that opened it): an opaque
   * reference for the application, absent without `sessionOf`. The hub never logs it.
   */
  readonly session?: string;
}

/** A hub method; the value it returns (or resolves to) becomes the invocation result. */
export type HubMethod = (ctx: HubCallContext, args: readonly unknown[]) => unknown | Promise<unknown>;

/**
 * Fan-out between server processes. Payloads are opaque strings; channel names are
 * relative (the implementation may add its own prefix).
 */
export interface Backplane {
  publish(channel: string, payload: string): Promise<void>;
  subscribe(channel: string, onMessage: (payload: string) => void): Promise<void>;
  /** Stops delivering `channel` to `onMessage`; optional so that simple fakes stay valid. */
  unsubscribe?(channel: string, onMessage: (payload: string) => void): Promise<void>;
  /**
   * Called when clients of this process may have missed messages during a backplane outage and must
   * resync now ('local': this process's subscription was down; 'remote': another process lost publishes).
   */
  onResyncNeeded?(listener: (cause: 'local' | 'remote') => void): void;
  /**
   * Resolves once publishing and every subscription are live for the first time. A process should wait
   * for it before taking connections: a client that joins a group earlier may miss remote messages and
   * is closed for a resync as soon as the backplane is up.
   */
  ready?(): Promise<void>;
  /** Publishing and every subscription are live right now (health check and metrics; optional for simple fakes). */
  isUp?(): boolean;
  close(): Promise<void>;
}

/** Structured logger subset (pino-compatible). */
/** Single use of connection ids across processes (Redis: usedConnectionIds.ts; absent: per process). */
export interface UsedConnectionIds {
  /** True exactly once per connection id while `ttlMs` runs; false when any process claimed it before. */
  claim(connectionId: string, ttlMs: number): Promise<boolean>;
  close(): Promise<void>;
}

export interface HubLogger {
  /** Routine events an operator only wants when tracing (pino's `debug`). */
  debug?(o: object, msg?: string): void;
  info(o: object, msg?: string): void;
  warn(o: object, msg?: string): void;
  error(o: object, msg?: string): void;
}

export interface HubOptions {
  /** Hub route, e.g. '/signalr'. */
  path: string;
  /** Exact origins allowed for CORS (with credentials) and the WebSocket Origin check. */
  allowedOrigins: readonly string[];
  /** HMAC secret for signed connection tokens (any process accepts any client). */
  tokenSecret: string;
  /**
   * Reads the cookie; null → 401 on negotiate. Every later request of a connection (the WebSocket upgrade, the
   * first and every further SSE / long-polling GET, POST and DELETE) must authenticate as the principal that
   * negotiated it, else 403. On an open connection a positive answer is re-used for a request with the same
   * Cookie, Authorization and `access_token` for up to `revalidateIntervalMs`: the principal must follow from
   * those (other query parameters such as `as=` may only choose among the credentials they carry).
   */
  authenticate(req: IncomingMessage): Promise<HubPrincipal | null>;
  /**
   * The session behind the request that opens a connection (the WebSocket upgrade, the first SSE or long-polling
   * request), once `authenticate` admitted it as `principal`: kept as `HubCallContext.session`, so the application knows
   * which of the principal's sessions a call belongs to. Never logged by the hub.
   */
  sessionOf?(req: IncomingMessage, principal: HubPrincipal): string | undefined;
  methods: Readonly<Record<string, HubMethod>>;
  onConnected?(ctx: HubCallContext): void | Promise<void>;
  onDisconnected?(ctx: HubCallContext): void | Promise<void>;
  /** Absent → single process. */
  backplane?: Backplane;
  logger?: HubLogger;
  /** Server ping interval, default 15000. */
  keepAliveIntervalMs?: number;
  /** Closes a connection that sent nothing for this long, default 30000. */
  clientTimeoutMs?: number;
  /** Largest accepted record / WebSocket frame / POST body, default 64 KiB. */
  maxMessageBytes?: number;
  /** Invocations per second and connection, default 20. */
  maxMessagesPerSecond?: number;
  /** Simultaneous connections of one principal on one process, default 10; more → 429. */
  maxConnectionsPerPrincipal?: number;
  /** Handshake must arrive within this time, default 15000. */
  handshakeTimeoutMs?: number;
  /** Unused connection tokens and idle long-poll sessions expire after this, default 15000. */
  disconnectTimeoutMs?: number;
  /** A long poll without data is answered with an empty 200 after this, default 90000. */
  pollTimeoutMs?: number;
  /**
   * Periodic re-validation: resolves false when the principal's session is gone (expired,
   * logged out, revoked); its local connections are then closed without reconnect. For a connection opened with a
   * known session (`sessionOf`) it is asked with that `session` and must answer for that session: a connection lives as
   * long as the session it was opened with, not as long as the principal has any. The admission of a new connection
   * asks without `session` (its request has just been authenticated).
   */
  isPrincipalActive?(principal: HubPrincipal, session?: string): Promise<boolean>;
  /** How often isPrincipalActive runs, default 60000. */
  revalidateIntervalMs?: number;
  /**
   * Shared single-use registry of connection ids (Redis when several processes run); absent → per process.
   * A token is also refused when `isPrincipalActive` says the session behind it has ended (logout).
   */
  usedConnectionIds?: UsedConnectionIds;
  /**
   * Per-address limit of the hub's HTTP requests and upgrades that do not belong to an open connection (negotiate,
   * opening a connection, requests with an unknown id): more than `max` within `windowMs` from one `keyOf(req)` (the
   * client address as the application resolves it behind its proxies; null: not counted) get 429 with Retry-After,
   * unlogged. Absent → none.
   */
  requestLimit?: {
    readonly max: number;
    readonly windowMs: number;
    keyOf(req: IncomingMessage): string | null;
    /** Counts shared by every process (Redis): the budget holds for the whole deployment, not once per process. */
    readonly shared?: SharedWindowCounter;
  };
  /**
   * Simultaneous connections per client address on one process: connections (and admissions under way) whose request
   * has the same `keyOf(req)` (as for `requestLimit`; null: not counted) beyond `max` are refused with 429
   * `TooManyConnectionsFromAddress` – at negotiate already while the address is full (the official client then reports
   * the message), and for certain at the transport request that would open the connection. Absent → none.
   */
  connectionLimit?: {
    readonly max: number;
    keyOf(req: IncomingMessage): string | null;
  };
  /** The client address the hub logs (behind a proxy the forwarded one, as the application trusts it); default the socket's. */
  clientAddress?(req: IncomingMessage): string | undefined;
  /** Clock, injectable for tests; default Date.now. */
  now?(): number;
}

export interface HubMetrics {
  connections: number;
  messagesIn: number;
  messagesOut: number;
}

export interface Hub {
  /** Returns true when the request belonged to the hub path and was answered. */
  handleRequest(req: IncomingMessage, res: ServerResponse): boolean;
  /** Returns true when the upgrade belonged to the hub path. */
  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): boolean;
  addToGroup(connectionId: string, group: string): Promise<void>;
  removeFromGroup(connectionId: string, group: string): Promise<void>;
  /** Across processes via the backplane. */
  sendToGroup(group: string, target: string, args: readonly unknown[]): Promise<void>;
  /**
   * Like sendToGroup for each group, with the invocation serialised once for all of them. `except`
   * names one connection that is left out (SignalR's OthersInGroup): the caller that already has
   * the message in its completion.
   */
  sendToGroups(groups: readonly string[], target: string, args: readonly unknown[], except?: string): Promise<void>;
  sendToPrincipal(principal: HubPrincipal, target: string, args: readonly unknown[]): Promise<void>;
  sendToConnection(connectionId: string, target: string, args: readonly unknown[]): Promise<void>;
  /**
   * Closes every connection of `principal` on every process with a Close message that
   * forbids automatic reconnect (logout, revoked session, office hours over).
   */
  disconnectPrincipal(principal: HubPrincipal, reason: string): Promise<void>;
  /**
   * Like disconnectPrincipal, but only the connections of `principal` that were opened with `session`
   * (`HubCallContext.session`, from `sessionOf`) close – or, with `{ except: session }`, every connection of the
   * principal but those: one device's session ended, the principal's other devices keep theirs.
   */
  disconnectSession(principal: HubPrincipal, session: string | { readonly except: string }, reason: string): Promise<void>;
  /**
   * Closes every connection of `principal` on every process with a Close message that allows automatic reconnect:
   * the client reconnects, the server rebuilds its groups and the client re-reads (work handed over to a lawyer).
   * `exceptConnectionId`: that connection stays (the device that caused the change already knows it).
   */
  reconnectPrincipal(principal: HubPrincipal, reason: string, exceptConnectionId?: string): Promise<void>;
  connectionCount(): number;
  metrics(): HubMetrics;
  /** Sends Close {allowReconnect:true} to every client and stops timers. */
  close(): Promise<void>;
}

/** A fixed-window counter every process of a deployment shares (in the app: Redis), for HubOptions.requestLimit. */
export interface SharedWindowCounter {
  /** Counts one request of `key` in window number `window` (of `windowMs` since the epoch) and resolves the window's count. */
  increment(key: string, window: number, windowMs: number): Promise<number>;
  /** False while the store cannot answer at once (Redis reconnecting): then only this process's count decides. */
  readonly available: boolean;
}
