// Login-screen endpoints: authenticated, consent, login-information, check, login, logout.
import type { FastifyInstance } from 'fastify';
import * as E from 'fp-ts/lib/Either.js';
import { decode, LoginPayload } from '@rechtschat/core';
import { currentSession, type CaseFileContext, type TokenRequest } from './context.js';
import { lockedMessage, messages, sendError } from './httpErrors.js';
import { loginWithPin } from './login.js';
import { internationalDigits, maskedPhoneNumberPart } from '../../platform/phone.js';
import { sha256Hex } from './secrets.js';
import { findCaseByToken, toRedactedSummary, toSummary } from './service.js';
import { endSession } from './sessions.js';

export function registerAuthRoutes(app: FastifyInstance, ctx: CaseFileContext): void {
  app.get<{ Querystring: { token?: string } }>('/authenticated', async (request) => {
    const session = await currentSession(ctx, request);
    const token = typeof request.query.token === 'string' ? request.query.token : undefined;
    return { Value: session !== undefined && (token === undefined || session.tokenHash === sha256Hex(token)) };
  });

  app.get('/:token/consent', async (request: TokenRequest) => {
    const row = await findCaseByToken(ctx.db, request.params.token);
    return { Value: row !== undefined && row.consent_privacy_at !== null && row.consent_terms_at !== null };
  });

  app.get('/:token/login-information', async (request: TokenRequest, reply) => {
    const row = await findCaseByToken(ctx.db, request.params.token);
    const digits = row ? internationalDigits(row.phone) : undefined;
    if (!digits) return sendError(reply, 404, 'NotFound', messages.notFound);
    return { PhoneNumberPart: maskedPhoneNumberPart(digits) };
  });

  app.get('/:token/check', async (request: TokenRequest, reply) => {
    const row = await findCaseByToken(ctx.db, request.params.token);
    if (!row) return sendError(reply, 404, 'NotFound', messages.notFound);
    const session = await currentSession(ctx, request);
    return session?.caseFileId === row.id ? toSummary(row) : toRedactedSummary(row);
  });

  app.post('/login', async (request, reply) => {
    const payload = decode(LoginPayload, request.body);
    if (E.isLeft(payload)) return sendError(reply, 400, 'InvalidInput', messages.invalidInput);
    const { LoginData, AgreedPrivacyWithLawyer, AgreedTermsOfService } = payload.right;
    const outcome = await loginWithPin(ctx.login, {
      token: LoginData.UrlToken,
      pin: LoginData.Pin,
      agreedPrivacy: AgreedPrivacyWithLawyer || LoginData.AgreedPrivacyWithLawyer === true,
      agreedTerms: AgreedTermsOfService || LoginData.AgreedTermsOfService === true,
      address: request.ip,
    });
    switch (outcome.type) {
      case 'success': {
        // A new login replaces the session the browser presented; the old id must not stay usable (SECURITY C2).
        const presented = request.cookies[ctx.cookieName];
        if (presented) await endSession(ctx.db, presented);
        reply.setCookie(ctx.cookieName, outcome.sessionId, { path: '/', httpOnly: true, sameSite: 'lax', secure: ctx.cookieSecure });
        return reply.code(204).send();
      }
      case 'rejected':
        return sendError(reply, 401, 'NotAuthenticated', messages.notAuthenticated);
      case 'locked':
        reply.header('Retry-After', String(outcome.retryAfterSeconds));
        return sendError(reply, 429, 'Locked', lockedMessage(outcome.retryAfterSeconds));
      case 'consentRequired':
        return sendError(reply, 400, 'ConsentRequired', messages.consentRequired);
    }
  });

  app.post('/logout', async (request, reply) => {
    const sessionId = request.cookies[ctx.cookieName];
    if (sessionId) await endSession(ctx.db, sessionId);
    reply.clearCookie(ctx.cookieName, { path: '/', httpOnly: true, sameSite: 'lax', secure: ctx.cookieSecure });
    return reply.code(204).send();
  });
}
