import type { IncomingMessage } from 'node:http';
import type { HubLogger, HubPrincipal } from './hub.types.js';
import { Refusals, type Refusal } from './transportHost.js';

/**
 * The same principal: kind and subject. Like ASP.NET Core's HttpConnectionDispatcher, which compares the
 * user's name identifier, the session behind the cookie may differ (a second tab after a re-login).
 */
export function samePrincipal(a: HubPrincipal, b: HubPrincipal): boolean {
  return a.kind === b.kind && a.id === b.id;
}

/**
 * Everything a request may carry its credential in: the Cookie and Authorization headers and the
 * `access_token` query parameter (browsers cannot set headers on EventSource or WebSocket).
 */
function credentialKey(req: IncomingMessage): string {
  const url = req.url ?? '';
  const accessToken = url.includes('access_token=') ? (URL.parse(url, 'http://hub.invalid')?.searchParams.get('access_token') ?? '') : '';
  return `${req.headers.cookie ?? ''}\n${req.headers.authorization ?? ''}\n${accessToken}`;
}

interface Verified {
  readonly key: string;
  readonly until: number;
}

export interface RequestPrincipalDeps {
  readonly logger: HubLogger;
  /** How long a verified credential is trusted on its connection before it is authenticated again. */
  readonly recheckMs: number;
  now(): number;
  /** The client address to log. */
  addressOf(req: IncomingMessage): string | undefined;
  authenticate(req: IncomingMessage): Promise<HubPrincipal | null>;
}

/**
 * Every HTTP request on an existing Server-Sent Events or long-polling connection (poll, send, stop) must
 * authenticate as the principal that opened it, or it is refused with 403 before it touches the connection.
 *
 * CPU per message: the credential that was last verified for a connection is remembered (by its owner object,
 * the connection's transport sink) for `recheckMs`, so a request presenting the same Cookie / Authorization /
 * access_token passes synchronously without calling `authenticate` (no session read per long-polling POST or poll).
 * Only positive answers are remembered. WebSocket frames need no check: the socket is bound to the upgrade request.
 */
export class RequestPrincipalCheck {
  private readonly verified = new WeakMap<object, Verified>();

  constructor(private readonly deps: RequestPrincipalDeps) {}

  /** Remembers that `req` was authenticated as the principal of the connection `owner` (at admission). */
  remember(req: IncomingMessage, owner: object): void {
    this.verified.set(owner, { key: credentialKey(req), until: this.deps.now() + this.deps.recheckMs });
  }

  /**
   * null when `req` carries `principal`; otherwise the refusal (403, or 503 when the credential cannot be checked).
   * Synchronous when the credential was verified for this connection recently.
   */
  check(req: IncomingMessage, owner: object, connectionId: string, principal: HubPrincipal): Refusal | null | Promise<Refusal | null> {
    const key = credentialKey(req);
    const known = this.verified.get(owner);
    if (known !== undefined && known.key === key && this.deps.now() < known.until) return null;
    return this.authenticate(req, owner, key, connectionId, principal);
  }

  private async authenticate(req: IncomingMessage, owner: object, key: string, connectionId: string, principal: HubPrincipal): Promise<Refusal | null> {
    let current: HubPrincipal | null;
    try {
      current = await this.deps.authenticate(req);
    } catch (err) {
      // Fail closed; the client's automatic reconnect tries again.
      this.deps.logger.error({ err, connectionId }, 'hub request: authentication failed');
      return Refusals.sessionCheckFailed;
    }
    if (current !== null && samePrincipal(current, principal)) {
      this.verified.set(owner, { key, until: this.deps.now() + this.deps.recheckMs });
      return null;
    }
    const refusal = current === null ? Refusals.notSignedIn : Refusals.otherUser;
    this.deps.logger.warn(
      { connectionId, principal, presented: current, method: req.method, ip: this.deps.addressOf(req), refusal: refusal.code },
      'hub request refused: not the principal of the connection',
    );
    return refusal;
  }
}
