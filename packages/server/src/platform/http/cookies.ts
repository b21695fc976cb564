// Session cookies: HttpOnly, SameSite=Lax, Secure (and __Host-) outside plain-http localhost.
import type { CookieSerializeOptions } from '@fastify/cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { SESSION_ABSOLUTE_MS, type SessionKind } from '../sessions.js';

export interface CookieNaming {
  readonly secure: boolean;
}

export function cookieName(kind: SessionKind, naming: CookieNaming): string {
  const base = `rc_${kind}_session`;
  return naming.secure ? `__Host-${base}` : base;
}

function options(kind: SessionKind, naming: CookieNaming): CookieSerializeOptions {
  return { httpOnly: true, sameSite: 'lax', secure: naming.secure, path: '/', maxAge: Math.floor(SESSION_ABSOLUTE_MS[kind] / 1000) };
}

export function setSessionCookie(reply: FastifyReply, kind: SessionKind, naming: CookieNaming, token: string): void {
  reply.setCookie(cookieName(kind, naming), token, options(kind, naming));
}

export function clearSessionCookie(reply: FastifyReply, kind: SessionKind, naming: CookieNaming): void {
  reply.clearCookie(cookieName(kind, naming), { ...options(kind, naming), maxAge: 0 });
}

export function readSessionCookie(request: FastifyRequest, kind: SessionKind, naming: CookieNaming): string | undefined {
  return request.cookies[cookieName(kind, naming)];
}

/** Parses a raw Cookie header (the hub sees plain Node requests). */
export function parseCookieHeader(header: string | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const part of (header ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq <= 0) continue;
    const key = part.slice(0, eq).trim();
    try {
      out[key] = decodeURIComponent(part.slice(eq + 1).trim());
    } catch {
      // A malformed value is ignored like an absent cookie.
    }
  }
  return out;
}
