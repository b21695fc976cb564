// Protected read/update endpoints: lawyer, case, person, history, contact, questionnaire.
import type { FastifyInstance } from 'fastify';
import * as E from 'fp-ts/lib/Either.js';
import { ContactMessage, decode, PersonUpdate, QuestionnaireSubmission } from '@rechtschat/core';
import { caseFileNotFound, invalidFields, invalidInput } from './caseFileErrors.js';
import { questionnaireOf, sendContactMessage, submitQuestionnaire, updateClientPerson } from './clientActions.js';
import { requireCase, type CaseFileContext, type TokenRequest } from './context.js';
import { listHistory, toDetails, toLawyer, toPerson } from './service.js';
import { validateAnswers, validateContact, validatePersonUpdate } from './validation.js';

export function registerCaseRoutes(app: FastifyInstance, ctx: CaseFileContext): void {
  app.get('/:token/lawyer', async (request: TokenRequest) => toLawyer(await requireCase(ctx, request, request.params.token)));

  app.get('/:token/case', async (request: TokenRequest) => toDetails(await requireCase(ctx, request, request.params.token)));

  app.get('/:token/person', async (request: TokenRequest) => toPerson(await requireCase(ctx, request, request.params.token)));

  app.put('/:token/person', { config: { body: PersonUpdate } }, async (request: TokenRequest) => {
    const row = await requireCase(ctx, request, request.params.token);
    const update = decode(PersonUpdate, request.body);
    if (E.isLeft(update)) throw invalidInput();
    const problems = validatePersonUpdate(update.right);
    if (problems.length > 0) throw invalidFields(problems);
    const updated = await updateClientPerson(ctx.db, row, update.right, ctx.now());
    if (!updated) throw caseFileNotFound();
    return toPerson(updated);
  });

  app.get('/:token/history', async (request: TokenRequest) => listHistory(ctx.db, (await requireCase(ctx, request, request.params.token)).id));

  app.post('/:token/contact', { config: { body: ContactMessage } }, async (request: TokenRequest, reply) => {
    const row = await requireCase(ctx, request, request.params.token);
    const body = decode(ContactMessage, request.body);
    if (E.isLeft(body) || validateContact(body.right).length > 0) throw invalidInput();
    await sendContactMessage({ db: ctx.db, mailer: ctx.mailer, log: request.log }, row, body.right, ctx.now());
    return reply.code(204).send();
  });

  app.get('/:token/questionnaire', async (request: TokenRequest) => questionnaireOf(await requireCase(ctx, request, request.params.token)));

  app.post('/:token/questionnaire', { config: { body: QuestionnaireSubmission } }, async (request: TokenRequest) => {
    const row = await requireCase(ctx, request, request.params.token);
    const body = decode(QuestionnaireSubmission, request.body);
    if (E.isLeft(body) || validateAnswers(body.right.Answers).length > 0) throw invalidInput();
    return submitQuestionnaire(ctx.db, row, body.right.Answers, ctx.now());
  });
}
