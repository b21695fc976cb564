// Lawyer API on the chat host: login, me, queue, case files, callbacks.
import {
  caseReferenceOf,
  CallbackDoneRequest,
  ChangeFieldOfLawRequest,
  CreateCaseFileRequest,
  LawyerLoginRequest,
  LawyerMfaEnrolmentRequest,
  UpdateLawyerProfileRequest,
  type CreateCaseFileResult,
} from '@rechtschat/core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  caseFileLinkUrl,
  caseFilesOfChatCaseHeld,
  createCaseFile,
  InvalidCaseFileInput,
  lawyerHadChatOfCase,
  showLawyerInTheirCaseFiles,
} from '../casefile/index.js';
import type { AppContext } from '../../context.js';
import { badRequest, DomainError, notFound } from '../../platform/errors.js';
import { assertLawyerInCharge, claimCallback, lawyersQueueChanged, listCallbacks, releaseCallback, setCallbackDone } from '../chat/index.js';
import { accountKey, authenticateLawyer, completeLawyerEnrolment } from './lawyerLogin.js';
import { issueTrustedDeviceToken, readTrustedDevice, setTrustedDeviceCookie } from './trustedDevice.js';
import type { LawyersTable } from './tables.js';
import { colleaguesOf, lawyerById, lawyerImageUrl, lawyerProfile, markLawyerLogin } from './lawyers.js';
import { readLawyerPhoto, removeLawyerPhoto, setLawyerPhoto, updateLawyerProfile } from './lawyerProfile.js';
import { activeChatsOf, finishedChatsOf, queueFor } from './queue.js';
import { changeChatFieldOfLaw } from './chatFieldOfLaw.js';
import { recordAdminAction } from '../admin/index.js';
import { chatNaming, lawyerOf, lawyerOrNull, notAuthenticated } from '../../platform/http/auth.js';
import { bodyOf, type IoTsTypeProvider, pathParams } from '../../platform/http/routeSchema.js';
import { secondFactorOf } from './lawyerSecurityRoutes.js';
import { webAuthnOf } from './lawyerWebAuthnRoutes.js';
import { lawyerLoginLocked } from './lawyerLoginLocked.js';
import { caseFileExists, lawyerError } from './lawyerErrors.js';
import { clearSessionCookie, readSessionCookie, setSessionCookie } from '../../platform/http/cookies.js';
import { readUploadedFile } from '../../platform/http/upload.js';
import { sessionDeviceOf } from '../../platform/sessionDevice.js';
import { sessionRef } from '../../platform/sessions.js';

/**
 * One answer for an unknown e-mail address, a wrong password and a missing or wrong second factor, so it never
 * tells whether an account exists or which part was wrong.
 */
const loginRejected = () =>
  new DomainError(
    'NotAuthenticated',
    'E-Mail-Adresse oder Passwort ist nicht korrekt. Wenn Sie die Anmeldung mit Bestätigungscode eingerichtet haben, prüfen Sie auch den Code.',
  );

/** Second step of a login under LAWYER_MFA=required: the enrolment token of the first step and the first code. */

const enrolmentExpired = () =>
  new DomainError('NotAuthenticated', 'Die Einrichtung der Zwei-Faktor-Anmeldung ist abgelaufen oder ungültig. Bitte melden Sie sich erneut an.');

const enrolmentCodeWrong = () =>
  new DomainError('BadRequest', 'Der Code ist nicht korrekt. Bitte geben Sie den aktuellen sechsstelligen Code aus Ihrer Authenticator-App ein.');

const loginRateLimit = { max: 20, timeWindow: '1 minute' };

export async function lawyerRoutes(fastify: FastifyInstance, ctx: AppContext): Promise<void> {
  const app = fastify.withTypeProvider<IoTsTypeProvider>();
  const loginDeps = { db: ctx.db, clock: ctx.clock, sessionSecret: ctx.config.sessionSecret, mfa: ctx.config.lawyerMfa };

  const refuseLocked = (request: FastifyRequest, reply: FastifyReply, retryAfterSeconds: number) => {
    ctx.metrics.lockouts.inc({ kind: 'lawyer-account' });
    request.log.warn({ event: 'lawyer-login-throttled', retryAfterSeconds }, 'lawyer login refused: account throttled');
    reply.header('Retry-After', String(retryAfterSeconds));
    return lawyerLoginLocked(retryAfterSeconds);
  };

  /** The session of a completed login (password and second factor), replacing any session the browser still had. */
  const startSession = async (request: FastifyRequest, reply: FastifyReply, lawyer: LawyersTable) => {
    await ctx.sessions.destroy(readSessionCookie(request, 'lawyer', chatNaming(ctx)));
    // Which browser on which system and the shortened address, for "Angemeldete Geräte" (never the header or full address).
    const token = await ctx.sessions.create('lawyer', lawyer.id, sessionDeviceOf(request));
    // Deactivated, the password reset or changed, or the second factors reset or changed, while this login was checked:
    // that ended every session before this one existed, so this one must not outlive it either (found from outside:
    // logins racing an administrator's password reset and second-factor reset). `lawyer` is the row as read before the
    // check, so its password hash and factor version are the ones the login checked.
    if (!(await markLawyerLogin(ctx.db, lawyer, ctx.clock.now()))) {
      await ctx.sessions.destroy(token);
      throw loginRejected();
    }
    setSessionCookie(reply, 'lawyer', chatNaming(ctx), token);
    // This browser is now a trusted device of the account: its next logins count on a throttle of their own.
    setTrustedDeviceCookie(reply, chatNaming(ctx), issueTrustedDeviceToken(ctx.config.sessionSecret, accountKey(lawyer.email), ctx.clock.now()));
    ctx.metrics.logins.inc({ kind: 'lawyer', result: 'success' });
    return lawyerProfile(lawyer, ctx.config.chatHostUrl);
  };

  app.post('/api/lawyer/login', { schema: { body: LawyerLoginRequest }, config: { rateLimit: loginRateLimit } }, async (request, reply) => {
    const { Email, Password, TotpCode } = bodyOf(request);
    const device = readTrustedDevice(request, chatNaming(ctx), ctx.config.sessionSecret, ctx.clock.now());
    const outcome = await authenticateLawyer(loginDeps, {
      email: Email,
      password: Password,
      device,
      ...secondFactorOf(TotpCode),
      ...webAuthnOf(request.body),
    });
    // The answer stays the uniform 401 (or the 429 of the wait it started); only the security log tells that a passkey's counter went backwards.
    if ((outcome.type === 'rejected' || outcome.type === 'locked') && outcome.counterRegression)
      request.log.error({ event: 'lawyer-webauthn-counter-regression', ...outcome.counterRegression }, 'passkey counter did not increase: possible cloned key');
    if (outcome.type === 'locked') throw refuseLocked(request, reply, outcome.retryAfterSeconds);
    if (outcome.type === 'rejected') {
      ctx.metrics.logins.inc({ kind: 'lawyer', result: 'failure' });
      request.log.warn({ event: 'lawyer-login-failed' }, 'lawyer login refused');
      throw loginRejected();
    }
    if (outcome.type === 'enrolmentRequired') {
      // LAWYER_MFA=required: no session before the second factor is set up and confirmed.
      request.log.info({ event: 'lawyer-mfa-enrolment-required', lawyerId: outcome.lawyer.id }, 'lawyer login needs TOTP enrolment');
      throw lawyerError('MfaEnrolmentRequired', 'Die Zwei-Faktor-Anmeldung ist vorgeschrieben. Bitte richten Sie sie jetzt mit Ihrer Authenticator-App ein.', {
        EnrolmentToken: outcome.enrolment.token,
        Secret: outcome.enrolment.secret,
        OtpauthUri: outcome.enrolment.uri,
      });
    }
    const profile = await startSession(request, reply, outcome.lawyer);
    if (outcome.passkeyId !== undefined)
      request.log.info({ event: 'lawyer-webauthn-used', lawyerId: outcome.lawyer.id, passkeyId: outcome.passkeyId }, 'lawyer signed in with a passkey');
    if (outcome.recoveryCodesLeft === undefined) return profile;
    // The authenticator was not at hand: the console tells the lawyer how many codes are left.
    request.log.warn(
      { event: 'lawyer-recovery-code-used', lawyerId: outcome.lawyer.id, recoveryCodesLeft: outcome.recoveryCodesLeft },
      'lawyer signed in with a recovery code',
    );
    return { ...profile, RecoveryCodesLeft: outcome.recoveryCodesLeft };
  });

  app.post(
    '/api/lawyer/login/totp-enrolment',
    { schema: { body: LawyerMfaEnrolmentRequest }, config: { rateLimit: loginRateLimit } },
    async (request, reply) => {
      const { EnrolmentToken, Code } = bodyOf(request);
      const device = readTrustedDevice(request, chatNaming(ctx), ctx.config.sessionSecret, ctx.clock.now());
      const outcome = await completeLawyerEnrolment(loginDeps, { enrolmentToken: EnrolmentToken, code: Code, device });
      if (outcome.type === 'locked') throw refuseLocked(request, reply, outcome.retryAfterSeconds);
      if (outcome.type === 'expired') {
        request.log.warn({ event: 'lawyer-mfa-enrolment-refused' }, 'lawyer TOTP enrolment refused: token expired or invalid');
        throw enrolmentExpired();
      }
      if (outcome.type === 'wrongCode') {
        ctx.metrics.logins.inc({ kind: 'lawyer', result: 'failure' });
        request.log.warn({ event: 'lawyer-login-failed' }, 'lawyer TOTP enrolment refused: wrong code');
        throw enrolmentCodeWrong();
      }
      request.log.info({ event: 'lawyer-totp-enabled', lawyerId: outcome.lawyer.id }, 'TOTP second factor enabled at login');
      // The recovery codes are in this answer only; the server keeps nothing but their hashes.
      return { ...(await startSession(request, reply, outcome.lawyer)), RecoveryCodes: outcome.recoveryCodes };
    },
  );

  app.post('/api/lawyer/logout', async (request, reply) => {
    const token = readSessionCookie(request, 'lawyer', chatNaming(ctx));
    const lawyerId = await ctx.sessions.resolve('lawyer', token);
    await ctx.sessions.destroy(token);
    clearSessionCookie(reply, 'lawyer', chatNaming(ctx));
    // Only this browser's connections close: the lawyer's other devices keep their sessions and stay live (a sign-out
    // on the laptop must not leave the office PC deaf to its clients; "Alle anderen abmelden" ends those).
    if (lawyerId !== null && token !== undefined && ctx.hub) {
      await ctx.hub.disconnectSession({ kind: 'lawyer', id: lawyerId }, sessionRef(token), 'Sie haben sich abgemeldet.');
    }
    return reply.code(204).send();
  });

  // The client's Fallakte shows the lawyer as they are now, not as they were when the file was created.
  const showInCaseFiles = (lawyer: LawyersTable) =>
    showLawyerInTheirCaseFiles(ctx.db, lawyer.id, {
      name: lawyer.name,
      gender: lawyer.gender,
      email: lawyer.email,
      phone: lawyer.phone,
      imageUrl: lawyerImageUrl(ctx.config.chatHostUrl, lawyer),
    });

  app.get('/api/lawyer/me', async (request) => {
    const lawyer = await lawyerById(ctx.db, await lawyerOf(ctx, request));
    if (!lawyer || lawyer.active !== 1) throw notAuthenticated();
    return lawyerProfile(lawyer, ctx.config.chatHostUrl);
  });

  // The console's "am I signed in?" probe when it opens: 200 with the profile or `null`, so the login screen's load
  // logs no failed request in the browser. `api/lawyer/me` keeps its 401 for callers that need a session.
  app.get('/api/lawyer/whoami', async (request) => {
    const lawyerId = await lawyerOrNull(ctx, request);
    const lawyer = lawyerId === null ? undefined : await lawyerById(ctx.db, lawyerId);
    return lawyer?.active === 1 ? lawyerProfile(lawyer, ctx.config.chatHostUrl) : null;
  });

  // Profile: the name and gender clients see (wording), the lawyer's own phone number (optional field; clients see it
  // in the Fallakte of the lawyer's case files), and the photo shown as their 35×35 picture.
  app.put('/api/lawyer/me', { schema: { body: UpdateLawyerProfileRequest } }, async (request) => {
    const current = await lawyerById(ctx.db, await lawyerOf(ctx, request));
    if (!current || current.active !== 1) throw notAuthenticated();
    const { Name, Gender, Phone } = bodyOf(request);
    const actor = { id: current.id, name: current.name, ip: request.ip };
    await updateLawyerProfile(ctx.db, ctx.clock, actor, { name: Name, gender: Gender, ...(Phone !== undefined ? { phone: Phone } : {}) });
    const lawyer = await lawyerById(ctx.db, current.id);
    if (!lawyer) throw notAuthenticated();
    await showInCaseFiles(lawyer);
    return lawyerProfile(lawyer, ctx.config.chatHostUrl);
  });

  app.put('/api/lawyer/me/photo', async (request) => {
    const lawyer = await lawyerById(ctx.db, await lawyerOf(ctx, request));
    if (!lawyer) throw notAuthenticated();
    if (!request.isMultipart()) throw new DomainError('UnsupportedMediaType', 'Bitte laden Sie das Foto als multipart/form-data hoch.');
    const part = await readUploadedFile(request, ctx.config.maxUploadBytes);
    if (!part) throw badRequest('Es wurde keine Datei gesendet.');
    await setLawyerPhoto(ctx.db, ctx.config.dataDir, ctx.malwareScanner, lawyer, part.bytes);
    const updated = await lawyerById(ctx.db, lawyer.id);
    if (!updated) throw notAuthenticated();
    await showInCaseFiles(updated);
    return lawyerProfile(updated, ctx.config.chatHostUrl);
  });

  app.delete('/api/lawyer/me/photo', async (request) => {
    const lawyer = await lawyerById(ctx.db, await lawyerOf(ctx, request));
    if (!lawyer) throw notAuthenticated();
    await removeLawyerPhoto(ctx.db, ctx.config.dataDir, lawyer);
    await showInCaseFiles({ ...lawyer, photo_storage_name: null });
    return lawyerProfile({ ...lawyer, photo_storage_name: null }, ctx.config.chatHostUrl);
  });

  // Public like the initials avatar: clients and case-file pages show it; the key is unguessable and changes per upload.
  app.get<{ Params: { lawyerId: string; key: string } }>('/api/chat/agent/photo/:lawyerId/:key', async (request, reply) => {
    const photo = await readLawyerPhoto(ctx.db, ctx.config.dataDir, request.params.lawyerId, request.params.key);
    return (
      reply
        .type(photo.contentType)
        .header('cache-control', 'public, max-age=31536000, immutable')
        // Embedded by other origins, as the initials avatar (chatHostRoutes.ts).
        .header('cross-origin-resource-policy', 'cross-origin')
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .send(photo.bytes)
    );
  });

  app.get('/api/lawyer/colleagues', async (request) => {
    const me = await lawyerOf(ctx, request);
    return colleaguesOf(ctx.db, ctx.sessions, me, ctx.config.chatHostUrl, ctx.clock.now());
  });

  app.get('/api/lawyer/queue', async (request) => queueFor(ctx.db, await lawyerOf(ctx, request), ctx.clock.now()));

  // The lawyer's open conversations: what a reload, a second device or a reconnect restores.
  app.get('/api/lawyer/chats', async (request) => activeChatsOf(ctx.db, await lawyerOf(ctx, request), ctx.clock.now()));

  // The lawyer's chats that ended in the last hours: a reload shows them again as ended (read-only) tabs.
  app.get('/api/lawyer/chats/finished', async (request) => finishedChatsOf(ctx.db, await lawyerOf(ctx, request), ctx.clock.now()));

  // The lawyer who holds the chat corrects the field of law the bot classified (while it runs and after it ended);
  // the case, the reports and the invoice carry the corrected one, the audit log says who changed it from what.
  app.put('/api/lawyer/chats/:chatId/field-of-law', { schema: { params: pathParams('chatId'), body: ChangeFieldOfLawRequest } }, async (request) => {
    const lawyer = await lawyerById(ctx.db, await lawyerOf(ctx, request));
    if (!lawyer || lawyer.active !== 1) throw notAuthenticated();
    const { FieldOfLaw } = bodyOf(request);
    const changed = await changeChatFieldOfLaw(ctx, { id: lawyer.id, name: lawyer.name, ip: request.ip }, request.params.chatId, FieldOfLaw);
    request.log.info(
      { event: 'chat.fieldOfLaw.changed', chatId: changed.ChatId, fieldOfLaw: changed.FieldOfLaw, lawyerId: lawyer.id },
      'field of law corrected',
    );
    return changed;
  });

  /**
   * A callback was claimed, given back or marked (un)done: every signed-in lawyer's console re-reads the list at once
   * (QueueChanged, as after a new callback request), so no colleague calls a client someone else just took.
   */
  const callbacksChanged = async () => {
    if (ctx.hub) await lawyersQueueChanged(ctx);
  };

  app.get('/api/lawyer/callbacks', async (request) => {
    await lawyerOf(ctx, request);
    return listCallbacks(ctx.db);
  });

  // Callbacks are the firm's shared to-do list: any signed-in lawyer marks one done or undoes it; marking one nobody's
  // call yet done makes it the lawyer's (who called the client).
  app.put('/api/lawyer/callbacks/:id/done', { schema: { params: pathParams('id'), body: CallbackDoneRequest } }, async (request, reply) => {
    const lawyerId = await lawyerOf(ctx, request);
    const { Value } = bodyOf(request);
    await setCallbackDone({ db: ctx.db, clock: ctx.clock }, request.params.id, Value, lawyerId);
    await callbacksChanged();
    return reply.code(204).send();
  });

  // „Übernehmen“: any signed-in lawyer takes on a callback nobody's call yet; a colleague who took it first → 409 naming them.
  app.post('/api/lawyer/callbacks/:id/claim', { schema: { params: pathParams('id') } }, async (request, reply) => {
    const lawyerId = await lawyerOf(ctx, request);
    await claimCallback({ db: ctx.db, clock: ctx.clock }, request.params.id, lawyerId);
    request.log.info({ event: 'callback.claimed', callbackId: request.params.id, lawyerId }, 'callback claimed');
    await callbacksChanged();
    return reply.code(204).send();
  });

  // „Zurückgeben“: the lawyer whose call it is (or an administrator) gives an open callback taken from the list back to
  // the firm; someone else's → 403, done or promised in its chat → 409 (features/chat/feedback.ts `releaseCallback`).
  // An administrator's give-back of a colleague's callback is an audit entry (`callback.released`: whose it was, the
  // callback and its reference RC-…, never the client's number), written in the same transaction; the own is not.
  app.post('/api/lawyer/callbacks/:id/release', { schema: { params: pathParams('id') } }, async (request, reply) => {
    const lawyer = await lawyerById(ctx.db, await lawyerOf(ctx, request));
    if (!lawyer || lawyer.active !== 1) throw notAuthenticated();
    const actor = { id: lawyer.id, name: lawyer.name, ip: request.ip };
    const from = await releaseCallback({ db: ctx.db, clock: ctx.clock }, request.params.id, { id: lawyer.id, role: lawyer.role }, (trx, released) =>
      recordAdminAction(trx, ctx.clock, actor, {
        action: 'callback.released',
        target: { kind: 'callback', id: released.callbackId, label: caseReferenceOf(released.caseId) },
        details: { holder: released.owner.name },
      }),
    );
    if (from !== null) {
      request.log.info({ event: 'callback.released', callbackId: request.params.id, lawyerId: lawyer.id, fromLawyerId: from.id }, 'callback given back');
      await callbacksChanged();
    }
    return reply.code(204).send();
  });

  app.post('/api/lawyer/case-files', { schema: { body: CreateCaseFileRequest } }, async (request): Promise<CreateCaseFileResult> => {
    const lawyer = await lawyerById(ctx.db, await lawyerOf(ctx, request));
    if (!lawyer) throw notAuthenticated();
    const body = bodyOf(request);
    // Only a chat this lawyer took may be linked; any other case id answers like an unknown one.
    if (body.ChatCaseId !== undefined && !(await lawyerHadChatOfCase(ctx.db, lawyer.id, body.ChatCaseId))) throw notFound('Der Chat');
    if (body.ChatCaseId !== undefined) {
      // Whoever forwarded the chat makes no case file from it any more (403 ChatForwarded): the colleague holds the case.
      // Asked here for the quick answer, and decided again in the insert's transaction below.
      await assertLawyerInCharge(ctx.db, body.ChatCaseId, lawyer.id);
    }
    const chatCaseId = body.ChatCaseId;
    // In the insert's transaction, with the chat case's row locked (which a forward holds too, chat/chatQueries.ts ›
    // holdCase): still in charge, so a creation sent in the moment of the lawyer's own forward lands before it or is
    // refused; and a second file from the same chat only on purpose (two mandates): 409 CaseFileExists names the
    // existing ones, so two creations at the same moment cannot both find none.
    const beforeInsert =
      chatCaseId !== undefined
        ? async (trx: typeof ctx.db) => {
            const existing = await caseFilesOfChatCaseHeld(trx, ctx.engine, chatCaseId);
            await assertLawyerInCharge(trx, chatCaseId, lawyer.id);
            if (existing.length > 0 && body.ConfirmSecond !== true) throw caseFileExists(existing);
          }
        : undefined;
    try {
      const created = await createCaseFile(
        ctx.db,
        {
          firstName: body.FirstName,
          lastName: body.LastName,
          phone: body.Phone,
          ...(body.Email ? { email: body.Email } : {}),
          title: body.Title,
          ...(body.Description !== undefined ? { description: body.Description } : {}),
          ...(body.FieldOfLaw !== undefined ? { fieldOfLaw: body.FieldOfLaw } : {}),
          ...(body.ChatCaseId !== undefined ? { chatCaseId: body.ChatCaseId } : {}),
          lawyerId: lawyer.id,
          lawyer: {
            name: lawyer.name,
            gender: lawyer.gender,
            email: lawyer.email,
            phone: lawyer.phone,
            imageUrl: lawyerImageUrl(ctx.config.chatHostUrl, lawyer),
          },
        },
        { now: () => ctx.clock.now(), ...(beforeInsert ? { beforeInsert } : {}) },
      );
      return {
        CaseId: created.caseId,
        CaseNumber: created.caseNumber,
        Url: caseFileLinkUrl(ctx.config.webOrigins, created.urlPath),
        Token: created.token,
        Pin: created.pin,
      };
    } catch (error) {
      if (error instanceof InvalidCaseFileInput) throw badRequest(error.message);
      throw error;
    }
  });
}
