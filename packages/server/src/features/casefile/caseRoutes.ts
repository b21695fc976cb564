// Protected read/update endpoints: lawyer, case, person, history, contact, questionnaire. Input follows the rules of
// core's browser forms (validation.ts); a refusal names the fields in German and stores nothing. A closed file
// (mandate ended) still takes contact data and messages, but no questionnaire (409).
import type { FastifyInstance } from 'fastify';
import { berlinDateOf, ContactMessage, PersonUpdate, QuestionnaireSubmission } from '@rechtschat/core';
import { bodyOf, type IoTsTypeProvider } from '../../platform/http/routeSchema.js';
import { caseFileNotFound, closedCaseFile, invalidFields } from './caseFileErrors.js';
import { questionnaireOf, sendContactMessage, submitQuestionnaire, updateClientPerson } from './clientActions.js';
import { announceClientChange, requireCase, TokenParams, type CaseFileContext, type TokenRequest } from './context.js';
import { listHistory, toDetails, toLawyer, toPerson } from './service.js';
import { listContactThreads } from './contactThreads.js';
import { markSeen, SEEN_SCREENS, unreadCounts } from './unreadQueries.js';
import { checkQuestionnaire, validateContact, validatePersonUpdate } from './validation.js';
import { withoutBidiControls, withoutBidiControlsIn } from '../../platform/bidiControls.js';

export function registerCaseRoutes(fastify: FastifyInstance, ctx: CaseFileContext): void {
  const app = fastify.withTypeProvider<IoTsTypeProvider>();
  app.get('/:token/lawyer', async (request: TokenRequest) => toLawyer(await requireCase(ctx, request, request.params.token)));

  // The overview carries what is new from the firm since the client last opened „Kontakt“ and „Dokumente“ (unreadQueries.ts).
  app.get('/:token/case', async (request: TokenRequest) => {
    const row = await requireCase(ctx, request, request.params.token);
    return { ...toDetails(row), ...(await unreadCounts(ctx.db, row)) };
  });

  // Opening „Kontakt“ or „Dokumente“ marks the firm's items there as read: idempotent, no body, no news for the lawyer.
  // Limited like the other writes, though it stores only a time: a script must not turn it into a write load.
  const seenLimit = { rateLimit: { max: 30, timeWindow: '1 minute' } };
  for (const screen of SEEN_SCREENS) {
    app.put(`/:token/seen/${screen}`, { schema: { params: TokenParams }, config: seenLimit }, async (request, reply) => {
      const row = await requireCase(ctx, request, request.params.token);
      await markSeen(ctx.db, row.id, screen, ctx.now());
      return reply.code(204).send();
    });
  }

  app.get('/:token/person', async (request: TokenRequest) => toPerson(await requireCase(ctx, request, request.params.token)));

  app.put('/:token/person', { schema: { params: TokenParams, body: PersonUpdate } }, async (request) => {
    const row = await requireCase(ctx, request, request.params.token);
    // Address and e-mail reach the lawyer's console: without bidi controls, as every text the client writes.
    const update = withoutBidiControlsIn(bodyOf(request));
    const problems = validatePersonUpdate(update, { Street: row.street, PostalCode: row.postal_code, City: row.city });
    if (problems.length > 0) throw invalidFields(problems);
    const updated = await updateClientPerson(ctx.db, row, update, ctx.now());
    if (!updated) throw caseFileNotFound();
    // Saving what was stored already keeps updated_at (clientActions.ts): nothing new for the lawyer then.
    if (updated.updated_at !== row.updated_at) await announceClientChange(ctx, updated);
    return toPerson(updated);
  });

  app.get('/:token/history', async (request: TokenRequest) => listHistory(ctx.db, (await requireCase(ctx, request, request.params.token)).id));

  // Every message is a mail to the law firm: a client writes a few, a script must not fill the inbox.
  const contactLimit = { rateLimit: { max: 10, timeWindow: '1 minute' } };
  app.post('/:token/contact', { schema: { params: TokenParams, body: ContactMessage }, config: contactLimit }, async (request, reply) => {
    const row = await requireCase(ctx, request, request.params.token);
    const sent = bodyOf(request);
    // Without bidi controls, before the rules count it: the lawyer's mail and console show what the history holds.
    const body = { ...sent, Subject: withoutBidiControls(sent.Subject), Message: withoutBidiControls(sent.Message) };
    const problems = validateContact(body);
    if (problems.length > 0) throw invalidFields(problems);
    await sendContactMessage({ db: ctx.db, mailer: ctx.mailer, log: request.log }, row, body, ctx.now());
    await announceClientChange(ctx, row);
    return reply.code(204).send();
  });

  // The client's messages with the firm's answers (contactThreads.ts).
  app.get('/:token/contact', async (request: TokenRequest) => listContactThreads(ctx.db, (await requireCase(ctx, request, request.params.token)).id));

  app.get('/:token/questionnaire', async (request: TokenRequest) => questionnaireOf(await requireCase(ctx, request, request.params.token)));

  app.post('/:token/questionnaire', { schema: { params: TokenParams, body: QuestionnaireSubmission } }, async (request) => {
    const row = await requireCase(ctx, request, request.params.token);
    // An ended mandate takes no questionnaire (checked again in the write: the lawyer may close meanwhile).
    if (row.closed === 1) throw closedCaseFile.questionnaire();
    const body = bodyOf(request);
    const now = ctx.now();
    // The browser form's rules (core's questionnaireForm); a refusal stores nothing.
    const checked = checkQuestionnaire(withoutBidiControlsIn(body.Answers), berlinDateOf(now.getTime()));
    if (!checked.ok) throw invalidFields(checked.problems);
    const submitted = await submitQuestionnaire(ctx.db, row, checked.answers, now);
    await announceClientChange(ctx, row);
    return submitted;
  });
}
