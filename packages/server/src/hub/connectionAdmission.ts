import type { IncomingMessage } from 'node:http';
import type { HubLogger, HubPrincipal } from './hub.types.js';
import type { OriginPolicy } from './cors.js';
import { newConnectionId, verifyConnectionToken, type ConnectionTokenClaims } from './connectionToken.js';
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
  /** HubOptions.connectionLimit: simultaneous connections per client address on this process. */
  readonly connectionLimit?: { readonly max: number; keyOf(req: IncomingMessage): string | null };
  /** The client address to log. */
  addressOf(req: IncomingMessage): string | undefined;
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

function countUp(counts: Map<string, number>, key: string): void {
  counts.set(key, (counts.get(key) ?? 0) + 1);
}

function countDown(counts: Map<string, number>, key: string): void {
  const remaining = (counts.get(key) ?? 1) - 1;
  if (remaining > 0) counts.set(key, remaining);
  else counts.delete(key);
}

/** What a reserved slot counts against: the principal and the client address (null: not counted). */
interface Slot {
  readonly principal: string;
  readonly address: string | null;
}

/**
 * Decides whether a transport request may start a connection: origin, signed and fresh
 * token, single use per process, a cookie of the token's principal, a per-principal and a per-address limit.
 */
export class ConnectionAdmission {
  /** Connection ids already used on this process, until their token could no longer be fresh. */
  private readonly used = new Map<string, number>();
  private readonly perPrincipal = new Map<string, number>();
  private readonly perAddress = new Map<string, number>();
  /** The slot each admitted connection id holds, until it ended or its admission was abandoned. */
  private readonly slots = new Map<string, Slot>();

  constructor(private readonly deps: AdmissionDeps) {}

  /** A refusal that is logged with the caller's address when it says why. */
  private refuser(req: IncomingMessage): (refusal: Refusal, log?: object) => Admission {
    return (refusal, log) => {
      if (log) this.deps.logger.warn({ ...log, ip: this.deps.addressOf(req), refusal: refusal.code }, 'hub transport refused');
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
    if (token === null) return refuse(await this.withoutIdRefusal(req));
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
    const full = this.reserve(connectionId, principal, req);
    if (full) return refuse(full, { principal });
    const admission = await this.confirm(claims, refuse);
    if (!admission.ok) this.release(connectionId);
    return admission;
  }

  /** The awaited checks after a slot is reserved: the session still active, the id not used on another process. */
  private async confirm(claims: ConnectionTokenClaims, refuse: (refusal: Refusal, log?: object) => Admission): Promise<Admission> {
    const { deps } = this;
    const { connectionId, principal } = claims;
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
   * An SSE or long-polling request without `id`: who asks is checked first, as ASP.NET Core authenticates before its
   * dispatcher looks at the id – without a session 401 as at negotiate, else the missing id (400).
   */
  private async withoutIdRefusal(req: IncomingMessage): Promise<Refusal> {
    try {
      return (await this.deps.authenticate(req)) === null ? Refusals.notAuthenticated : Refusals.missingId;
    } catch {
      return Refusals.sessionCheckFailed;
    }
  }

  /**
   * `skipNegotiation` (the client connects by WebSocket at once, without a negotiate request): a WebSocket without `id` is admitted on its session cookie
   * alone and gets a fresh connection id. Without a session it is refused as negotiate refuses it (401 NotAuthenticated,
   * found from outside: it was a missing id, 400); a session that cannot be checked opens nothing (503, as `admit`).
   */
  async admitWithoutNegotiation(req: IncomingMessage): Promise<Admission> {
    const { deps } = this;
    const refuse = this.refuser(req);
    const gate = this.checkGate(req, refuse);
    if (gate) return gate;
    let principal: HubPrincipal | null;
    try {
      principal = await deps.authenticate(req);
    } catch {
      return refuse(Refusals.sessionCheckFailed, { reason: 'authenticate-failed' });
    }
    if (principal === null) return refuse(Refusals.notAuthenticated);
    const claims = { connectionId: newConnectionId(), principal: { kind: principal.kind, id: principal.id }, issued: deps.now() };
    const full = this.reserve(claims.connectionId, principal, req);
    if (full) return refuse(full, { principal });
    this.used.set(claims.connectionId, claims.issued + deps.disconnectTimeoutMs + CLOCK_SKEW_MS);
    return { ok: true, claims };
  }

  /**
   * Takes one of the principal's slots at the moment of the check, before anything is awaited: requests that arrive
   * together would otherwise all pass the check before the first connection counts (a race found from outside:
   * 50 parallel upgrades, 50 open). The slot becomes the connection's once it opens, until it ends; an admission
   * or a transport that gives up before that gives it back (`release`).
   */
  private reserve(connectionId: string, principal: HubPrincipal, req: IncomingMessage): Refusal | null {
    // Two requests with one token at once: only the first holds the id's slot (the second is refused as in use).
    if (this.slots.has(connectionId)) return Refusals.inUse;
    const key = principalKey(principal);
    if ((this.perPrincipal.get(key) ?? 0) >= this.deps.maxConnectionsPerPrincipal) return Refusals.tooManyConnections;
    const address = this.addressKey(req);
    if (address !== null && this.addressFull(address)) return Refusals.tooManyConnectionsFromAddress;
    countUp(this.perPrincipal, key);
    if (address !== null) countUp(this.perAddress, address);
    this.slots.set(connectionId, { principal: key, address });
    return null;
  }

  private addressKey(req: IncomingMessage): string | null {
    return this.deps.connectionLimit?.keyOf(req) ?? null;
  }

  private addressFull(address: string): boolean {
    const limit = this.deps.connectionLimit;
    return limit !== undefined && (this.perAddress.get(address) ?? 0) >= limit.max;
  }

  /**
   * Negotiate's early answer: the request's address already holds as many connections as it may, so the connection it
   * asks for would be refused anyway. Reserves nothing (negotiate keeps no state); the transport request decides.
   */
  addressLimitReached(req: IncomingMessage): boolean {
    const address = this.addressKey(req);
    return address !== null && this.addressFull(address);
  }

  /** Gives back the slot of an admission that did not become a connection, or of a connection that ended. Once only. */
  release(connectionId: string): void {
    const slot = this.slots.get(connectionId);
    if (slot === undefined) return;
    this.slots.delete(connectionId);
    countDown(this.perPrincipal, slot.principal);
    if (slot.address !== null) countDown(this.perAddress, slot.address);
  }

  /** Forgets used ids whose tokens have expired anyway. */
  sweep(now: number): void {
    for (const [connectionId, expires] of this.used) if (expires < now) this.used.delete(connectionId);
  }
}
