// What is new from the firm in the client's Fallakte (migration 0050): the case-file overview (GET {token}/case) counts
// the firm's messages and answers since the client last opened „Kontaktieren Sie uns“ and the documents the firm shared
// since the client last opened „Dokumente“; opening the screen marks it seen (PUT {token}/seen/messages|documents, PIN
// session only, idempotent). The client's own messages and uploads never count. Over real HTTP on SQLite and PostgreSQL.
import type { CaseDetails, CreateCaseFileResult, FirmMessage } from '@rechtschat/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInCaseFile, uploadForm } from './support/caseFileFlow.js';
import { CookieClient } from './support/cookieClient.js';
import { createTestSchema, type TestSchema } from './support/postgres.js';
import { PDF_MINI } from './support/samples.js';
import { startTestApp, type TestApp } from './support/testApp.js';
import { TestClock } from './support/testClock.js';

describe.each(['sqlite', 'postgres'] as const)('unread news from the firm in the Fallakte on %s', (engine) => {
  let app: TestApp;
  let schema: TestSchema | undefined;
  let anna: CookieClient;
  let created: CreateCaseFileResult;
  let client: CookieClient;
  // Each step a second later: „after the client looked“ never depends on two writes falling into different milliseconds.
  const clock = new TestClock(Date.now());
  const lawyerUrl = (path: string) => `${app.chatUrl}/api/lawyer/case-files/${created.CaseId}${path}`;
  const clientUrl = (path: string) => `${app.webUrl}/api/case-file/${created.Token}/${path}`;
  const unread = async () => {
    clock.advance(1000);
    const { UnreadMessages, UnreadDocuments } = (await client.get<CaseDetails>(clientUrl('case'))).body;
    return { UnreadMessages, UnreadDocuments };
  };
  const firmWrites = async (subject: string) => {
    clock.advance(1000);
    const res = await anna.post<FirmMessage>(lawyerUrl('/messages'), { Subject: subject, Text: 'Bitte melden Sie sich.' });
    expect(res.status).toBe(201);
  };
  const firmShares = async (name: string) => {
    clock.advance(1000);
    expect((await anna.raw(lawyerUrl('/documents'), { method: 'POST', body: uploadForm(name, PDF_MINI) })).status).toBe(201);
  };
  const seen = async (screen: string, who = client) => {
    clock.advance(1000);
    return (await who.request('PUT', clientUrl(`seen/${screen}`))).status;
  };

  beforeAll(async () => {
    if (engine === 'postgres') schema = await createTestSchema();
    app = await startTestApp({ clock, ...(schema ? { env: { DATABASE_URL: schema.url } } : {}) });
    ({ anna, created, client } = await signedInCaseFile(app));
  });

  afterAll(async () => {
    await app?.stop();
    await schema?.drop();
  });

  it('should count the firm’s messages, its answers and its shared documents as unread, never the client’s own', async () => {
    expect(await unread()).toEqual({ UnreadMessages: 0, UnreadDocuments: 0 });
    // The client's own message and upload are nothing new for the client.
    expect((await client.post(clientUrl('contact'), { Subject: 'Termin', Message: 'Wann ist der Termin?' })).status).toBe(204);
    expect((await client.raw(clientUrl('documents'), { method: 'POST', body: uploadForm('Mietvertrag.pdf', PDF_MINI) })).status).toBe(201);
    expect(await unread()).toEqual({ UnreadMessages: 0, UnreadDocuments: 0 });

    await firmWrites('Fehlende Unterlagen');
    const [contact] = (await anna.get<{ Contacts: { Id: string }[] }>(lawyerUrl(''))).body.Contacts;
    clock.advance(1000);
    expect((await anna.post(lawyerUrl(`/contacts/${contact?.Id}/reply`), { Text: 'Am Montag um 10 Uhr.' })).status).toBe(200);
    await firmShares('Klageentwurf.pdf');
    expect(await unread()).toEqual({ UnreadMessages: 2, UnreadDocuments: 1 });
  });

  it('should clear each count when the client opens its screen, idempotently, and count what comes after', async () => {
    expect(await seen('messages')).toBe(204);
    expect(await unread()).toEqual({ UnreadMessages: 0, UnreadDocuments: 1 });
    expect(await seen('documents')).toBe(204);
    expect(await seen('documents')).toBe(204);
    expect(await unread()).toEqual({ UnreadMessages: 0, UnreadDocuments: 0 });

    await firmWrites('Noch eine Frage');
    await firmShares('Vergleich.pdf');
    expect(await unread()).toEqual({ UnreadMessages: 1, UnreadDocuments: 1 });
  });

  it('should not tell the lawyer about the read (the file’s updated_at stays)', async () => {
    const updatedAt = async () =>
      (await app.ctx.db.selectFrom('case_files').select('updated_at').where('id', '=', created.CaseId).executeTakeFirstOrThrow()).updated_at;
    const before = await updatedAt();
    expect(await seen('messages')).toBe(204);
    expect(await updatedAt()).toBe(before);
  });

  it('should refuse marking without the PIN session (401), with another file’s session (403) and an unknown screen (404)', async () => {
    expect(await seen('messages', new CookieClient())).toBe(401);
    const other = await signedInCaseFile(app);
    expect(await seen('messages', other.client)).toBe(403);
    expect(await seen('history')).toBe(404);
  });
});
