// The lawyer corrects the client's name and phone number in a case file (the client cannot: „Persönliche Daten“ says
// only the firm can). A new number that ends in other digits makes a new PIN: the old one stops working at once, the
// client's signed-in browser must sign in again, and the lawyer gets the new PIN to pass on. Only the file's lawyer may.
import type { CreateCaseFileResult, HistoryEntry, PersonInfo, UpdateCaseFileClientResult } from '@rechtschat/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCaseFileAsLawyer, loginCaseFileClient, loginLawyerHttp } from './support/caseFileFlow.js';
import { CookieClient } from './support/cookieClient.js';
import { createTestSchema, type TestSchema } from './support/postgres.js';
import { startTestApp, type TestApp } from './support/testApp.js';

describe.each(['sqlite', 'postgres'] as const)("correcting a case file's client on %s", (engine) => {
  let app: TestApp;
  let schema: TestSchema | undefined;
  let anna: CookieClient;
  let markus: CookieClient;
  let created: CreateCaseFileResult;
  const url = () => `${app.chatUrl}/api/lawyer/case-files/${created.CaseId}/client`;
  const clientUrl = (path: string) => `${app.webUrl}/api/case-file/${created.Token}/${path}`;

  beforeAll(async () => {
    if (engine === 'postgres') schema = await createTestSchema();
    app = await startTestApp(schema ? { env: { DATABASE_URL: schema.url } } : {});
    anna = await loginLawyerHttp(app, 0);
    markus = await loginLawyerHttp(app, 1);
    created = await createCaseFileAsLawyer(app, anna);
  });

  afterAll(async () => {
    await app?.stop();
    await schema?.drop();
  });

  it('should refuse another lawyer (404) and no session (401), and refuse an empty name or a wrong number with the reasons, changing nothing', async () => {
    const body = { FirstName: 'Erika', LastName: 'Mustermann', Phone: '+49 151 23456789' };
    expect((await markus.put(url(), body)).status).toBe(404);
    expect((await new CookieClient().put(url(), body)).status).toBe(401);
    const refused = await anna.put<{ Message: string }>(url(), { FirstName: ' ', LastName: 'Muster', Phone: 'keine Nummer' });
    expect(refused.status).toBe(400);
    expect(refused.body.Message).toBe('Bitte geben Sie Vor- und Nachnamen an. Bitte geben Sie eine gültige Telefonnummer an, z. B. 0151 23456789.');
    const row = await app.ctx.db
      .selectFrom('case_files')
      .select(['first_name', 'last_name', 'phone'])
      .where('id', '=', created.CaseId)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ first_name: 'Erika', last_name: 'Muster', phone: '+4915123456789' });
  });

  it('should correct the name alone without a new PIN, and tell the client in the history', async () => {
    const { client } = await loginCaseFileClient(app, created);
    const res = await anna.put<UpdateCaseFileClientResult>(url(), { FirstName: ' Erika ', LastName: 'Mustermann', Phone: '0151 23456789' });
    expect(res.status).toBe(200);
    expect(res.body.Pin).toBeNull();
    expect(res.body.Detail).toMatchObject({ FirstName: 'Erika', LastName: 'Mustermann', Phone: '+4915123456789' });
    // The client stays signed in and reads the corrected name.
    expect((await client.get<PersonInfo>(clientUrl('person'))).body).toMatchObject({ LastName: 'Mustermann' });
    const history = await client.get<HistoryEntry[]>(clientUrl('history'));
    expect(history.body.filter((h) => h.Kind === 'ClientDetailsCorrected')).toEqual([
      expect.objectContaining({ Title: 'Angaben zu Ihrer Person berichtigt', Text: 'Ihre Kanzlei hat Ihren Namen oder Ihre Telefonnummer berichtigt.' }),
    ]);
  });

  it('should make a new PIN from a new number: the old PIN is refused, the signed-in browser must sign in again, the new PIN opens the file', async () => {
    const { client } = await loginCaseFileClient(app, created);
    expect((await client.get(clientUrl('person'))).status).toBe(200);
    const res = await anna.put<UpdateCaseFileClientResult>(url(), { FirstName: 'Erika', LastName: 'Mustermann', Phone: '+49 160 9876 5432' });
    expect(res.status).toBe(200);
    expect(res.body.Pin).toBe('5432');
    expect(res.body.Detail.Phone).toBe('+4916098765432');
    expect((await client.get(clientUrl('person'))).status).toBe(401);
    expect((await loginCaseFileClient(app, created)).status).toBe(401);
    expect((await loginCaseFileClient(app, created, '5432')).status).toBe(204);
    const audit = await app.ctx.db.selectFrom('case_file_access_log').select('action').where('case_file_id', '=', created.CaseId).execute();
    expect(audit.map((a) => a.action)).toContain('client');
  });
});
