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

async function subjectOf(ctx: PlatformContext, request: FastifyRequest, kind: SessionKind): Promise<string> {
  const naming = kind === 'web' ? webNaming(ctx) : chatNaming(ctx);
  const subject = await ctx.sessions.resolve(kind, readSessionCookie(request, kind, naming));
  if (subject === null) throw notAuthenticated();
  return subject;
}

/** The participant of the web-origin session (product API). */
export const webParticipant = (ctx: PlatformContext, request: FastifyRequest) => subjectOf(ctx, request, 'web');
/** The participant of the chat-host session. */
export const chatParticipant = (ctx: PlatformContext, request: FastifyRequest) => subjectOf(ctx, request, 'chat');
export const lawyerOf = (ctx: PlatformContext, request: FastifyRequest) => subjectOf(ctx, request, 'lawyer');
