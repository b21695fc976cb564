// The full phone number of a case file (its last four digits are the PIN) reaches no
// client-facing response, PDF, mail or log line; files and the SQLite database are private whatever the umask.
import fs from 'node:fs';
import path from 'node:path';
import { Writable } from 'node:stream';
import type { CreateCaseFileResult } from '@rechtschat/core';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CookieClient } from './support/cookieClient.js';
import { connectLawyer, connectParticipant, startChat, type Participant } from './support/flows.js';
import { PDF_MINI } from './support/samples.js';
import { startTestApp, tempDir, type TestApp } from './support/testApp.js';
import { pdfText } from './pdf/pdfText.js';

const PHONE = '+49 176 98765432';
/** The number in the spellings a leak would take: international or national digits, with or without spaces. */
const leaks = (text: string) => {
  const compact = text.replace(/[\s()./-]/g, '');
  return compact.includes('17698765432');
};
const modeOf = (file: string) => fs.statSync(file).mode & 0o777;

describe('the case-file phone number and files at rest', () => {
  let app: TestApp;
  let lawyer: Participant;
  let created: CreateCaseFileResult;
  const client = new CookieClient();
  const root = tempDir();
  const dataDir = path.join(root, 'data');
  const logLines: string[] = [];
  let previousUmask: number;

  beforeAll(async () => {
    // A permissive umask, as on many servers: the modes must not depend on it.
    previousUmask = process.umask(0o022);
    const logger = pino({ level: 'debug' }, new Writable({ write: (chunk: Buffer, _enc, done) => (logLines.push(chunk.toString()), done()) }));
    app = await startTestApp({ dataDir, logger });
    lawyer = await connectLawyer(app);
    created = (
      await lawyer.http.post<CreateCaseFileResult>(`${app.chatUrl}/api/lawyer/case-files`, {
        FirstName: 'Erika',
        LastName: 'Musterfrau',
        Phone: PHONE,
        Title: 'Verkehrsunfall',
        Email: 'erika@example.org',
      })
    ).body;
    const login = await client.post(`${app.webUrl}/api/case-file/login`, {
      LoginData: { Pin: created.Pin, UrlToken: created.Token },
      AgreedPrivacyWithLawyer: true,
      AgreedTermsOfService: true,
    });
    expect(login.status).toBe(204);
  });

  afterAll(async () => {
    await lawyer?.hub.stop();
    await app?.stop();
    process.umask(previousUmask);
    fs.rmSync(root, { recursive: true, force: true });
  });

  it('should show the client only a masked phone number in every case-file response and PDF', async () => {
    const base = `${app.webUrl}/api/case-file/${created.Token}`;
    const person = await client.get<{ Phone: string }>(`${base}/person`);
    expect(person.body.Phone).toBe('+49 176 ••• 76••••');
    for (const suffix of ['check', 'person', 'case', 'lawyer', 'history', 'documents', 'login-information', 'consent', 'questionnaire']) {
      const res = await client.get(`${base}/${suffix}`);
      expect(res.status, suffix).toBe(200);
      expect(leaks(res.text), suffix).toBe(false);
    }
    const update = await client.raw(`${base}/person`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ City: 'Köln' }),
    });
    expect(leaks(await update.text())).toBe(false);
    const pdf = new Uint8Array(await (await client.raw(`${base}/power-of-attorney`)).arrayBuffer());
    expect(leaks(await pdfText(pdf))).toBe(false);
  });

  it('should keep the number out of mails and log lines', async () => {
    const base = `${app.webUrl}/api/case-file/${created.Token}`;
    expect((await client.post(`${base}/contact`, { Subject: 'Frage', Message: 'Bitte rufen Sie mich an.' })).status).toBe(204);
    const outbox = path.join(dataDir, 'outbox');
    const mails = fs.readdirSync(outbox).map((name) => fs.readFileSync(path.join(outbox, name), 'latin1'));
    expect(mails.length).toBeGreaterThan(0);
    for (const mail of mails) expect(leaks(mail)).toBe(false);
    expect(logLines.length).toBeGreaterThan(0);
    expect(logLines.filter(leaks)).toEqual([]);
  });

  it('should create the data directory, database, uploads, case-file documents and mails 0700/0600 under umask 022', async () => {
    const participant: Participant = await connectParticipant(app);
    const ids = await startChat(participant);
    // A chat takes files once a lawyer holds it.
    await lawyer.hub.connection.invoke('AcceptChat', ids.ChatId);
    const form = new FormData();
    form.append('file', new Blob([PDF_MINI], { type: 'application/pdf' }), 'vertrag.pdf');
    expect((await participant.http.raw(`${app.chatUrl}/api/chat/file/${ids.ChatId}`, { method: 'POST', body: form })).status).toBe(200);
    const doc = new FormData();
    doc.append('file', new Blob([PDF_MINI], { type: 'application/pdf' }), 'nachweis.pdf');
    expect((await client.raw(`${app.webUrl}/api/case-file/${created.Token}/documents`, { method: 'POST', body: doc })).status).toBe(201);
    await participant.hub.stop();

    const dirs = [dataDir, path.join(dataDir, 'uploads'), path.join(dataDir, 'outbox')];
    const files = ['rechtschat.sqlite', 'rechtschat.sqlite-wal', 'rechtschat.sqlite-shm'].map((f) => path.join(dataDir, f)).filter((f) => fs.existsSync(f));
    const walk = (dir: string): string[] =>
      fs
        .readdirSync(dir, { withFileTypes: true })
        .flatMap((e) => (e.isDirectory() ? [path.join(dir, e.name), ...walk(path.join(dir, e.name))] : [path.join(dir, e.name)]));
    for (const sub of ['uploads', 'outbox', 'casefiles']) {
      const entries = walk(path.join(dataDir, sub));
      expect(entries.length, sub).toBeGreaterThan(0);
      for (const entry of entries) (fs.statSync(entry).isDirectory() ? dirs : files).push(entry);
    }
    expect(files.some((f) => f.endsWith('rechtschat.sqlite'))).toBe(true);
    expect(Object.fromEntries(dirs.map((d) => [path.relative(root, d), modeOf(d).toString(8)]))).toEqual(
      Object.fromEntries(dirs.map((d) => [path.relative(root, d), '700'])),
    );
    expect(Object.fromEntries(files.map((f) => [path.relative(root, f), modeOf(f).toString(8)]))).toEqual(
      Object.fromEntries(files.map((f) => [path.relative(root, f), '600'])),
    );
  });
});
