import type { IncomingMessage } from 'node:http';
import type { HubLogger, HubPrincipal } from './hub.types.js';
import type { ConnectionTokenClaims } from './connectionToken.js';
import type { HubConnection } from './hubConnection.js';
import type { OriginPolicy } from './cors.js';
import type { TransportSink } from './transportSink.js';

/** Why a transport request was refused: HTTP status plus the `{ Error, Message }` body. */
export interface Refusal {
  readonly status: number;
  readonly reason: string;
  readonly code: string;
  readonly message: string;
}

export type Admission = { readonly ok: true; readonly claims: ConnectionTokenClaims } | ({ readonly ok: false } & Refusal);

/** What the transports need from the hub. */
export interface TransportHost {
  readonly logger: HubLogger;
  readonly origins: OriginPolicy;
  readonly maxMessageBytes: number;
  readonly pollTimeoutMs: number;
  readonly disconnectTimeoutMs: number;
  now(): number;
  /** Checks origin, token signature and freshness, reuse and the caller's identity for a new transport. */
  admit(req: IncomingMessage, token: string | null): Promise<Admission>;
  /** Admits a WebSocket opened without negotiate (`skipNegotiation`) on its session cookie. */
  admitWithoutNegotiation(req: IncomingMessage): Promise<Admission>;
  /** Creates and registers a connection for admitted claims. */
  open(claims: ConnectionTokenClaims, sink: TransportSink, req: IncomingMessage): HubConnection;
  /** Admitted claims that will not be opened (the upgrade failed or the client left): frees the reserved slot. */
  abandon(claims: ConnectionTokenClaims): void;
  /**
   * Whether a request on an existing SSE / long-polling connection carries the principal that opened it
   * (`owner`: the connection's transport sink): null when it does, else the refusal (403; 503 when unknown).
   */
  checkPrincipal(req: IncomingMessage, owner: object, connectionId: string, principal: HubPrincipal): Refusal | null | Promise<Refusal | null>;
  /** Records that the admitted request opening the connection of `owner` was authenticated as its principal. */
  rememberPrincipal(req: IncomingMessage, owner: object): void;
  /** Claims of a correctly signed token (no freshness check): for requests on an existing connection. */
  identify(token: string | null): ConnectionTokenClaims | null;
  /** The live connection with this id on this process, if any. */
  find(connectionId: string): HubConnection | undefined;
}

export const Refusals = {
  missingId: { status: 400, reason: 'Bad Request', code: 'MissingConnectionId', message: 'Die Verbindungskennung fehlt.' },
  unknownId: { status: 404, reason: 'Not Found', code: 'UnknownConnection', message: 'Die Verbindung ist unbekannt oder abgelaufen.' },
  inUse: { status: 409, reason: 'Conflict', code: 'ConnectionInUse', message: 'Die Verbindung wird bereits verwendet.' },
  forbiddenOrigin: { status: 403, reason: 'Forbidden', code: 'OriginNotAllowed', message: 'Der Zugriff von dieser Herkunft ist nicht erlaubt.' },
  otherUser: { status: 403, reason: 'Forbidden', code: 'PrincipalMismatch', message: 'Die Verbindung gehört zu einer anderen Anmeldung.' },
  notSignedIn: { status: 403, reason: 'Forbidden', code: 'NotAuthenticated', message: 'Bitte melden Sie sich an.' },
  /** A request that would open a connection without any session: as negotiate answers it (negotiate.ts). */
  notAuthenticated: { status: 401, reason: 'Unauthorized', code: 'NotAuthenticated', message: 'Bitte melden Sie sich an.' },
  wrongTransport: { status: 400, reason: 'Bad Request', code: 'TransportMismatch', message: 'Die Übertragungsart kann nicht gewechselt werden.' },
  tooManyRequests: { status: 429, reason: 'Too Many Requests', code: 'TooManyRequests', message: 'Zu viele Anfragen. Bitte versuchen Sie es später erneut.' },
  tooManyConnections: {
    status: 429,
    reason: 'Too Many Requests',
    code: 'TooManyConnections',
    message: 'Zu viele gleichzeitige Verbindungen. Bitte schließen Sie andere Fenster.',
  },
  tooManyConnectionsFromAddress: {
    status: 429,
    reason: 'Too Many Requests',
    code: 'TooManyConnectionsFromAddress',
    message: 'Von Ihrem Netzwerk aus bestehen zu viele gleichzeitige Verbindungen. Bitte versuchen Sie es später erneut.',
  },
  sessionCheckFailed: {
    status: 503,
    reason: 'Service Unavailable',
    code: 'SessionCheckFailed',
    message: 'Ihre Anmeldung kann gerade nicht geprüft werden. Bitte versuchen Sie es gleich erneut.',
  },
  shuttingDown: { status: 503, reason: 'Service Unavailable', code: 'ShuttingDown', message: 'Der Server wird gerade neu gestartet.' },
  tooLarge: { status: 413, reason: 'Payload Too Large', code: 'PayloadTooLarge', message: 'Die Nachricht ist zu groß.' },
  methodNotAllowed: { status: 405, reason: 'Method Not Allowed', code: 'MethodNotAllowed', message: 'Diese Methode ist hier nicht erlaubt.' },
} as const satisfies Record<string, Refusal>;
