// Passkeys and security keys (WebAuthn) of the lawyers (the phishing-resistant option): registration in
// the profile after a step-up, the list, removal, and the options for a login with a passkey. The login itself stays
// in lawyerRoutes.ts and reads the optional `WebAuthn` assertion through `webAuthnOf`.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import * as t from 'io-ts';
import type { AppContext } from '../../context.js';
import { DomainError, notFound } from '../../platform/errors.js';
import { chatNaming, lawyerOf, notAuthenticated } from '../../platform/http/auth.js';
import { idParam } from '../../platform/http/body.js';
import { bodyOf, emptyBodyAsObject, type IoTsTypeProvider } from '../../platform/http/routeSchema.js';
import { readSessionCookie } from '../../platform/http/cookies.js';
import { PasskeyLoginOptionsRequest, StepUpRequest, decode } from '@rechtschat/core';
import { accountKey } from './lawyerLogin.js';
import { loginOptions, registerPasskey, registrationOptions, registrationSubject } from './lawyerPasskeys.js';
import { bumpMfaVersion, findLawyerByEmail } from './lawyerQueries.js';
import { lawyerById } from './lawyers.js';
import { passStepUp } from './lawyerStepUp.js';
import { totpEnabled } from './lawyerTotp.js';
import { countCredentials, deleteCredential, listCredentials } from './webAuthnQueries.js';
import { AuthenticationResponse, RegistrationResponse } from './webAuthnResponses.js';

const RegistrationRequest = t.intersection([t.type({ Response: RegistrationResponse }), t.partial({ Name: t.string })], 'PasskeyRegistrationRequest');

const DEFAULT_PASSKEY_NAME = 'Sicherheitsschlüssel';
const MAX_NAME_LENGTH = 60;

/**
 * The optional `WebAuthn` assertion of a login body (the core login codec only says it is an object); a malformed
 * one is a 400 for everybody alike, so it tells nothing about the account.
 */
export function webAuthnOf(body: unknown): { webAuthn?: AuthenticationResponse } {
  const raw = (body as { WebAuthn?: unknown } | null | undefined)?.WebAuthn;
  if (raw === undefined || raw === null) return {};
  const decoded = decode(AuthenticationResponse, raw);
  if (decoded._tag === 'Left') throw new DomainError('BadRequest', 'Die Anfrage ist ungültig: Die Antwort des Sicherheitsschlüssels ist unvollständig.');
  return { webAuthn: decoded.right };
}

/** The web origin the ceremony runs on: the request's own when it is one of WEB_ORIGINS, else the first of them. */
function ceremonyOrigin(ctx: AppContext, request: FastifyRequest): string {
  const origin = request.headers.origin;
  return typeof origin === 'string' && ctx.config.webOrigins.includes(origin) ? origin : (ctx.config.webOrigins[0] ?? '');
}

function passkeyName(raw: string | undefined): string {
  const name = (raw ?? '').replace(/\s+/g, ' ').trim();
  if (name.length > MAX_NAME_LENGTH) throw new DomainError('BadRequest', `Der Name darf höchstens ${MAX_NAME_LENGTH} Zeichen lang sein.`);
  return name === '' ? DEFAULT_PASSKEY_NAME : name;
}

const sensitive = { rateLimit: { max: 10, timeWindow: '1 minute' } };

export async function lawyerWebAuthnRoutes(fastify: FastifyInstance, ctx: AppContext): Promise<void> {
  const app = fastify.withTypeProvider<IoTsTypeProvider>();
  const deps = { db: ctx.db, clock: ctx.clock, sessionSecret: ctx.config.sessionSecret };
  const sessionSubject = (request: FastifyRequest, lawyerId: string) =>
    registrationSubject(lawyerId, readSessionCookie(request, 'lawyer', chatNaming(ctx)) ?? '');

  app.get('/api/lawyer/webauthn/credentials', async (request) => {
    const lawyerId = await lawyerOf(ctx, request);
    const credentials = await listCredentials(ctx.db, lawyerId);
    return credentials.map((c) => ({ Id: c.id, Name: c.name, CreatedAt: c.created_at, LastUsedAt: c.last_used_at }));
  });

  // Step-up first (a current TOTP code or the password), so a hijacked session alone cannot add the attacker's key.
  app.post('/api/lawyer/webauthn/registration/options', { schema: { body: StepUpRequest }, config: sensitive }, async (request, reply) => {
    const lawyer = await lawyerById(ctx.db, await lawyerOf(ctx, request));
    if (!lawyer) throw notAuthenticated();
    const stepUp = bodyOf(request);
    if (!(await passStepUp(ctx, request, reply, lawyer, stepUp, 'passkey registration'))) return reply;
    return registrationOptions(deps, lawyer, sessionSubject(request, lawyer.id), ceremonyOrigin(ctx, request));
  });

  app.post('/api/lawyer/webauthn/registration', { schema: { body: RegistrationRequest }, config: sensitive }, async (request, reply) => {
    const lawyerId = await lawyerOf(ctx, request);
    const { Response, Name } = bodyOf(request);
    const name = passkeyName(Name);
    const outcome = await registerPasskey(deps, lawyerId, sessionSubject(request, lawyerId), Response, name);
    if (outcome.type === 'refused') {
      request.log.warn({ event: 'lawyer-webauthn-registration-refused', lawyerId, reason: outcome.reason }, 'passkey registration refused');
      throw new DomainError(
        'BadRequest',
        'Der Passkey oder Sicherheitsschlüssel konnte nicht hinzugefügt werden. Bitte beginnen Sie erneut mit „Passkey oder Sicherheitsschlüssel hinzufügen“.',
      );
    }
    const { credential } = outcome;
    request.log.warn({ event: 'lawyer-webauthn-registered', lawyerId, passkeyId: credential.id }, 'passkey registered');
    return reply.code(201).send({ Id: credential.id, Name: credential.name, CreatedAt: credential.created_at, LastUsedAt: credential.last_used_at });
  });

  // After the same step-up as adding one (a stolen session alone must not take the account back to the password), and
  // refused when it would leave a lawyer under LAWYER_MFA=required without any second factor.
  app.delete(
    '/api/lawyer/webauthn/credentials/:id',
    { schema: { body: StepUpRequest }, preValidation: emptyBodyAsObject, config: sensitive },
    async (request, reply) => {
      const lawyer = await lawyerById(ctx.db, await lawyerOf(ctx, request));
      if (!lawyer) throw notAuthenticated();
      const lawyerId = lawyer.id;
      const id = idParam(request.params, 'id');
      const credentials = await listCredentials(ctx.db, lawyerId);
      if (!credentials.some((c) => c.id === id)) throw notFound('Der Sicherheitsschlüssel');
      if (ctx.config.lawyerMfa === 'required' && credentials.length === 1 && !(await totpEnabled(ctx.db, lawyerId))) {
        request.log.warn({ event: 'lawyer-webauthn-remove-refused', lawyerId, passkeyId: id }, 'passkey removal refused: last second factor');
        throw new DomainError(
          'Conflict',
          'Dies ist Ihr einziger zweiter Faktor, und die Zwei-Faktor-Anmeldung ist vorgeschrieben. Bitte richten Sie zuerst einen weiteren Passkey oder die Authenticator-App ein.',
        );
      }
      if (!(await passStepUp(ctx, request, reply, lawyer, bodyOf(request), 'passkey removal'))) return reply;
      if (!(await deleteCredential(ctx.db, lawyerId, id))) throw notFound('Der Sicherheitsschlüssel');
      await bumpMfaVersion(ctx.db, lawyerId);
      request.log.warn({ event: 'lawyer-webauthn-removed', lawyerId, passkeyId: id, left: await countCredentials(ctx.db, lawyerId) }, 'passkey removed');
      return reply.code(204).send();
    },
  );

  // The same shape for every address: unknown ones and lawyers without keys get made-up credential ids (lawyerPasskeys.ts).
  app.post(
    '/api/lawyer/login/webauthn/options',
    { schema: { body: PasskeyLoginOptionsRequest }, config: { rateLimit: { max: 20, timeWindow: '1 minute' } } },
    async (request) => {
      const { Email } = bodyOf(request);
      const email = Email.trim().toLowerCase();
      const lawyer = email === '' || email.length > 320 ? undefined : await findLawyerByEmail(ctx.db, email);
      return loginOptions(deps, lawyer, accountKey(Email), ceremonyOrigin(ctx, request));
    },
  );
}
