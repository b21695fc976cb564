// Login-screen endpoints: authenticated, consent, login-information, check, login, logout.
import type { FastifyInstance } from 'fastify';
import { LoginPayload } from '@rechtschat/core';
import { bodyOf, type IoTsTypeProvider } from '../../platform/http/routeSchema.js';
import { addressKey } from '../../platform/http/addressKey.js';
import { currentCaseFile, sessionMatchesToken, type CaseFileContext, type TokenRequest } from './context.js';
import { addressLimitedMessage, attemptsLeftMessage, caseFileError, caseFileNotFound, consentRequired, lockedMessage, messages } from './caseFileErrors.js';
import { currentLock, loginWithPin } from './login.js';
import { internationalDigits, maskedPhoneNumberPart } from '../../platform/phone.js';
import { findCaseByToken, toSummary } from './service.js';
import { linkTokenHash, looksLikeLinkToken } from './linkToken.js';
import { caseFileWithdrawn } from './withdrawalErrors.js';
import { isWithdrawnTokenHash } from './withdrawalQueries.js';

/**
 * The PIN as typed: white space around it dropped and full-width digits (a Japanese or Chinese input method) read as
 * 0–9 (NFKC); undefined when that is not exactly four ASCII digits – a typing slip, answered before any attempt counts.
 */
export function typedPin(raw: string): string | undefined {
  const pin = raw.normalize('NFKC').trim();
  return /^[0-9]{4}$/.test(pin) ? pin : undefined;
}

export function registerAuthRoutes(app: FastifyInstance, ctx: CaseFileContext): void {
  const cookieOptions = { path: '/', httpOnly: true, sameSite: 'lax', secure: ctx.cookieSecure } as const;

  app.get<{ Querystring: { token?: unknown } }>('/authenticated', async (request) => {
    const row = await currentCaseFile(ctx, request);
    const { token } = request.query;
    // Without `token`: any live session. A token sent twice (`?token=a&token=b`) or otherwise not as one text was
    // asked about too and is no session's token – not "no token", which would answer true for any session.
    if (token === undefined) return { Value: row !== undefined };
    return { Value: row !== undefined && typeof token === 'string' && sessionMatchesToken(row, token) };
  });

  app.get('/:token/consent', async (request: TokenRequest) => {
    const row = await findCaseByToken(ctx.db, request.params.token);
    return { Value: row !== undefined && row.consent_privacy_at !== null && row.consent_terms_at !== null };
  });

  app.get('/:token/login-information', async (request: TokenRequest) => {
    const row = await findCaseByToken(ctx.db, request.params.token);
    const digits = row ? internationalDigits(row.phone) : undefined;
    if (!digits || !row) throw caseFileNotFound();
    // Told only for a known token (the phone part already is): a reloaded login page shows the lock and its countdown.
    const lock = await currentLock(ctx.db, row.id, ctx.login.now());
    return {
      PhoneNumberPart: maskedPhoneNumberPart(digits),
      ...(lock ? { LockedUntil: lock.lockedUntil, LockedForSeconds: lock.retryAfterSeconds } : {}),
    };
  });

  app.get('/:token/check', async (request: TokenRequest) => {
    const { token } = request.params;
    const row = await findCaseByToken(ctx.db, token);
    // The link of a withdrawn file (withdrawal.ts) says so, so the client gets the end page, not "invalid link".
    if (!row && looksLikeLinkToken(token) && (await isWithdrawnTokenHash(ctx.db, linkTokenHash(token)))) throw caseFileWithdrawn();
    if (!row) throw caseFileNotFound();
    const session = await currentCaseFile(ctx, request);
    // Before the PIN only that the link is valid: not the file's id, state or age (least data before authentication).
    return session?.id === row.id ? toSummary(row) : { Valid: true as const };
  });

  app.withTypeProvider<IoTsTypeProvider>().post('/login', { schema: { body: LoginPayload } }, async (request, reply) => {
    const { LoginData, AgreedPrivacyWithLawyer, AgreedTermsOfService } = bodyOf(request);
    const pin = typedPin(LoginData.Pin);
    // Not a PIN at all: 400 like a PIN sent as a number, and none of the five attempts is used.
    if (pin === undefined) throw caseFileError('InvalidInput', messages.pinFormat);
    const outcome = await loginWithPin(ctx.login, {
      token: LoginData.UrlToken,
      pin,
      agreedPrivacy: AgreedPrivacyWithLawyer || LoginData.AgreedPrivacyWithLawyer === true,
      agreedTerms: AgreedTermsOfService || LoginData.AgreedTermsOfService === true,
      // One IPv4 address or one IPv6 /64: a client cannot spread its attempts over the addresses of its network.
      address: addressKey(request.ip),
    });
    switch (outcome.type) {
      case 'success':
        // A new login replaces the session the browser presented; the old id must not stay usable.
        await ctx.sessions.destroy(request.cookies[ctx.cookieName]);
        reply.setCookie(ctx.cookieName, outcome.sessionId, cookieOptions);
        return reply.code(204).send();
      case 'rejected':
        // From the first wrong PIN on the attempts left (an unknown token answers like a first wrong PIN).
        return reply.code(401).send({ Error: 'NotAuthenticated', Message: attemptsLeftMessage(outcome.attemptsLeft), AttemptsLeft: outcome.attemptsLeft });
      case 'locked':
      case 'addressLimited':
        // A locked file says until when (the page shows it after a reload too); the per-address limit locks no file.
        reply.header('Retry-After', String(outcome.retryAfterSeconds));
        return reply.code(429).send(
          outcome.type === 'locked'
            ? {
                Error: 'Locked',
                Message: lockedMessage(outcome.retryAfterSeconds),
                LockedUntil: outcome.lockedUntil,
                LockedForSeconds: outcome.retryAfterSeconds,
              }
            : { Error: 'AddressLimited', Message: addressLimitedMessage(outcome.retryAfterSeconds), LockedForSeconds: outcome.retryAfterSeconds },
        );
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
