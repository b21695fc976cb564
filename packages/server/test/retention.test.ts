// The retention schedule on virtual time: one job expires every data class on its own clock, on SQLite and PostgreSQL.
// The clock is injected into the app, so stamps (rows, outbox mails, Sentry envelopes) and deadlines are virtual.
import fs from 'node:fs';
import path from 'node:path';
import type { ChatFileInfo, CreateCaseFileResult, StartJoinResult } from '@rechtschat/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { purgeExpired, type PurgeResult } from '../src/features/retention/retention.js';
import { DEMO_LAWYERS } from '../src/seed.js';
import { createCaseFileAsLawyer, loginCaseFileClient, loginLawyerHttp, uploadForm } from './support/caseFileFlow.js';
import { CookieClient } from './support/cookieClient.js';
import { connectLawyer, connectParticipant, startChat, type Participant } from './support/flows.js';
import { createTestSchema, type TestSchema } from './support/postgres.js';
import { PDF_MINI } from './support/samples.js';
import { startTestApp, type TestApp } from './support/testApp.js';

const at = (iso: string) => new Date(iso);
const envelope = `${JSON.stringify({ event_id: '9ec79c33ec9942ab8353589fcb2e04dc', dsn: 'https://key@o1.ingest.sentry.io/5' })}\n{"type":"event"}\n{"message":"Fehler"}\n`;

describe.each(['sqlite', 'postgres'] as const)('retention job on %s', (engine) => {
  // The mandate starts and, for this test, ends on 10 May 2019: the case file's deadline is 1 January 2026, 00:00
  // Berlin time (2025-12-31T23:00Z).
  let now = at('2019-05-10T09:00:00.000Z');
  const clock = { now: () => now };
  let schema: TestSchema | undefined;
  let app: TestApp;
  let participant: Participant;
  let chatLawyer: Participant;
  let ids: StartJoinResult;
  let chatFile: string;
  let caseFile: CreateCaseFileResult;
  let lawyer: CookieClient;
  let documentOnDisk: string;
  const purge = async (iso: string): Promise<PurgeResult> => {
    now = at(iso);
    return purgeExpired({ db: app.ctx.db, clock, dataDir: app.dataDir, uploadDir: app.ctx.uploadDir });
  };
  const rows = async (
    table:
      | 'case_files'
      | 'case_file_history'
      | 'case_file_documents'
      | 'case_file_contacts'
      | 'case_file_firm_messages'
      | 'case_file_login_throttle'
      | 'lawyer_login_throttle'
      | 'case_file_access_log'
      | 'sessions'
      | 'cases'
      | 'messages'
      | 'files',
  ) => (await app.ctx.db.selectFrom(table).selectAll().execute()).length;
  const filesIn = (dir: string) => (fs.existsSync(path.join(app.dataDir, dir)) ? fs.readdirSync(path.join(app.dataDir, dir)) : []);

  beforeAll(async () => {
    if (engine === 'postgres') schema = await createTestSchema();
    app = await startTestApp({ clock, ...(schema ? { env: { DATABASE_URL: schema.url } } : {}) });
    // Chat case with a message and an upload.
    participant = await connectParticipant(app);
    ids = await startChat(participant);
    await participant.hub.connection.invoke('SendMessage', ids.ChatId, 'Aufzubewahren', 'retention-0001');
    // A chat takes files once a lawyer holds it.
    chatLawyer = await connectLawyer(app, 1);
    await chatLawyer.hub.connection.invoke('AcceptChat', ids.ChatId);
    const info = (await (
      await participant.http.raw(`${app.chatUrl}/api/chat/file/${ids.ChatId}`, { method: 'POST', body: uploadForm('a.pdf', PDF_MINI) })
    ).json()) as ChatFileInfo;
    const stored = await app.ctx.db.selectFrom('files').select('storage_name').where('id', '=', info.Id).executeTakeFirstOrThrow();
    chatFile = path.join(app.ctx.uploadDir, stored.storage_name);
    // Case file with a session, a document, a contact message (→ outbox mail), a wrong PIN (→ throttle row) and a lawyer read (→ audit row).
    // A mistyped lawyer password (→ per-account throttle row).
    expect((await new CookieClient().post(`${app.chatUrl}/api/lawyer/login`, { Email: DEMO_LAWYERS[0].email, Password: 'falsch-getippt' })).status).toBe(401);
    lawyer = await loginLawyerHttp(app);
    caseFile = await createCaseFileAsLawyer(app, lawyer);
    expect((await loginCaseFileClient(app, caseFile, '0000')).status).toBe(401);
    const { client } = await loginCaseFileClient(app, caseFile);
    const base = `${app.webUrl}/api/case-file/${caseFile.Token}`;
    expect((await client.raw(`${base}/documents`, { method: 'POST', body: uploadForm('Mietvertrag.pdf', PDF_MINI) })).status).toBe(201);
    expect((await client.post(`${base}/contact`, { Subject: 'Frage', Message: 'Bitte rufen Sie mich an.' })).status).toBe(204);
    expect((await lawyer.get(`${app.chatUrl}/api/lawyer/case-files/${caseFile.CaseId}`)).status).toBe(200);
    // The lawyer ends the mandate the same day (→ a second audit row, action 'close').
    expect((await lawyer.post(`${app.chatUrl}/api/lawyer/case-files/${caseFile.CaseId}/close`)).status).toBe(200);
    // A message the firm started (its own table, migration 0043), stored as POST …/messages stores it; written here
    // directly, so the audit rows and outbox mails counted below stay those of the steps above.
    await app.ctx.db
      .insertInto('case_file_firm_messages')
      .values({
        id: 'fm-1',
        case_file_id: caseFile.CaseId,
        subject: 'Unterlagen',
        text: 'Bitte senden Sie uns den Vertrag.',
        created_at: now.toISOString(),
        written_by_name: 'Dr. Anna Berger',
      })
      .execute();
    const sentry = await fetch(`${app.webUrl}/api/sentry-tunnel`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-sentry-envelope' },
      body: envelope,
    });
    expect(sentry.status).toBe(202);
    const doc = await app.ctx.db.selectFrom('case_file_documents').select('storage_key').where('case_file_id', '=', caseFile.CaseId).executeTakeFirstOrThrow();
    documentOnDisk = path.join(app.dataDir, 'casefiles', doc.storage_key);
  });

  afterAll(async () => {
    await participant?.hub.stop();
    await chatLawyer?.hub.stop();
    await app?.stop();
    await schema?.drop();
  });

  it('should delete nothing while every deadline is still ahead', async () => {
    const result = await purge('2019-05-10T10:00:00.000Z');
    expect(Object.values(result).every((n) => n === 0)).toBe(true);
    expect(await rows('case_file_login_throttle')).toBe(1);
    expect(await rows('lawyer_login_throttle')).toBe(1);
    expect(await rows('case_file_access_log')).toBe(2);
    expect(filesIn('outbox')).toHaveLength(1);
    expect(filesIn('sentry')).toHaveLength(1);
  });

  it('should end expired sessions and throttle rows after a day but keep mails and envelopes for 30 days', async () => {
    const result = await purge('2019-06-09T08:59:59.999Z');
    expect(result.sessions).toBeGreaterThanOrEqual(3); // participant's web and chat session, lawyer session, case-file session
    expect(result.loginThrottle).toBe(2); // the wrong PIN's address row and the mistyped lawyer login's account row
    expect(await rows('sessions')).toBe(0); // case-file sessions included (kind 'casefile')
    expect(await rows('case_file_login_throttle')).toBe(0);
    expect(await rows('lawyer_login_throttle')).toBe(0);
    expect(filesIn('outbox')).toHaveLength(1);
    expect(filesIn('sentry')).toHaveLength(1);
  });

  it('should delete outbox mails and stored Sentry envelopes once they are 30 days old', async () => {
    const result = await purge('2019-06-09T09:00:00.001Z');
    expect(result).toMatchObject({ outboxMails: 1, sentryEnvelopes: 1, caseFiles: 0, cases: 0 });
    expect(filesIn('outbox')).toEqual([]);
    expect(filesIn('sentry')).toEqual([]);
  });

  it('should keep the audit trail for three years, independent of the case file', async () => {
    expect((await purge('2022-05-08T09:00:00.000Z')).accessLog).toBe(0);
    expect((await purge('2022-05-09T09:00:00.000Z')).accessLog).toBe(2);
    expect(await rows('case_file_access_log')).toBe(0);
    expect(await rows('case_files')).toBe(1);
  });

  it('should keep the case file with its document on disk until the last moment of 2025 in Berlin', async () => {
    expect((await purge('2025-12-31T22:59:59.999Z')).caseFiles).toBe(0);
    expect(fs.existsSync(documentOnDisk)).toBe(true);
    expect(await rows('case_file_history')).toBeGreaterThan(0);
    expect(await rows('case_file_firm_messages')).toBe(1);
  });

  it('should delete the case file, its history, contacts, the firm’s messages, documents and their folder on 1 January 2026, 00:00 Berlin time', async () => {
    const result = await purge('2025-12-31T23:00:00.000Z');
    expect(result).toMatchObject({ caseFiles: 1, caseFileDocuments: 1, cases: 0 });
    for (const table of ['case_files', 'case_file_history', 'case_file_documents', 'case_file_contacts', 'case_file_firm_messages'] as const) {
      expect(await rows(table)).toBe(0);
    }
    expect(fs.existsSync(documentOnDisk)).toBe(false);
    expect(fs.existsSync(path.dirname(documentOnDisk))).toBe(false);
    // The chat case runs on its own ten-year clock.
    expect(await rows('cases')).toBe(1);
    expect(fs.existsSync(chatFile)).toBe(true);
  });

  it('should delete the chat case with its messages and its file on disk ten years after it began', async () => {
    expect((await purge('2029-05-09T09:00:00.000Z')).cases).toBe(0);
    const result = await purge('2029-05-11T09:00:00.000Z');
    expect(result).toMatchObject({ cases: 1, files: 1 });
    expect(fs.existsSync(chatFile)).toBe(false);
    for (const table of ['cases', 'messages', 'files'] as const) expect(await rows(table)).toBe(0);
  });

  it('should find nothing more to delete when run again', async () => {
    expect(Object.values(await purge('2029-05-11T09:00:00.000Z')).every((n) => n === 0)).toBe(true);
  });
});

describe.each(['sqlite', 'postgres'] as const)('retention of a case file by the end of its mandate on %s', (engine) => {
  // Created in March 2019 and open for twelve years: a deadline counted from creation would have deleted it in 2026.
  let now = at('2019-03-01T10:00:00.000Z');
  const clock = { now: () => now };
  let schema: TestSchema | undefined;
  let app: TestApp;
  let caseFile: CreateCaseFileResult;
  const purge = async (iso: string): Promise<PurgeResult> => {
    now = at(iso);
    return purgeExpired({ db: app.ctx.db, clock, dataDir: app.dataDir, uploadDir: app.ctx.uploadDir });
  };
  const caseFiles = async () => (await app.ctx.db.selectFrom('case_files').select('id').execute()).length;
  /** A lawyer session at the current virtual time (earlier ones have expired meanwhile). */
  const mandate = async (action: 'close' | 'reopen', iso: string) => {
    now = at(iso);
    const lawyer = await loginLawyerHttp(app);
    expect((await lawyer.post(`${app.chatUrl}/api/lawyer/case-files/${caseFile.CaseId}/${action}`)).status).toBe(200);
  };

  beforeAll(async () => {
    if (engine === 'postgres') schema = await createTestSchema();
    app = await startTestApp({ clock, ...(schema ? { env: { DATABASE_URL: schema.url } } : {}) });
    caseFile = await createCaseFileAsLawyer(app, await loginLawyerHttp(app));
  });

  afterAll(async () => {
    await app?.stop();
    await schema?.drop();
  });

  it('should never delete a file whose mandate is open, however old', async () => {
    expect((await purge('2026-01-01T00:00:00.000Z')).caseFiles).toBe(0);
    expect((await purge('2031-06-01T00:00:00.000Z')).caseFiles).toBe(0);
    expect(await caseFiles()).toBe(1);
  });

  it('should not delete a file whose mandate was ended and reopened', async () => {
    await mandate('close', '2031-06-15T10:00:00.000Z');
    await mandate('reopen', '2031-06-15T10:05:00.000Z');
    expect((await purge('2040-01-01T00:00:00.000Z')).caseFiles).toBe(0);
    expect(await caseFiles()).toBe(1);
  });

  it('should delete a file ended in 2040 exactly at 1 January 2047, 00:00 Berlin time, and not a millisecond earlier', async () => {
    await mandate('close', '2040-12-31T22:59:00.000Z'); // 31 December 2040, 23:59 in Berlin
    expect((await purge('2046-12-31T22:59:59.999Z')).caseFiles).toBe(0);
    expect(await caseFiles()).toBe(1);
    expect((await purge('2046-12-31T23:00:00.000Z')).caseFiles).toBe(1);
    expect(await caseFiles()).toBe(0);
  });
});
