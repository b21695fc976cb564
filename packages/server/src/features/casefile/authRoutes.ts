// Login-screen endpoints: authenticated, consent, login-information, check, login, logout.
import type { FastifyInstance } from 'fastify';
import * as E from 'fp-ts/lib/Either.js';
import { decode, LoginPayload } from '@rechtschat/core';
import { currentCaseFile, sessionMatchesToken, type CaseFileContext, type TokenRequest } from './context.js';
import { caseFileNotFound, consentRequired, invalidInput, loginLocked, loginRejected } from './caseFileErrors.js';
import { loginWithPin } from './login.js';
import { internationalDigits, maskedPhoneNumberPart } from '../../platform/phone.js';
import { findCaseByToken, toRedactedSummary, toSummary } from './service.js';

export function registerAuthRoutes(app: FastifyInstance, ctx: CaseFileContext): void {
  const cookieOptions = { path: '/', httpOnly: true, sameSite: 'lax', secure: ctx.cookieSecure } as const;

  app.get<{ Querystring: { token?: string } }>('/authenticated', async (request) => {
    const row = await currentCaseFile(ctx, request);
    const token = typeof request.query.token === 'string' ? request.query.token : undefined;
    return { Value: row !== undefined && (token === undefined || sessionMatchesToken(row, token)) };
  });

  app.get('/:token/consent', async (request: TokenRequest) => {
    const row = await findCaseByToken(ctx.db, request.params.token);
    return { Value: row !== undefined && row.consent_privacy_at !== null && row.consent_terms_at !== null };
  });

  app.get('/:token/login-information', async (request: TokenRequest) => {
    const row = await findCaseByToken(ctx.db, request.params.token);
    const digits = row ? internationalDigits(row.phone) : undefined;
    if (!digits) throw caseFileNotFound();
    return { PhoneNumberPart: maskedPhoneNumberPart(digits) };
  });

  app.get('/:token/check', async (request: TokenRequest) => {
    const row = await findCaseByToken(ctx.db, request.params.token);
    if (!row) throw caseFileNotFound();
    const session = await currentCaseFile(ctx, request);
    return session?.id === row.id ? toSummary(row) : toRedactedSummary(row);
  });

  app.post('/login', { config: { body: LoginPayload } }, async (request, reply) => {
    const payload = decode(LoginPayload, request.body);
    if (E.isLeft(payload)) throw invalidInput();
    const { LoginData, AgreedPrivacyWithLawyer, AgreedTermsOfService } = payload.right;
    const outcome = await loginWithPin(ctx.login, {
      token: LoginData.UrlToken,
      pin: LoginData.Pin,
      agreedPrivacy: AgreedPrivacyWithLawyer || LoginData.AgreedPrivacyWithLawyer === true,
      agreedTerms: AgreedTermsOfService || LoginData.AgreedTermsOfService === true,
      address: request.ip,
    });
    switch (outcome.type) {
      case 'success':
        // A new login replaces the session the browser presented; the old id must not stay usable (SECURITY C2).
        await ctx.sessions.destroy(request.cookies[ctx.cookieName]);
        reply.setCookie(ctx.cookieName, outcome.sessionId, cookieOptions);
        return reply.code(204).send();
      case 'rejected':
        throw loginRejected();
      case 'locked':
        reply.header('Retry-After', String(outcome.retryAfterSeconds));
        throw loginLocked(outcome.retryAfterSeconds);
      case 'consentRequired':
        throw consentRequired();
    }
  });

  app.post('/logout', async (request, reply) => {
    await ctx.sessions.destroy(request.cookies[ctx.cookieName]);
    reply.clearCookie(ctx.cookieName, cookieOptions);
    return reply.code(204).send();
  });
}
