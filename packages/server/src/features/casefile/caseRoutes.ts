// Protected read/update endpoints: lawyer, case, person, history, contact, questionnaire. Input follows the rules of
// core's browser forms (validation.ts); a refusal names the fields in German and stores nothing.
import type { FastifyInstance } from 'fastify';
import * as E from 'fp-ts/lib/Either.js';
import { berlinDateOf, ContactMessage, decode, PersonUpdate, QuestionnaireSubmission } from '@rechtschat/core';
import { caseFileNotFound, invalidFields, invalidInput } from './caseFileErrors.js';
import { questionnaireOf, sendContactMessage, submitQuestionnaire, updateClientPerson } from './clientActions.js';
import { requireCase, type CaseFileContext, type TokenRequest } from './context.js';
import { listHistory, toDetails, toLawyer, toPerson } from './service.js';
import { checkQuestionnaire, validateContact, validatePersonUpdate } from './validation.js';

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

  // Every message is a mail to the law firm: a client writes a few, a script must not fill the inbox.
  app.post('/:token/contact', { config: { body: ContactMessage, rateLimit: { max: 10, timeWindow: '1 minute' } } }, async (request: TokenRequest, reply) => {
    const row = await requireCase(ctx, request, request.params.token);
    const body = decode(ContactMessage, request.body);
    if (E.isLeft(body)) throw invalidInput();
    const problems = validateContact(body.right);
    if (problems.length > 0) throw invalidFields(problems);
    await sendContactMessage({ db: ctx.db, mailer: ctx.mailer, log: request.log }, row, body.right, ctx.now());
    return reply.code(204).send();
  });

  app.get('/:token/questionnaire', async (request: TokenRequest) => questionnaireOf(await requireCase(ctx, request, request.params.token)));

  app.post('/:token/questionnaire', { config: { body: QuestionnaireSubmission } }, async (request: TokenRequest) => {
    const row = await requireCase(ctx, request, request.params.token);
    const body = decode(QuestionnaireSubmission, request.body);
    if (E.isLeft(body)) throw invalidInput();
    const now = ctx.now();
    // The browser form's rules (core's questionnaireForm); a refusal stores nothing.
    const checked = checkQuestionnaire(body.right.Answers, berlinDateOf(now.getTime()));
    if (!checked.ok) throw invalidFields(checked.problems);
    return submitQuestionnaire(ctx.db, row, checked.answers, now);
  });
}
