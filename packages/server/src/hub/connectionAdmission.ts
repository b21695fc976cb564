import type { IncomingMessage } from 'node:http';
import type { HubLogger, HubPrincipal } from './hub.types.js';
import type { OriginPolicy } from './cors.js';
import { newConnectionId, verifyConnectionToken } from './connectionToken.js';
import { clientAddress } from './httpUtil.js';
import type { UsedConnectionIds } from './hub.types.js';
import { Refusals, type Admission, type Refusal } from './transportHost.js';
import { samePrincipal } from './requestPrincipal.js';

/** Tolerated clock difference between processes when checking a token's issue time. */
const CLOCK_SKEW_MS = 60_000;

export interface AdmissionDeps {
  readonly tokenSecret: string;
  readonly origins: OriginPolicy;
  readonly logger: HubLogger;
  readonly disconnectTimeoutMs: number;
  readonly maxConnectionsPerPrincipal: number;
  now(): number;
  authenticate(req: IncomingMessage): Promise<HubPrincipal | null>;
  /** True while a connection with this id exists on this process. */
  isLive(connectionId: string): boolean;
  isClosing(): boolean;
  /** False once the principal's session has ended: a token negotiated before logout no longer opens anything. */
  isPrincipalActive?(principal: HubPrincipal): Promise<boolean>;
  /** Cross-process single use; the local map below is checked first either way. */
  usedConnectionIds?: UsedConnectionIds;
}

const principalKey = (principal: HubPrincipal): string => `${principal.kind}:${principal.id}`;

/**
 * Decides whether a transport request may start a connection: origin, signed and fresh
 * token, single use per process, a cookie of the token's principal and a per-principal limit.
 */
export class ConnectionAdmission {
  /** Connection ids already used on this process, until their token could no longer be fresh. */
  private readonly used = new Map<string, number>();
  private readonly perPrincipal = new Map<string, number>();

  constructor(private readonly deps: AdmissionDeps) {}

  /** A refusal that is logged with the caller's address when it says why. */
  private refuser(req: IncomingMessage): (refusal: Refusal, log?: object) => Admission {
    return (refusal, log) => {
      if (log) this.deps.logger.warn({ ...log, ip: clientAddress(req), refusal: refusal.code }, 'hub transport refused');
      return { ok: false, ...refusal };
    };
  }

  /** Checks every transport request passes first: not shutting down, and from an allowed origin. */
  private checkGate(req: IncomingMessage, refuse: (refusal: Refusal, log?: object) => Admission): Admission | null {
    if (this.deps.isClosing()) return refuse(Refusals.shuttingDown);
    if (this.deps.origins.verdict(req) === 'forbidden') return refuse(Refusals.forbiddenOrigin, { origin: req.headers.origin });
    return null;
  }

  async admit(req: IncomingMessage, token: string | null): Promise<Admission> {
    const { deps } = this;
    const refuse = this.refuser(req);
    const gate = this.checkGate(req, refuse);
    if (gate) return gate;
    if (token === null) return refuse(Refusals.missingId);
    const claims = verifyConnectionToken(deps.tokenSecret, token);
    if (claims === null) return refuse(Refusals.unknownId, { reason: 'signature' });
    const age = deps.now() - claims.issued;
    if (age > deps.disconnectTimeoutMs || age < -CLOCK_SKEW_MS) return refuse(Refusals.unknownId, { reason: 'expired' });
    const { connectionId, principal } = claims;
    if (deps.isLive(connectionId)) return refuse(Refusals.inUse, { connectionId });
    if (this.used.has(connectionId)) return refuse(Refusals.unknownId, { reason: 'reused' });
    // The token alone opens nothing: the request must also authenticate as the principal that negotiated it
    // (as ASP.NET's dispatcher compares the user), so a leaked token is useless without that person's session.
    let current: HubPrincipal | null;
    try {
      current = await deps.authenticate(req);
    } catch {
      return refuse(Refusals.sessionCheckFailed, { reason: 'authenticate-failed', connectionId });
    }
    if (current === null) return refuse(Refusals.notSignedIn, { connectionId, principal });
    if (!samePrincipal(current, principal)) return refuse(Refusals.otherUser, { connectionId, principal, presented: current });
    if (deps.isLive(connectionId) || this.used.has(connectionId)) return refuse(Refusals.inUse, { connectionId });
    if ((this.perPrincipal.get(principalKey(principal)) ?? 0) >= deps.maxConnectionsPerPrincipal) {
      return refuse(Refusals.tooManyConnections, { principal });
    }
    // Sessions end at logout on any process; the token must not outlive them.
    // Fail closed: a session that cannot be checked (database unreachable) opens nothing; the client retries.
    let active = true;
    try {
      if (deps.isPrincipalActive) active = await deps.isPrincipalActive(principal);
    } catch {
      return refuse(Refusals.sessionCheckFailed, { reason: 'session-check-failed', principal });
    }
    if (!active) return refuse(Refusals.unknownId, { reason: 'session-ended', principal });
    const expires = claims.issued + deps.disconnectTimeoutMs + CLOCK_SKEW_MS;
    if (deps.isLive(connectionId) || this.used.has(connectionId)) return refuse(Refusals.inUse, { connectionId });
    this.used.set(connectionId, expires);
    if (deps.usedConnectionIds && !(await deps.usedConnectionIds.claim(connectionId, expires - deps.now()))) {
      return refuse(Refusals.unknownId, { reason: 'reused-elsewhere', connectionId });
    }
    return { ok: true, claims };
  }

  /**
   * `skipNegotiation` (the client connects by WebSocket at once, without a negotiate request): a WebSocket without `id` is admitted on its session cookie
   * alone and gets a fresh connection id. Without a session it stays a missing id (400).
   */
  async admitWithoutNegotiation(req: IncomingMessage): Promise<Admission> {
    const { deps } = this;
    const refuse = this.refuser(req);
    const gate = this.checkGate(req, refuse);
    if (gate) return gate;
    const principal = await deps.authenticate(req).catch(() => null);
    if (principal === null) return refuse(Refusals.missingId);
    if ((this.perPrincipal.get(principalKey(principal)) ?? 0) >= deps.maxConnectionsPerPrincipal) {
      return refuse(Refusals.tooManyConnections, { principal });
    }
    const claims = { connectionId: newConnectionId(), principal: { kind: principal.kind, id: principal.id }, issued: deps.now() };
    this.used.set(claims.connectionId, claims.issued + deps.disconnectTimeoutMs + CLOCK_SKEW_MS);
    return { ok: true, claims };
  }

  /** Counts a started connection towards its principal's limit. */
  started(principal: HubPrincipal): void {
    const key = principalKey(principal);
    this.perPrincipal.set(key, (this.perPrincipal.get(key) ?? 0) + 1);
  }

  ended(principal: HubPrincipal): void {
    const key = principalKey(principal);
    const remaining = (this.perPrincipal.get(key) ?? 1) - 1;
    if (remaining > 0) this.perPrincipal.set(key, remaining);
    else this.perPrincipal.delete(key);
  }

  /** Forgets used ids whose tokens have expired anyway. */
  sweep(now: number): void {
    for (const [connectionId, expires] of this.used) if (expires < now) this.used.delete(connectionId);
  }
}
