// Resolves the caller of a request from its session cookie, or refuses with 401.
import type { FastifyRequest } from 'fastify';
import type { PlatformContext } from '../platformContext.js';
import { DomainError } from '../errors.js';
import type { SessionKind } from '../sessions.js';
import { readSessionCookie, type CookieNaming } from './cookies.js';

export const notAuthenticated = () => new DomainError('NotAuthenticated', 'Bitte melden Sie sich an.');

export function webNaming(ctx: PlatformContext): CookieNaming {
  return { secure: ctx.config.webOrigins.every((o) => o.startsWith('https:')) };
}

export function chatNaming(ctx: PlatformContext): CookieNaming {
  return { secure: ctx.config.chatHostUrl.startsWith('https:') };
}

/** The subject of the request's session of that kind, or null without a (valid) session. */
function subjectOrNull(ctx: PlatformContext, request: FastifyRequest, kind: SessionKind): Promise<string | null> {
  const naming = kind === 'web' ? webNaming(ctx) : chatNaming(ctx);
  return ctx.sessions.resolve(kind, readSessionCookie(request, kind, naming));
}

async function subjectOf(ctx: PlatformContext, request: FastifyRequest, kind: SessionKind): Promise<string> {
  const subject = await subjectOrNull(ctx, request, kind);
  if (subject === null) throw notAuthenticated();
  return subject;
}

/** The participant of the web-origin session (product API). */
export const webParticipant = (ctx: PlatformContext, request: FastifyRequest) => subjectOf(ctx, request, 'web');
/** The participant of the chat-host session. */
export const chatParticipant = (ctx: PlatformContext, request: FastifyRequest) => subjectOf(ctx, request, 'chat');
export const lawyerOf = (ctx: PlatformContext, request: FastifyRequest) => subjectOf(ctx, request, 'lawyer');
/** For the "who am I" probes, which answer a visitor without a session with 200 `null` instead of 401. */
export const webParticipantOrNull = (ctx: PlatformContext, request: FastifyRequest) => subjectOrNull(ctx, request, 'web');
export const lawyerOrNull = (ctx: PlatformContext, request: FastifyRequest) => subjectOrNull(ctx, request, 'lawyer');
