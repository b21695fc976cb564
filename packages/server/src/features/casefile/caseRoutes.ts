// Protected read/update endpoints: lawyer, case, person, history, contact, questionnaire.
import type { FastifyInstance } from 'fastify';
import * as E from 'fp-ts/lib/Either.js';
import { ContactMessage, decode, PersonUpdate, QuestionnaireSubmission, type Questionnaire } from '@rechtschat/core';
import { requireCase, type CaseFileContext, type TokenRequest } from './context.js';
import { messages, sendError } from './httpErrors.js';
import { addHistory, findCaseById, listHistory, toDetails, toLawyer, toPerson } from './service.js';
import { generateId } from './secrets.js';
import { validatePersonUpdate, validateContact, validateAnswers } from './validation.js';

export function registerCaseRoutes(app: FastifyInstance, ctx: CaseFileContext): void {
  app.get('/:token/lawyer', async (request: TokenRequest, reply) => {
    const row = await requireCase(ctx, request, reply, request.params.token);
    return row ? toLawyer(row) : reply;
  });

  app.get('/:token/case', async (request: TokenRequest, reply) => {
    const row = await requireCase(ctx, request, reply, request.params.token);
    return row ? toDetails(row) : reply;
  });

  app.get('/:token/person', async (request: TokenRequest, reply) => {
    const row = await requireCase(ctx, request, reply, request.params.token);
    return row ? toPerson(row) : reply;
  });

  app.put('/:token/person', async (request: TokenRequest, reply) => {
    const row = await requireCase(ctx, request, reply, request.params.token);
    if (!row) return reply;
    const update = decode(PersonUpdate, request.body);
    const problems = E.isRight(update) ? validatePersonUpdate(update.right) : ['decode'];
    if (E.isLeft(update) || problems.length > 0) return sendError(reply, 400, 'InvalidInput', messages.invalidInput);
    const now = ctx.now();
    const changes = {
      ...(update.right.Email !== undefined ? { email: update.right.Email?.trim() || null } : {}),
      ...(update.right.Street !== undefined ? { street: update.right.Street?.trim() || null } : {}),
      ...(update.right.PostalCode !== undefined ? { postal_code: update.right.PostalCode?.trim() || null } : {}),
      ...(update.right.City !== undefined ? { city: update.right.City?.trim() || null } : {}),
    };
    await ctx.db.updateTable('case_files').set({ ...changes, updated_at: now.toISOString() }).where('id', '=', row.id).execute();
    await addHistory(ctx.db, row.id, { kind: 'PersonUpdated', title: 'Persönliche Daten geändert', text: 'Sie haben Ihre persönlichen Daten aktualisiert.' }, now);
    const updated = await findCaseById(ctx.db, row.id);
    return updated ? toPerson(updated) : sendError(reply, 404, 'NotFound', messages.notFound);
  });

  app.get('/:token/history', async (request: TokenRequest, reply) => {
    const row = await requireCase(ctx, request, reply, request.params.token);
    return row ? listHistory(ctx.db, row.id) : reply;
  });

  app.post('/:token/contact', async (request: TokenRequest, reply) => {
    const row = await requireCase(ctx, request, reply, request.params.token);
    if (!row) return reply;
    const body = decode(ContactMessage, request.body);
    if (E.isLeft(body) || validateContact(body.right).length > 0) return sendError(reply, 400, 'InvalidInput', messages.invalidInput);
    const now = ctx.now();
    const id = generateId();
    const subject = body.right.Subject.replace(/[\r\n]+/g, ' ').trim();
    await ctx.db.insertInto('case_file_contacts').values({ id, case_file_id: row.id, subject, message: body.right.Message, created_at: now.toISOString(), mailed: 0 }).execute();
    // The client finds the whole message in the history, not only its subject.
    await addHistory(ctx.db, row.id, { kind: 'ContactMessage', title: 'Nachricht an die Kanzlei', text: `${subject}\n\n${body.right.Message.trim()}` }, now);
    try {
      await ctx.mailer.send({
        to: row.lawyer_email,
        subject: `Fallakte ${row.case_number}: ${subject}`,
        text: `Neue Nachricht von ${row.first_name} ${row.last_name} aus der digitalen Fallakte ${row.case_number}.\n\nBetreff: ${subject}\n\n${body.right.Message}\n`,
      });
      await ctx.db.updateTable('case_file_contacts').set({ mailed: 1 }).where('id', '=', id).execute();
    } catch (error) {
      // The message is stored either way; the lawyer console lists unmailed messages.
      request.log.error({ err: error, event: 'casefile.contact.mail_failed', caseFileId: row.id }, 'contact mail could not be sent');
    }
    return reply.code(204).send();
  });

  app.get('/:token/questionnaire', async (request: TokenRequest, reply) => {
    const row = await requireCase(ctx, request, reply, request.params.token);
    if (!row) return reply;
    const answers: unknown = row.questionnaire_json ? JSON.parse(row.questionnaire_json) : {};
    const result: Questionnaire = { Submitted: row.questionnaire_submitted_at !== null, Answers: answers as Questionnaire['Answers'] };
    return result;
  });

  app.post('/:token/questionnaire', async (request: TokenRequest, reply) => {
    const row = await requireCase(ctx, request, reply, request.params.token);
    if (!row) return reply;
    const body = decode(QuestionnaireSubmission, request.body);
    if (E.isLeft(body) || validateAnswers(body.right.Answers).length > 0) return sendError(reply, 400, 'InvalidInput', messages.invalidInput);
    const now = ctx.now();
    const iso = now.toISOString();
    await ctx.db.updateTable('case_files').set({ questionnaire_json: JSON.stringify(body.right.Answers), questionnaire_submitted_at: iso, updated_at: iso }).where('id', '=', row.id).execute();
    await addHistory(ctx.db, row.id, { kind: 'Questionnaire', title: 'Fragebogen übermittelt', text: 'Sie haben den Fragebogen ausgefüllt und versendet.' }, now);
    const result: Questionnaire = { Submitted: true, Answers: body.right.Answers };
    return result;
  });
}
