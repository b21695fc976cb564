// Product API around a chat: classification, protocol mail, rating, second level, usage confirmation.
import {
  normalizeCaseReference,
  ProtocolConfirmationRequest,
  RatingRequest,
  UsageConfirmationRequest,
  valuePayload,
  type ProtocolConfirmationInfo,
  type ProtocolConfirmationPending,
  type ProtocolConfirmed,
} from '@rechtschat/core';
import type { FastifyInstance } from 'fastify';
import * as t from 'io-ts';
import { classifyFieldOfLaw } from './classifier/index.js';
import type { AppContext } from '../../context.js';
import { caseOfParticipant } from './chatAccess.js';
import { badRequest, DomainError } from '../../platform/errors.js';
import { saveRating, saveSecondLevelPhone } from './feedback.js';
import { queueChanged } from './broadcast.js';
import { confirmProtocolMail, inspectProtocolConfirmation, renewProtocolConfirmation } from './protocolConfirmation.js';
import { requestProtocolMail } from './protocolRequest.js';
import { caseOfParticipantByReference, caseReference, protocolInput, usageConfirmationInput } from './transcript.js';
import { renderChatProtocolPdf, renderUsageConfirmationPdf } from '../../platform/pdf/index.js';
import { webParticipant } from '../../platform/http/auth.js';
import { idParam } from '../../platform/http/body.js';
import { bodyOf, type IoTsTypeProvider } from '../../platform/http/routeSchema.js';
import { dispositionHeader } from '../../platform/files/download.js';
import { sharedWhileRunning } from '../../platform/sharedWhileRunning.js';
import { firmIssuer } from '../firmDetails/index.js';

const StringValue = valuePayload(t.string);
/** Characters of a problem description the classifier reads; a longer text is refused (400). */
const MAX_CLASSIFY_TEXT = 5000;
/** `{"Value":"…"}` with MAX_CLASSIFY_TEXT characters, each as a six-byte JSON escape at worst. */
const CLASSIFY_BODY_LIMIT = 32 * 1024;
const EMAIL = /^[^\s@<>(),;:"]+@[^\s@<>(),;:"]+\.[^\s@<>(),;:"]{2,}$/;

export async function afterChatRoutes(fastify: FastifyInstance, ctx: AppContext): Promise<void> {
  const app = fastify.withTypeProvider<IoTsTypeProvider>();
  // Downloads of the same case's document while it is being drawn share that drawing (platform/sharedWhileRunning.ts).
  const protocolOf = sharedWhileRunning<Uint8Array>();
  const usageConfirmationOf = sharedWhileRunning<Uint8Array>();
  // The onboarding classifies the problem the signed-in person describes (the chat page shows only with a web session,
  // whose cookie the web app's call carries): nobody else, and not without end – each call costs the model's CPU.
  // 5000 characters fit in the body cap even written as JSON escapes (6 bytes each); a longer body is refused (413)
  // before it is read. A person classifies once per consultation, a few times on a retry: 30 a minute per address.
  app.post(
    '/api/chat/field-of-law/classify',
    { schema: { body: StringValue }, bodyLimit: CLASSIFY_BODY_LIMIT, config: { rateLimit: { max: 30, timeWindow: '1 minute' } } },
    async (request) => {
      await webParticipant(ctx, request);
      const { Value } = bodyOf(request);
      if (Value.length > MAX_CLASSIFY_TEXT) throw badRequest('Der Text ist zu lang.');
      return classifyFieldOfLaw(Value);
    },
  );

  app.post(
    '/api/chat/protocol/:caseId',
    { schema: { body: StringValue }, config: { rateLimit: { max: 10, timeWindow: '1 minute' } } },
    async (request, reply) => {
      const participantId = await webParticipant(ctx, request);
      const theCase = await caseOfParticipant(ctx.db, participantId, idParam(request.params, 'caseId'));
      const email = bodyOf(request).Value.trim();
      if (email.length > 254 || !EMAIL.test(email)) throw badRequest('Bitte geben Sie eine gültige E-Mail-Adresse ein.');
      // Exactly once per case: a second request (or an address confirmed in onboarding, mailed at closure) sends nothing more.
      // The client's own request is the consent of § 2 Abs. 2 BORA; the address and time are recorded with the case.
      // An address the participant never confirmed gets the double opt-in's link first (202), never the protocol.
      const outcome = await requestProtocolMail(ctx, theCase, email);
      if (outcome.kind === 'noConsultation') {
        throw new DomainError('Conflict', 'Ein Protokoll gibt es erst, wenn eine Anwältin oder ein Anwalt Sie im Chat beraten hat.');
      }
      if (outcome.kind === 'consultationRunning') {
        throw new DomainError('Conflict', 'Das Protokoll kann erst gesendet werden, wenn Ihre Beratung im Chat beendet ist.');
      }
      if (outcome.kind === 'confirmationSent' || outcome.kind === 'confirmationPending') {
        const pending: ProtocolConfirmationPending = { ConfirmationPending: true, ExpiresAt: outcome.expiresAt };
        return reply.code(202).send(pending);
      }
      return reply.code(204).send();
    },
  );

  // The double opt-in's page /protokoll/bestaetigen#<token> sends the token in the body, never in a URL. Guessing 256
  // bits is hopeless; the limit keeps a page left open from mailing in a loop.
  const confirmationLimit = { rateLimit: { max: 20, timeWindow: '1 minute' } };
  app.post(
    '/api/chat/protocol-confirmation/inspect',
    { schema: { body: ProtocolConfirmationRequest }, config: confirmationLimit },
    async (request): Promise<ProtocolConfirmationInfo> => inspectProtocolConfirmation(ctx, bodyOf(request).Token),
  );
  app.post(
    '/api/chat/protocol-confirmation/confirm',
    { schema: { body: ProtocolConfirmationRequest }, config: confirmationLimit },
    async (request): Promise<ProtocolConfirmed> => confirmProtocolMail(ctx, bodyOf(request).Token),
  );
  // An expired link's „Neuen Bestätigungslink senden“: each call mails a stranger's address perhaps, so fewer a minute
  // per address than the check; the server caps the renewals per link besides (PROTOCOL_CONFIRMATION_MAX_RENEWALS).
  app.post(
    '/api/chat/protocol-confirmation/renew',
    { schema: { body: ProtocolConfirmationRequest }, config: { rateLimit: { max: 5, timeWindow: '1 minute' } } },
    async (request): Promise<ProtocolConfirmationInfo> => renewProtocolConfirmation(ctx, bodyOf(request).Token),
  );

  // /protokoll: the signed-in participant downloads the transcript of one of their cases by the reference on the PDFs.
  app.get('/api/chat/protocol/by-reference/:reference', { config: { rateLimit: { max: 30, timeWindow: '1 minute' } } }, async (request, reply) => {
    const participantId = await webParticipant(ctx, request);
    const reference = normalizeCaseReference((request.params as { reference?: string }).reference ?? '');
    if (reference === null) throw badRequest('Bitte geben Sie das Aktenzeichen so ein, wie es auf Ihrem Protokoll steht, z. B. RC-7K3M9Q2T.');
    const theCase = await caseOfParticipantByReference(ctx.db, participantId, reference);
    const pdf = await protocolOf(theCase.id, async () => {
      ctx.metrics.pdfDownloadsDrawn.inc({ document: 'protocol' });
      return renderChatProtocolPdf({ ...(await protocolInput(ctx.db, theCase, ctx.clock.now())), issuer: (await firmIssuer(ctx)).line });
    });
    return reply
      .type('application/pdf')
      .header('cache-control', 'no-store')
      .header('content-disposition', dispositionHeader(`Chatprotokoll-${reference}.pdf`))
      .send(Buffer.from(pdf));
  });

  app.post('/api/chat/rating', { schema: { body: RatingRequest } }, async (request, reply) => {
    const participantId = await webParticipant(ctx, request);
    await saveRating({ db: ctx.db, clock: ctx.clock }, participantId, bodyOf(request));
    return reply.code(204).send();
  });

  // Each number given becomes a row (with a case, an entry of the lawyers' callback list): a few a minute are plenty.
  const phoneLimit = { rateLimit: { max: 10, timeWindow: '1 minute' } };
  app.post('/api/chat/secondLevel/param/:param', { schema: { body: StringValue }, config: phoneLimit }, async (request, reply) => {
    const participantId = await webParticipant(ctx, request);
    const param = (request.params as { param?: string }).param ?? '';
    await saveSecondLevelPhone({ db: ctx.db, clock: ctx.clock }, participantId, { param }, bodyOf(request).Value);
    return reply.code(204).send();
  });

  app.post('/api/chat/secondLevel/:caseId', { schema: { body: StringValue }, config: phoneLimit }, async (request, reply) => {
    const participantId = await webParticipant(ctx, request);
    const caseId = idParam(request.params, 'caseId');
    const listed = await saveSecondLevelPhone({ db: ctx.db, clock: ctx.clock }, participantId, { caseId }, bodyOf(request).Value);
    // Consoles re-read the queue and the callback list on this signal.
    if (listed && ctx.hub) await queueChanged(ctx);
    return reply.code(204).send();
  });

  // A client needs the confirmation once or twice; as for the protocol, a few a minute are plenty for one address.
  const usageConfirmationLimit = { rateLimit: { max: 30, timeWindow: '1 minute' } };
  app.post('/api/chat/usage-confirmation', { schema: { body: UsageConfirmationRequest }, config: usageConfirmationLimit }, async (request, reply) => {
    const participantId = await webParticipant(ctx, request);
    const { CaseId } = bodyOf(request);
    const theCase = await caseOfParticipant(ctx.db, participantId, CaseId);
    const pdf = await usageConfirmationOf(theCase.id, async () => {
      ctx.metrics.pdfDownloadsDrawn.inc({ document: 'usage-confirmation' });
      return renderUsageConfirmationPdf({ ...(await usageConfirmationInput(ctx.db, theCase)), issuer: (await firmIssuer(ctx)).line });
    });
    return reply
      .type('application/pdf')
      .header('content-disposition', dispositionHeader(`Nutzungsbestaetigung-${caseReference(theCase.id)}.pdf`))
      .send(Buffer.from(pdf));
  });
}
