// U+0000 from outside (found 2026-12-03): PostgreSQL's text cannot hold it, so a JSON string with `\u0000` or a path
// or query with `%00` reached a query and failed as a 500 with an error log – before a login (the lawyer login's
// e-mail) and from a case-file client (contact message, personal data). Now it is a 400 with the error shape on
// both engines, nothing is stored, and the server keeps answering.
import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreateCaseFileResult } from '@rechtschat/core';
import { createCaseFileAsLawyer, loginCaseFileClient, loginLawyerHttp } from './support/caseFileFlow.js';
import { connectLawyer, connectParticipant, startChat, startRequest } from './support/flows.js';
import { CookieClient } from './support/cookieClient.js';
import { createTestSchema, type TestSchema } from './support/postgres.js';
import { startTestApp, type TestApp } from './support/testApp.js';

const REFUSED = { Error: 'BadRequest', Message: 'Die Anfrage enthält ein unzulässiges Steuerzeichen (U+0000).' };

describe.each(['sqlite', 'postgres'] as const)('U+0000 and lone surrogates in requests on %s', (engine) => {
  let schema: TestSchema | undefined;
  let app: TestApp;
  let lawyer: CookieClient;
  let caseFile: CreateCaseFileResult;
  let client: CookieClient;
  let log = '';
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      log += chunk.toString();
      done();
    },
  });

  /** A JSON body as text, so the `\u0000` escape goes over the wire exactly as an attacker writes it. */
  const postText = (http: CookieClient, url: string, text: string, method = 'POST') =>
    http.raw(url, { method, headers: { 'content-type': 'application/json' }, body: text });

  const errorLines = () =>
    log
      .split('\n')
      .filter((line) => line !== '')
      .map((line) => JSON.parse(line) as { level: number })
      .filter((line) => line.level >= 50);

  beforeAll(async () => {
    if (engine === 'postgres') schema = await createTestSchema();
    app = await startTestApp({ logger: pino({ level: 'info' }, sink), ...(schema ? { env: { DATABASE_URL: schema.url } } : {}) });
    lawyer = await loginLawyerHttp(app, 0);
    caseFile = await createCaseFileAsLawyer(app, lawyer);
    const login = await loginCaseFileClient(app, caseFile);
    expect(login.status).toBe(204);
    client = login.client;
  });

  afterAll(async () => {
    await app?.stop();
    await schema?.drop();
  });

  it('should refuse U+0000 in the e-mail of the lawyer login with 400 before any query', async () => {
    const response = await postText(new CookieClient(), `${app.chatUrl}/api/lawyer/login`, '{"Email":"a@b.de\\u0000","Password":"x"}');
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual(REFUSED);
  });

  it('should refuse U+0000 in a case-file contact message and in the personal data, storing nothing', async () => {
    const contact = await postText(client, `${app.webUrl}/api/case-file/${caseFile.Token}/contact`, '{"Subject":"Hallo\\u0000","Message":"Eine Nachricht"}');
    expect(contact.status).toBe(400);
    expect(await contact.json()).toEqual(REFUSED);
    const person = await postText(
      client,
      `${app.webUrl}/api/case-file/${caseFile.Token}/person`,
      '{"Street":"Hauptstr.\\u0000 1","City":"Köln","PostalCode":"50667","Email":"a@b.de"}',
      'PUT',
    );
    expect(person.status).toBe(400);
    expect(await app.ctx.db.selectFrom('case_file_contacts').select('id').execute()).toEqual([]);
  });

  it('should refuse U+0000 in a key, deep inside nested arrays and after 120,000 array items without overflowing the stack', async () => {
    const key = await postText(new CookieClient(), `${app.chatUrl}/api/lawyer/login`, '{"Email":"a@b.de","Password":"x","\\u0000":1}');
    expect(key.status).toBe(400);
    const deep = `${'['.repeat(50_000)}"\\u0000"${']'.repeat(50_000)}`;
    const wide = `[${'0,'.repeat(120_000)}"\\u0000"]`;
    const flat = await postText(new CookieClient(), `${app.chatUrl}/api/lawyer/login`, wide);
    expect(flat.status).toBe(400);
    // So deep a body is refused before it is parsed (body.ts › nestsDeeperThan), as invalid JSON.
    const nested = await postText(new CookieClient(), `${app.chatUrl}/api/lawyer/login`, deep);
    expect(nested.status).toBe(400);
    expect(await nested.json()).toMatchObject({ Error: 'BadRequest' });
  });

  it('should still take a written-out backslash followed by u0000 as ordinary text', async () => {
    const response = await postText(new CookieClient(), `${app.chatUrl}/api/lawyer/login`, '{"Email":"a@b.de","Password":"x\\\\u0000"}');
    expect(response.status).toBe(401);
  });

  it('should refuse %00 in a path and in a query with 400', async () => {
    for (const url of [
      `${app.chatUrl}/api/lawyer/case-files/ab%00cd`,
      `${app.chatUrl}/api/reports?from=2026-01-01&to=2026-12-31&insurer=a%00b`,
      `${app.webUrl}/api/case-file/${caseFile.Token}/documents/a%00b`,
    ]) {
      const response = await lawyer.raw(url);
      expect(response.status, url).toBe(400);
      expect(await response.json()).toEqual(REFUSED);
    }
    expect((await client.raw(`${app.webUrl}/api/case-file/${caseFile.Token}/documents/a%00b`)).status).toBe(400);
  });

  it('should answer a hub call with U+0000 in an argument as an invalid call, store nothing and keep the connection', async () => {
    const participant = await connectParticipant(app);
    const hubLawyer = await connectLawyer(app, 1);
    try {
      await expect(participant.hub.connection.invoke('StartChat', startRequest('Mein Vermieter\u0000 hat gekündigt, was kann ich tun?'))).rejects.toThrow(
        'Der Methodenaufruf ist ungültig.',
      );
      const ids = await startChat(participant);
      await expect(participant.hub.connection.invoke('SendMessage', ids.ChatId, 'Hallo\u0000Welt', 'nul-0001')).rejects.toThrow(
        'Der Methodenaufruf ist ungültig.',
      );
      await hubLawyer.hub.connection.invoke('AcceptChat', ids.ChatId);
      await expect(hubLawyer.hub.connection.invoke('SendMessage', ids.ChatId, 'Antwort\u0000', 'nul-0002')).rejects.toThrow('Der Methodenaufruf ist ungültig.');
      // The same connections go on working.
      await participant.hub.connection.invoke('SendMessage', ids.ChatId, 'Hallo Welt', 'nul-0003');
      const texts = (await app.ctx.db.selectFrom('messages').select('text').where('case_id', '=', ids.CaseId).execute()).map((m) => m.text);
      expect(texts).toContain('Hallo Welt');
      expect(texts.some((text) => (text ?? '').includes('\u0000'))).toBe(false);
    } finally {
      await participant.hub.stop();
      await hubLawyer.hub.stop();
    }
  });

  it('should refuse a lone surrogate in a contact message with 400, store nothing, and take an escaped emoji pair', async () => {
    // Stored, the half character became three U+FFFD: the sender saw one text, the lawyer's reload another.
    const lone = await postText(client, `${app.webUrl}/api/case-file/${caseFile.Token}/contact`, '{"Subject":"\\ud800 Test","Message":"Hallo \\udfff Welt"}');
    expect(lone.status).toBe(400);
    expect(await lone.json()).toEqual({
      Error: 'BadRequest',
      Message: 'Die Anfrage enthält ein unvollständiges Zeichen (ein einzelnes UTF-16-Surrogat). Bitte prüfen Sie den Text.',
    });
    expect(await app.ctx.db.selectFrom('case_file_contacts').select('id').execute()).toEqual([]);
    const pair = await postText(client, `${app.webUrl}/api/case-file/${caseFile.Token}/contact`, '{"Subject":"Danke \\ud83d\\ude00","Message":"Alles klar."}');
    expect(pair.status).toBe(204);
    const stored = await app.ctx.db.selectFrom('case_file_contacts').select('subject').execute();
    expect(stored.map((row) => row.subject)).toEqual(['Danke 😀']);
  });

  it('should answer a hub message with a lone surrogate as an invalid call and store nothing of it', async () => {
    const participant = await connectParticipant(app);
    try {
      const ids = await startChat(participant);
      await expect(participant.hub.connection.invoke('SendMessage', ids.ChatId, 'Halb \ud800 Zeichen', 'surrogate-0001')).rejects.toThrow(
        'Der Methodenaufruf ist ungültig.',
      );
      const texts = (await app.ctx.db.selectFrom('messages').select('text').where('case_id', '=', ids.CaseId).execute()).map((m) => m.text);
      expect(texts.some((text) => (text ?? '').includes('\ufffd') || (text ?? '').includes('Halb'))).toBe(false);
    } finally {
      await participant.hub.stop();
    }
  });

  it('should log no server error for any of these and keep answering', async () => {
    expect(errorLines()).toEqual([]);
    expect((await new CookieClient().raw(`${app.chatUrl}/healthz`)).status).toBe(200);
  });
});
