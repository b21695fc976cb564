// The lawyer's view of the case files they created: list, uploads, questionnaire answers, contact
// messages and the signed Vollmacht – and nobody else's (404 like an unknown id, 401 without a session).
import type { CreateCaseFileResult, LawyerCaseFileDetail, LawyerCaseFileSummary } from '@rechtschat/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserAnswers, signatureDataUrl } from './casefile/harness.js';
import { CookieClient } from './support/cookieClient.js';
import { connectLawyer, connectParticipant, startChat, type Participant } from './support/flows.js';
import { startTestApp, type TestApp } from './support/testApp.js';

const PDF = Buffer.from('%PDF-1.7\n1 0 obj\n<<>>\nendobj\n%%EOF');

describe('lawyer case-file API', () => {
  let app: TestApp;
  let anna: Participant;
  let markus: Participant;
  let created: CreateCaseFileResult;
  const client = new CookieClient();
  const clientUrl = (path: string) => `${app.webUrl}/api/case-file/${created.Token}/${path}`;

  beforeAll(async () => {
    app = await startTestApp();
    [anna, markus] = await Promise.all([connectLawyer(app, 0), connectLawyer(app, 1)]);
    created = (
      await anna.http.post<CreateCaseFileResult>(`${app.chatUrl}/api/lawyer/case-files`, {
        FirstName: 'Erika',
        LastName: 'Musterfrau',
        Phone: '+49 171 2223344',
        Title: 'Verkehrsunfall',
        Description: 'Auffahrunfall am 3. November',
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
    await Promise.all([anna?.hub.stop(), markus?.hub.stop()]);
    await app?.stop();
  });

  const detail = async (lawyer: Participant = anna) => lawyer.http.get<LawyerCaseFileDetail>(`${app.chatUrl}/api/lawyer/case-files/${created.CaseId}`);

  it('should list the case files the lawyer created, and only theirs', async () => {
    const mine = await anna.http.get<LawyerCaseFileSummary[]>(`${app.chatUrl}/api/lawyer/case-files`);
    expect(mine.body).toEqual([
      expect.objectContaining({
        CaseId: created.CaseId,
        Title: 'Verkehrsunfall',
        ClientName: 'Erika Musterfrau',
        DocumentCount: 0,
        QuestionnaireSubmitted: false,
        PowerOfAttorneySignedAt: null,
      }),
    ]);
    const theirs = await markus.http.get<LawyerCaseFileSummary[]>(`${app.chatUrl}/api/lawyer/case-files`);
    expect(theirs.body.map((c) => c.CaseId)).not.toContain(created.CaseId);
  });

  it("should show the client's upload, questionnaire answers and contact message, and serve the upload as an attachment", async () => {
    const form = new FormData();
    form.append('file', new Blob([PDF], { type: 'application/pdf' }), 'Unfallbericht.pdf');
    expect((await client.raw(clientUrl('documents'), { method: 'POST', body: form })).status).toBe(201);
    expect((await client.post(clientUrl('questionnaire'), { Answers: browserAnswers })).status).toBe(200);
    expect((await client.post(clientUrl('contact'), { Subject: 'Rückfrage', Message: 'Brauchen Sie noch Fotos?' })).status).toBe(204);

    const shown = (await detail()).body;
    expect(shown).toMatchObject({ Title: 'Verkehrsunfall', Description: 'Auffahrunfall am 3. November', FirstName: 'Erika', Phone: '+491712223344' });
    expect(shown.Documents).toEqual([expect.objectContaining({ FileName: 'Unfallbericht.pdf', UploadedBy: 'client' })]);
    expect(shown.Questionnaire).toEqual({ Submitted: true, SubmittedAt: expect.any(String), Answers: browserAnswers });
    expect(shown.Contacts).toEqual([expect.objectContaining({ Subject: 'Rückfrage', Message: 'Brauchen Sie noch Fotos?' })]);

    const clientList = async () => (await (await client.raw(clientUrl('documents'))).json()) as Array<{ Id: string; Removable?: boolean }>;
    expect((await clientList())[0]?.Removable).toBe(true);
    const file = await anna.http.raw(`${app.chatUrl}/api/lawyer/case-files/${created.CaseId}/documents/${shown.Documents[0]?.Id}`);
    expect(file.status).toBe(200);
    // Opened by the lawyer: the client can no longer remove it.
    expect((await clientList())[0]?.Removable).toBe(false);
    expect((await client.raw(clientUrl(`documents/${shown.Documents[0]?.Id}`), { method: 'DELETE' })).status).toBe(409);
    expect(file.headers.get('content-disposition')).toMatch(/^attachment; .*Unfallbericht\.pdf/);
    expect(file.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await file.arrayBuffer()).equals(PDF)).toBe(true);
  });

  it("should show the client's contact data as stored now: e-mail and address after they changed them, and when", async () => {
    const before = (await detail()).body;
    expect(before).toMatchObject({ Phone: '+491712223344', PhoneDisplay: '+49 171 2223344', Email: null, Street: null, PostalCode: null, City: null });
    expect(before.PersonUpdatedAt).toBeNull();

    const changed = await client.put(clientUrl('person'), { Email: 'erika.neu@example.org', Street: 'Domstraße 12a', PostalCode: '50667', City: 'Köln' });
    expect(changed.status).toBe(200);

    const after = (await detail()).body;
    expect(after).toMatchObject({ Email: 'erika.neu@example.org', Street: 'Domstraße 12a', PostalCode: '50667', City: 'Köln' });
    const history = await client.get<{ Kind: string; Title: string; Created: string }[]>(clientUrl('history'));
    const entry = history.body.find((h) => h.Kind === 'PersonUpdated');
    expect(entry?.Title).toBe('Persönliche Daten geändert');
    expect(after.PersonUpdatedAt).toBe(entry?.Created);
  });

  it('should show the signed Vollmacht with its date and as a document', async () => {
    const signed = await client.post(clientUrl('power-of-attorney'), { SignatureImage: signatureDataUrl, Place: 'Köln' });
    expect(signed.status).toBe(201);
    const shown = (await detail()).body;
    expect(shown.PowerOfAttorneySignedAt).toEqual(expect.any(String));
    expect(shown.Documents.map((d) => d.UploadedBy)).toContain('system');
    const summary = (await anna.http.get<LawyerCaseFileSummary[]>(`${app.chatUrl}/api/lawyer/case-files`)).body.find((c) => c.CaseId === created.CaseId);
    expect(summary).toMatchObject({ DocumentCount: 2, QuestionnaireSubmitted: true, ContactCount: 1, PowerOfAttorneySignedAt: expect.any(String) });
  });

  it('should link a case file created from a chat the lawyer took, and refuse a chat the lawyer never had', async () => {
    const participant = await connectParticipant(app);
    try {
      const chat = await startChat(participant);
      await anna.hub.connection.invoke('AcceptChat', chat.ChatId);
      const request = { FirstName: 'Max', LastName: 'Mustermann', Phone: '0170 5550123', Title: 'Kündigung der Wohnung', ChatCaseId: chat.CaseId };

      const foreign = await markus.http.post(`${app.chatUrl}/api/lawyer/case-files`, request);
      expect(foreign.status).toBe(404);
      expect(foreign.body).toEqual({ Error: 'NotFound', Message: 'Der Chat wurde nicht gefunden.' });

      const linked = await anna.http.post<CreateCaseFileResult>(`${app.chatUrl}/api/lawyer/case-files`, request);
      expect(linked.status).toBe(200);
      const shown = (await anna.http.get<LawyerCaseFileDetail>(`${app.chatUrl}/api/lawyer/case-files/${linked.body.CaseId}`)).body;
      expect(shown.ChatCaseReference).toBe(`RC-${chat.CaseId.slice(0, 8).toUpperCase()}`);
      // Without a chat the file names none.
      expect((await detail()).body.ChatCaseReference).toBeNull();
      await anna.hub.connection.invoke('CloseChat', chat.ChatId, false);
    } finally {
      await participant.hub.stop();
    }
  });

  it('should name the case files made from a chat with the chat – after a reload, once it ended, and for the colleague it was forwarded to', async () => {
    type Listed = { ChatId: string; CaseFiles?: { CaseId: string; CaseNumber: string; Own: boolean; LawyerName: string }[] };
    const chatsOf = async (lawyer: Participant, which: '' | '/finished') => (await lawyer.http.get<Listed[]>(`${app.chatUrl}/api/lawyer/chats${which}`)).body;
    const participant = await connectParticipant(app);
    try {
      const chat = await startChat(participant);
      await anna.hub.connection.invoke('AcceptChat', chat.ChatId);
      expect((await chatsOf(anna, '')).find((c) => c.ChatId === chat.ChatId)?.CaseFiles).toEqual([]);
      const request = { FirstName: 'Max', LastName: 'Mustermann', Phone: '0170 5550123', Title: 'Kündigung', ChatCaseId: chat.CaseId };
      const first = (await anna.http.post<CreateCaseFileResult>(`${app.chatUrl}/api/lawyer/case-files`, request)).body;
      expect(first.CaseNumber).toMatch(/^FA-\d{4}-[A-Z0-9]{6}$/);
      const annaName = app.lawyers[0]!.name;
      const firstShown = { CaseId: first.CaseId, CaseNumber: first.CaseNumber, Own: true, LawyerName: annaName };
      // What a reload or a second device reads: the chat names the file made from it.
      expect((await chatsOf(anna, '')).find((c) => c.ChatId === chat.ChatId)?.CaseFiles).toEqual([firstShown]);
      // A second mandate from the same chat only when confirmed (the console asks first): without it 409 names the first.
      const unconfirmed = await anna.http.post(`${app.chatUrl}/api/lawyer/case-files`, { ...request, Title: 'Mietminderung' });
      expect(unconfirmed.status).toBe(409);
      expect(unconfirmed.body).toEqual({
        Error: 'CaseFileExists',
        Message: `Aus diesem Chat wurde bereits die Fallakte ${first.CaseNumber} angelegt. Eine weitere Fallakte wird nur nach ausdrücklicher Bestätigung angelegt.`,
        CaseNumbers: [first.CaseNumber],
      });
      expect((await chatsOf(anna, '')).find((c) => c.ChatId === chat.ChatId)?.CaseFiles).toEqual([firstShown]);
      const second = (
        await anna.http.post<CreateCaseFileResult>(`${app.chatUrl}/api/lawyer/case-files`, { ...request, Title: 'Mietminderung', ConfirmSecond: true })
      ).body;
      const secondShown = { CaseId: second.CaseId, CaseNumber: second.CaseNumber, Own: true, LawyerName: annaName };
      expect((await chatsOf(anna, '')).find((c) => c.ChatId === chat.ChatId)?.CaseFiles).toEqual([firstShown, secondShown]);
      // A third one names both.
      const third = await anna.http.post(`${app.chatUrl}/api/lawyer/case-files`, { ...request, Title: 'Kaution' });
      expect(third.body).toMatchObject({ Error: 'CaseFileExists', CaseNumbers: [first.CaseNumber, second.CaseNumber] });
      expect((third.body as { Message: string }).Message).toContain(`die Fallakten ${first.CaseNumber} und ${second.CaseNumber} angelegt`);
      // The colleague it is forwarded to learns of them too, as Anna's: not theirs to open.
      await anna.hub.connection.invoke('ForwardChat', chat.ChatId, app.lawyers[1]!.id);
      const forwarded = (await markus.http.get<{ ChatId: string; CaseId: string }[]>(`${app.chatUrl}/api/lawyer/queue`)).body.find(
        (q) => q.CaseId === chat.CaseId,
      );
      expect(forwarded).toBeDefined();
      await markus.hub.connection.invoke('AcceptChat', forwarded!.ChatId);
      expect((await chatsOf(markus, '')).find((c) => c.ChatId === forwarded!.ChatId)?.CaseFiles).toEqual([
        { ...firstShown, Own: false },
        { ...secondShown, Own: false },
      ]);
      // Anna's ended (forwarded) chat still names them after a reload.
      expect((await chatsOf(anna, '/finished')).find((c) => c.ChatId === chat.ChatId)?.CaseFiles).toEqual([firstShown, secondShown]);
      await markus.hub.connection.invoke('CloseChat', forwarded!.ChatId, false);
    } finally {
      await participant.hub.stop();
    }
  });

  it('should answer another lawyer like an unknown id, for the file and its documents', async () => {
    const other = await detail(markus);
    const unknown = await anna.http.get(`${app.chatUrl}/api/lawyer/case-files/gibt-es-nicht`);
    expect(other.status).toBe(404);
    expect(unknown.status).toBe(404);
    expect(other.body).toEqual(unknown.body);
    const docId = (await detail()).body.Documents[0]?.Id;
    expect((await markus.http.get(`${app.chatUrl}/api/lawyer/case-files/${created.CaseId}/documents/${docId}`)).status).toBe(404);
    expect((await anna.http.get(`${app.chatUrl}/api/lawyer/case-files/${created.CaseId}/documents/gibt-es-nicht`)).status).toBe(404);
  });

  it("should store a new file's names, title and description without bidi controls, as the PDF shows them, and refuse texts beyond their bounds", async () => {
    const rlo = '\u202E';
    const made = await anna.http.post<CreateCaseFileResult>(`${app.chatUrl}/api/lawyer/case-files`, {
      FirstName: `Eva${rlo}reteP`,
      LastName: `\u2066Muster\u2069`,
      Phone: '+49 171 2223355',
      Title: `Miete ${rlo}00001 Euro`,
      Description: `Forderung ${rlo}00001\u202C Euro`,
    });
    expect(made.status).toBe(200);
    const stored = (await anna.http.get<LawyerCaseFileDetail>(`${app.chatUrl}/api/lawyer/case-files/${made.body.CaseId}`)).body;
    expect(stored).toMatchObject({ FirstName: 'EvareteP', LastName: 'Muster', Title: 'Miete 00001 Euro', Description: 'Forderung 00001 Euro' });
    const corrected = await anna.http.put<{ Detail: LawyerCaseFileDetail }>(`${app.chatUrl}/api/lawyer/case-files/${made.body.CaseId}/client`, {
      FirstName: `${rlo}avE`,
      LastName: 'Muster',
      Phone: '+49 171 2223355',
    });
    expect(corrected.status).toBe(200);
    expect(corrected.body.Detail.FirstName).toBe('avE');

    const before = (await anna.http.get<LawyerCaseFileSummary[]>(`${app.chatUrl}/api/lawyer/case-files`)).body.length;
    const valid = { FirstName: 'Eva', LastName: 'Muster', Phone: '+49 171 2223366', Title: 'Miete' };
    for (const [tooLong, message] of [
      [{ FirstName: 'E'.repeat(101) }, 'Vor- und Nachname dürfen je höchstens 100 Zeichen haben.'],
      [{ LastName: 'M'.repeat(50_000) }, 'Vor- und Nachname dürfen je höchstens 100 Zeichen haben.'],
      [{ Title: 'T'.repeat(201) }, 'Der Titel darf höchstens 200 Zeichen haben.'],
      [{ Description: 'D'.repeat(5001) }, 'Die Beschreibung darf höchstens 5000 Zeichen haben.'],
      [{ FieldOfLaw: 'F'.repeat(201) }, 'Das Rechtsgebiet darf höchstens 200 Zeichen haben.'],
      [{ Email: `${'e'.repeat(250)}@x.de` }, 'Die E-Mail-Adresse darf höchstens 254 Zeichen haben.'],
    ] as const) {
      const refused = await anna.http.post(`${app.chatUrl}/api/lawyer/case-files`, { ...valid, ...tooLong });
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({ Message: message });
    }
    expect((await anna.http.get<LawyerCaseFileSummary[]>(`${app.chatUrl}/api/lawyer/case-files`)).body).toHaveLength(before);
    const atTheBounds = await anna.http.post(`${app.chatUrl}/api/lawyer/case-files`, {
      ...valid,
      FirstName: 'E'.repeat(100),
      Title: 'T'.repeat(200),
      Description: 'D'.repeat(5000),
    });
    expect(atTheBounds.status).toBe(200);
  });

  it('should refuse participants and callers without a session', async () => {
    const participant = await connectParticipant(app);
    try {
      for (const path of ['/api/lawyer/case-files', `/api/lawyer/case-files/${created.CaseId}`]) {
        expect((await participant.http.get(`${app.chatUrl}${path}`)).status).toBe(401);
        expect((await fetch(`${app.chatUrl}${path}`)).status).toBe(401);
      }
      // The client's own case-file session does not open the lawyer view either.
      expect((await client.get(`${app.chatUrl}/api/lawyer/case-files/${created.CaseId}`)).status).toBe(401);
    } finally {
      await participant.hub.stop();
    }
  });
});
