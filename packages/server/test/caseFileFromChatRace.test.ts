// Two unconfirmed creations of a case file from the same chat at the same moment (a double click, two tabs): the check
// „already a case file from this chat → 409 CaseFileExists unless ConfirmSecond“ runs in the insert's transaction, so
// exactly one of them makes a file and the other names it – on SQLite and on PostgreSQL (the chat case's row locked).
import type { CreateCaseFileResult } from '@rechtschat/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectLawyer, connectParticipant, startChat, type Participant } from './support/flows.js';
import { createTestSchema, type TestSchema } from './support/postgres.js';
import { startTestApp, type TestApp } from './support/testApp.js';

describe.each(['sqlite', 'postgres'] as const)('two case files from the same chat at the same moment on %s', (engine) => {
  let app: TestApp;
  let schema: TestSchema | undefined;
  let anna: Participant;
  let client: Participant;

  beforeAll(async () => {
    if (engine === 'postgres') schema = await createTestSchema();
    app = await startTestApp(schema ? { env: { DATABASE_URL: schema.url } } : {});
    [anna, client] = await Promise.all([connectLawyer(app, 0), connectParticipant(app)]);
  });

  afterAll(async () => {
    await Promise.all([anna, client].map((p) => p?.hub.stop()));
    await app?.stop();
    await schema?.drop();
  });

  it('should create exactly one file and answer the other 409 CaseFileExists naming it', async () => {
    const chat = await startChat(client);
    await anna.hub.connection.invoke('AcceptChat', chat.ChatId);
    const request = (title: string) => ({ FirstName: 'Max', LastName: 'Mustermann', Phone: '0170 5550123', Title: title, ChatCaseId: chat.CaseId });

    const answers = await Promise.all(
      ['Kündigung', 'Mietminderung'].map((title) => anna.http.post<CreateCaseFileResult>(`${app.chatUrl}/api/lawyer/case-files`, request(title))),
    );

    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const created = answers.find((a) => a.status === 200)?.body;
    expect(answers.find((a) => a.status === 409)?.body).toMatchObject({ Error: 'CaseFileExists', CaseNumbers: [created?.CaseNumber] });
    const stored = await app.ctx.db.selectFrom('case_files').select('case_number').where('chat_case_id', '=', chat.CaseId).execute();
    expect(stored.map((r) => r.case_number)).toEqual([created?.CaseNumber]);
    // Nothing half-made of the refused one: no history entry without its file.
    const orphans = await app.ctx.db
      .selectFrom('case_file_history')
      .select('case_file_id')
      .where('case_file_id', 'not in', (eb) => eb.selectFrom('case_files').select('id'))
      .execute();
    expect(orphans).toEqual([]);
  });
});
