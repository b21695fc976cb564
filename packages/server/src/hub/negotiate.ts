import type { IncomingMessage, ServerResponse } from 'node:http';
import type { HubLogger, HubPrincipal } from './hub.types.js';
import type { OriginPolicy } from './cors.js';
import { createConnectionToken, newConnectionId } from './connectionToken.js';
import { sendError, sendJson } from './httpUtil.js';
import { Refusals } from './transportHost.js';

export interface NegotiateDeps {
  readonly origins: OriginPolicy;
  readonly tokenSecret: string;
  readonly logger: HubLogger;
  readonly now: () => number;
  /** The client address to log. */
  addressOf(req: IncomingMessage): string | undefined;
  authenticate(req: IncomingMessage): Promise<HubPrincipal | null>;
  /** HubOptions.connectionLimit: the request's address holds all the connections it may (nothing is reserved here). */
  addressLimitReached?(req: IncomingMessage): boolean;
}

const TRANSPORTS = [
  { transport: 'WebSockets', transferFormats: ['Text'] },
  { transport: 'ServerSentEvents', transferFormats: ['Text'] },
  { transport: 'LongPolling', transferFormats: ['Text'] },
] as const;

/**
 * Negotiate v1. Version errors are answered with 200 `{error}` as ASP.NET does (the client
 * reports them verbatim); v0 is refused because it would expose the token as connectionId.
 * Never sends ProtocolVersion or useStatefulReconnect.
 */
export async function negotiate(deps: NegotiateDeps, req: IncomingMessage, res: ServerResponse, query: URLSearchParams): Promise<void> {
  if (deps.origins.verdict(req) === 'forbidden') {
    deps.logger.warn({ origin: req.headers.origin, ip: deps.addressOf(req) }, 'hub negotiate from forbidden origin');
    sendError(res, 403, 'OriginNotAllowed', 'Der Zugriff von dieser Herkunft ist nicht erlaubt.');
    return;
  }
  const requested = query.get('negotiateVersion') ?? '0';
  if (!/^\d{1,9}$/.test(requested)) {
    sendJson(res, 200, { error: 'The client requested a non-integer protocol version.' });
    return;
  }
  if (Number(requested) < 1) {
    sendJson(res, 200, { error: `The client requested version '${requested}', but the server does not support this version.` });
    return;
  }
  const principal = await deps.authenticate(req);
  if (principal === null) {
    deps.logger.info({ ip: deps.addressOf(req) }, 'hub negotiate without authentication');
    sendError(res, 401, 'NotAuthenticated', 'Bitte melden Sie sich an.');
    return;
  }
  // The connection would be refused at the transport request: say so now, where the official client reports the body.
  if (deps.addressLimitReached?.(req) === true) {
    deps.logger.warn({ ip: deps.addressOf(req), principal }, 'hub negotiate refused: too many connections from the address');
    const { status, code, message } = Refusals.tooManyConnectionsFromAddress;
    sendError(res, status, code, message);
    return;
  }
  const connectionId = newConnectionId();
  const connectionToken = createConnectionToken(deps.tokenSecret, { connectionId, principal: { kind: principal.kind, id: principal.id }, issued: deps.now() });
  sendJson(res, 200, { negotiateVersion: 1, connectionId, connectionToken, availableTransports: TRANSPORTS });
}
