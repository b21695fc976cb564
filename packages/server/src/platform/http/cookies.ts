// Session cookies: HttpOnly, SameSite=Lax, Secure (and __Host-) outside plain-http localhost.
import type { IncomingHttpHeaders, IncomingMessage } from 'node:http';
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

/**
 * A lawyer's session counts only on requests the browser does not mark as started by another site
 * (`Sec-Fetch-Site: cross-site`) – the server's side of SameSite=Strict. The console runs on a web origin of the same
 * site as the chat host (its calls carry the Lax cookie only then), so its calls, download links and hub requests are
 * `same-site` or `same-origin`; a typed address or bookmark is `none`, a program sends no such header. Before (found
 * from outside, 2026-12-07), a link or script on any other site could navigate a signed-in administrator's browser to
 * `GET api/admin/audit.csv` or `api/reports/invoice.csv` – the Lax cookie goes along with a top-level GET – and each
 * visit wrote an export the administrator never made into the firm's Protokoll. Only the lawyer's cookie: clients'
 * GETs change nothing a foreign site could use, and their writes are refused by the CSRF filter (security.ts).
 */
function ignoredCrossSite(kind: SessionKind, headers: IncomingHttpHeaders): boolean {
  return kind === 'lawyer' && headers['sec-fetch-site'] === 'cross-site';
}

export function readSessionCookie(request: FastifyRequest, kind: SessionKind, naming: CookieNaming): string | undefined {
  if (ignoredCrossSite(kind, request.headers)) return undefined;
  return request.cookies[cookieName(kind, naming)];
}

/**
 * A session cookie of a plain Node request (the hub's negotiate and upgrade). Parsed by `cookie`, the parser
 * @fastify/cookie uses for the routes (same version); the plugin's own `parse` works only after it was registered.
 */
export function readRawSessionCookie(req: IncomingMessage, kind: SessionKind, naming: CookieNaming): string | undefined {
  if (ignoredCrossSite(kind, req.headers)) return undefined;
  return parseCookie(req.headers.cookie ?? '')[cookieName(kind, naming)];
}
