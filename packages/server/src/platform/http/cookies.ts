// Session cookies: HttpOnly, SameSite=Lax, Secure (and __Host-) outside plain-http localhost.
import type { IncomingMessage } from 'node:http';
import type { CookieSerializeOptions } from '@fastify/cookie';
import { parseCookie } from 'cookie';
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

/**
 * A session cookie of a plain Node request (the hub's negotiate and upgrade). Parsed by `cookie`, the parser
 * @fastify/cookie uses for the routes (same version); the plugin's own `parse` works only after it was registered.
 */
export function readRawSessionCookie(req: IncomingMessage, kind: SessionKind, naming: CookieNaming): string | undefined {
  return parseCookie(req.headers.cookie ?? '')[cookieName(kind, naming)];
}
