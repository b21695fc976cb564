// The client answers a message the firm started („Antworten“ on „Kontakt“): POST api/case-file/{token}/contact with
// `InReplyTo` stores the link (case_file_contacts.in_reply_to, migration 0045), and both the client's list and the
// lawyer's view name the firm's message it answers. Only a firm message of the same file is taken: an unknown id and
// another file's id are refused alike, storing and mailing nothing. The linked rows go with the file (retention job)
// and into the Art. 15 archive. Over real HTTP on SQLite and PostgreSQL.
import type { ContactEntry, CreateCaseFileResult, FirmMessage, LawyerCaseFileDetail } from '@rechtschat/core';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { purgeExpired } from '../src/features/retention/retention.js';
import { createCaseFileAsLawyer, signedInCaseFile } from './support/caseFileFlow.js';
import type { CookieClient } from './support/cookieClient.js';
import { outboxMailsTo } from './support/outbox.js';
import { createTestSchema, type TestSchema } from './support/postgres.js';
import { startTestApp, type TestApp } from './support/testApp.js';

/** A mail's text with quoted-printable escapes (umlauts, „“) decoded. */
const readable = (eml: string) =>
  Buffer.from(
    eml.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    'latin1',
  ).toString('utf8');

const UNKNOWN_FIRM_MESSAGE = {
  Error: 'UnknownFirmMessage',
  Message:
    'Die Nachricht Ihrer Kanzlei, auf die Sie antworten möchten, gibt es in Ihrer Fallakte nicht. Bitte laden Sie die Seite neu und wählen Sie bei der Nachricht „Antworten“.',
};

describe.each(['sqlite', 'postgres'] as const)('the client’s answer to a message of the firm on %s', (engine) => {
  let app: TestApp;
  let schema: TestSchema | undefined;
  let anna: CookieClient;
  let created: CreateCaseFileResult;
  let client: CookieClient;
  let asked: FirmMessage;
  const lawyerUrl = (path = '', caseId = created.CaseId) => `${app.chatUrl}/api/lawyer/case-files/${caseId}${path}`;
  const clientUrl = (path: string) => `${app.webUrl}/api/case-file/${created.Token}/${path}`;
  const contactList = async () => (await client.get<ContactEntry[]>(clientUrl('contact'))).body;
  const storedContacts = () =>
    app.ctx.db.selectFrom('case_file_contacts').select(['subject', 'in_reply_to']).where('case_file_id', '=', created.CaseId).execute();
  const mailsToLawyer = () => outboxMailsTo(app.dataDir, app.lawyers[0]?.email ?? '').map(readable);

  beforeAll(async () => {
    if (engine === 'postgres') schema = await createTestSchema();
    app = await startTestApp(schema ? { env: { DATABASE_URL: schema.url } } : {});
    ({ anna, created, client } = await signedInCaseFile(app));
    const res = await anna.post<FirmMessage>(lawyerUrl('/messages'), { Subject: 'Fehlende Unterlagen', Text: 'Bitte senden Sie uns den Mietvertrag.' });
    expect(res.status).toBe(201);
    asked = res.body;
  });

  afterAll(async () => {
    await app?.stop();
    await schema?.drop();
  });

  it('should store the answer linked to the firm’s message and name it to the client and the lawyer', async () => {
    const before = mailsToLawyer().length;
    const res = await client.post(clientUrl('contact'), { Subject: 'Re: Fehlende Unterlagen', Message: 'Anbei der Vertrag.', InReplyTo: asked.Id });
    expect(res.status).toBe(204);
    expect(await storedContacts()).toEqual([{ subject: 'Re: Fehlende Unterlagen', in_reply_to: asked.Id }]);

    const answeredMessage = { Id: asked.Id, Subject: 'Fehlende Unterlagen', Created: asked.Created };
    expect(await contactList()).toEqual([
      {
        Id: expect.any(String),
        Subject: 'Re: Fehlende Unterlagen',
        Message: 'Anbei der Vertrag.',
        Created: expect.any(String),
        Reply: null,
        InReplyTo: answeredMessage,
      },
      asked,
    ]);
    const detail = (await anna.get<LawyerCaseFileDetail>(lawyerUrl())).body;
    expect(detail.Contacts).toEqual([
      { Id: expect.any(String), Subject: 'Re: Fehlende Unterlagen', Message: 'Anbei der Vertrag.', Created: expect.any(String), InReplyTo: answeredMessage },
    ]);
    // The lawyer's mail says which message it answers.
    const mails = mailsToLawyer().slice(before);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toContain('Antwort auf Ihre Nachricht „Fehlende Unterlagen“');

    // The firm's answer to the linked message keeps the link in what the lawyer gets back.
    const contactId = detail.Contacts[0]?.Id ?? '';
    const replied = await anna.post(lawyerUrl(`/contacts/${contactId}/reply`), { Text: 'Danke, erhalten.' });
    expect(replied.status).toBe(200);
    expect(replied.body).toMatchObject({ Id: contactId, InReplyTo: answeredMessage, Reply: { Text: 'Danke, erhalten.' } });
  });

  it('should keep a message without InReplyTo unlinked, as before', async () => {
    expect((await client.post(clientUrl('contact'), { Subject: 'Termin', Message: 'Wann ist der Termin?' })).status).toBe(204);
    const entry = (await contactList())[0];
    expect(entry).toEqual({ Id: expect.any(String), Subject: 'Termin', Message: 'Wann ist der Termin?', Created: expect.any(String), Reply: null });
    const detail = (await anna.get<LawyerCaseFileDetail>(lawyerUrl())).body;
    expect(detail.Contacts.find((c) => c.Subject === 'Termin')).not.toHaveProperty('InReplyTo');
  });

  it('should refuse an unknown id and another file’s firm message alike with 400, storing and mailing nothing', async () => {
    const other = await createCaseFileAsLawyer(app, anna);
    const foreign = await anna.post<FirmMessage>(lawyerUrl('/messages', other.CaseId), { Subject: 'Andere Akte', Text: 'Nur für diese Akte.' });
    expect(foreign.status).toBe(201);
    const contactsBefore = await storedContacts();
    const mailsBefore = mailsToLawyer().length;
    for (const id of ['fm-unbekannt', foreign.body.Id, '']) {
      const res = await client.post(clientUrl('contact'), { Subject: 'Re: Andere Akte', Message: 'Antwort', InReplyTo: id });
      expect(res.status).toBe(400);
      expect(res.body).toEqual(UNKNOWN_FIRM_MESSAGE);
    }
    expect(await storedContacts()).toEqual(contactsBefore);
    expect(mailsToLawyer()).toHaveLength(mailsBefore);
    expect((await contactList()).some((entry) => entry.Subject === 'Re: Andere Akte')).toBe(false);
  });

  it('should refuse an InReplyTo that is not a string with 400', async () => {
    const res = await client.post(clientUrl('contact'), { Subject: 'Re: x', Message: 'Antwort', InReplyTo: 42 });
    expect(res.status).toBe(400);
  });

  it('should name the answered message in the Art. 15 archive, readable and in daten.json', async () => {
    // Anna answers the request as the firm's administrator.
    await app.ctx.db
      .updateTable('lawyers')
      .set({ role: 'admin' })
      .where('id', '=', app.lawyers[0]?.id ?? '')
      .execute();
    const response = await anna.raw(`${app.chatUrl}/api/admin/data-requests/archive`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ Reference: created.CaseNumber }),
    });
    expect(response.status).toBe(200);
    const files = unzipSync(new Uint8Array(await response.arrayBuffer()));
    const summary = strFromU8(files['Übersicht.txt'] as Uint8Array);
    expect(summary).toMatch(
      /Betreff: Re: Fehlende Unterlagen\n {4}Ihre Antwort auf die Nachricht der Kanzlei „Fehlende Unterlagen“ vom \d{2}\.\d{2}\.\d{4}, \d{2}:\d{2} Uhr\n/,
    );
    const data = JSON.parse(strFromU8(files['daten.json'] as Uint8Array)) as { fallakten: { contacts: { subject: string; in_reply_to: string | null }[] }[] };
    expect(data.fallakten[0]?.contacts.map((c) => [c.subject, c.in_reply_to])).toEqual(
      expect.arrayContaining([
        ['Re: Fehlende Unterlagen', asked.Id],
        ['Termin', null],
      ]),
    );
    expect(strFromU8(files['README.txt'] as Uint8Array)).toContain('in_reply_to (Nachrichten)');
  });

  it('should delete the file with the linked answer and the firm’s message once its retention has ended', async () => {
    expect((await anna.post(lawyerUrl('/close'))).status).toBe(200);
    const result = await purgeExpired({
      db: app.ctx.db,
      clock: { now: () => new Date('2100-01-01T00:00:00.000Z') },
      dataDir: app.dataDir,
      uploadDir: app.ctx.uploadDir,
    });
    expect(result.caseFiles).toBeGreaterThanOrEqual(1);
    expect(await storedContacts()).toEqual([]);
    expect(await app.ctx.db.selectFrom('case_file_firm_messages').select('id').where('case_file_id', '=', created.CaseId).execute()).toEqual([]);
    expect(await app.ctx.db.selectFrom('case_files').select('id').where('id', '=', created.CaseId).execute()).toEqual([]);
  });
});
