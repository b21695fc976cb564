import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { HubPrincipal } from './hub.types.js';

/** What a connection token proves: this connection id was negotiated by this principal at `issued`. */
export interface ConnectionTokenClaims {
  readonly connectionId: string;
  readonly principal: HubPrincipal;
  readonly issued: number;
}

const MAX_TOKEN_LENGTH = 1024;

/** 16 random bytes, base64url – the public connection id. */
export function newConnectionId(): string {
  return randomBytes(16).toString('base64url');
}

/** Domain separation: the secret may be shared with other signers (e.g. session cookies). */
const PURPOSE = 'signalr-connection-token\0';

function sign(secret: string, payload: string): Buffer {
  return createHmac('sha256', secret)
    .update(PURPOSE + payload)
    .digest();
}

/** `base64url(JSON claims) + '.' + base64url(HMAC-SHA256)`; URL-safe without escaping. */
export function createConnectionToken(secret: string, claims: ConnectionTokenClaims): string {
  const payload = Buffer.from(JSON.stringify(claims), 'utf8').toString('base64url');
  return `${payload}.${sign(secret, payload).toString('base64url')}`;
}

function isPrincipal(value: unknown): value is HubPrincipal {
  if (typeof value !== 'object' || value === null) return false;
  const { kind, id } = value as Record<string, unknown>;
  return (kind === 'participant' || kind === 'lawyer') && typeof id === 'string' && id.length > 0;
}

function parseClaims(json: string): ConnectionTokenClaims | null {
  try {
    const value: unknown = JSON.parse(json);
    if (typeof value !== 'object' || value === null) return null;
    const { connectionId, principal, issued } = value as Record<string, unknown>;
    if (typeof connectionId !== 'string' || connectionId.length === 0) return null;
    if (typeof issued !== 'number' || !Number.isFinite(issued) || !isPrincipal(principal)) return null;
    return { connectionId, principal: { kind: principal.kind, id: principal.id }, issued };
  } catch {
    return null;
  }
}

/** Returns the claims when the signature matches, otherwise null. Never throws. */
export function verifyConnectionToken(secret: string, token: string): ConnectionTokenClaims | null {
  if (token.length > MAX_TOKEN_LENGTH) return null;
  const dot = token.indexOf('.');
  if (dot <= 0 || dot !== token.lastIndexOf('.')) return null;
  const payload = token.slice(0, dot);
  const given = Buffer.from(token.slice(dot + 1), 'base64url');
  const expected = sign(secret, payload);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return parseClaims(Buffer.from(payload, 'base64url').toString('utf8'));
}
