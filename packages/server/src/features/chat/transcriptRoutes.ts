// Chat host: the bot part of the transcript and the case's message list with it.
import { TranscriptPost, type BotProgressResponse } from '@rechtschat/core';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { botProgressOf, caseTranscript, recordTranscript } from './botTranscript.js';
import { caseOfCaller, caseOfParticipant } from './chatAccess.js';
import { chatParticipant } from '../../platform/http/auth.js';
import { idParam } from '../../platform/http/body.js';
import { bodyOf, type IoTsTypeProvider } from '../../platform/http/routeSchema.js';
import { callerOf } from './chatHostRoutes.js';

export async function transcriptRoutes(fastify: FastifyInstance, ctx: AppContext): Promise<void> {
  const app = fastify.withTypeProvider<IoTsTypeProvider>();
  app.post(
    '/api/chat/transcript/:chatId',
    { schema: { body: TranscriptPost }, config: { rateLimit: { max: 120, timeWindow: '1 minute' } } },
    async (request, reply) => {
      const participantId = await chatParticipant(ctx, request);
      await recordTranscript({ db: ctx.db, clock: ctx.clock }, participantId, idParam(request.params, 'chatId'), bodyOf(request));
      return reply.code(204).send();
    },
  );

  app.get('/api/chat/case/:caseId/bot-progress', async (request): Promise<BotProgressResponse> => {
    const theCase = await caseOfParticipant(ctx.db, await chatParticipant(ctx, request), idParam(request.params, 'caseId'));
    return { Progress: await botProgressOf(ctx.db, theCase.id) };
  });

  // Participant and lawyer read the same list: a reload restores it, the lawyer sees the bot part.
  app.get('/api/chat/message/for-case/:caseId', async (request) => {
    const caller = await callerOf(ctx, request);
    const theCase = await caseOfCaller(ctx.db, caller, idParam(request.params, 'caseId'));
    return caseTranscript(ctx.db, theCase.id, caller.kind === 'lawyer' ? { kind: 'lawyer', id: caller.id } : { kind: 'participant' });
  });
}
