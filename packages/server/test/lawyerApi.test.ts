import type { CallbackEntry, CaseStatus, CreateCaseFileResult, LawyerProfile, StartJoinResult } from '@rechtschat/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CookieClient } from './support/cookieClient.js';
import { connectLawyer, connectParticipant, startChat, type Participant } from './support/flows.js';
import { waitUntil } from './support/hubClient.js';
import { startTestApp, type TestApp } from './support/testApp.js';

describe('lawyer API', () => {
  let app: TestApp;
  let lawyer: Participant;
  let participant: Participant;
  let ids: StartJoinResult;

  beforeAll(async () => {
    app = await startTestApp();
    [lawyer, participant] = await Promise.all([connectLawyer(app), connectParticipant(app)]);
    ids = await startChat(participant);
    await lawyer.hub.connection.invoke('AcceptChat', ids.ChatId);
  });

  afterAll(async () => {
    await lawyer?.hub.stop();
    await participant?.hub.stop();
    await app?.stop();
  });

  it('should answer a wrong password and an unknown e-mail the same way, saying that the credentials are wrong', async () => {
    const wrong = await new CookieClient().post(`${app.chatUrl}/api/lawyer/login`, { Email: app.lawyers[0]?.email, Password: 'falsch-falsch' });
    const unknown = await new CookieClient().post(`${app.chatUrl}/api/lawyer/login`, { Email: 'niemand@example.org', Password: 'falsch-falsch' });
    expect([wrong.status, unknown.status]).toEqual([401, 401]);
    expect(wrong.body).toEqual({
      Error: 'NotAuthenticated',
      Message: 'E-Mail-Adresse oder Passwort ist nicht korrekt. Wenn Sie die Anmeldung mit Bestätigungscode eingerichtet haben, prüfen Sie auch den Code.',
    });
    expect(wrong.body).toEqual(unknown.body);
  });

  it('should return the profile with a server-generated avatar', async () => {
    const me = await lawyer.http.get<LawyerProfile>(`${app.chatUrl}/api/lawyer/me`);
    expect(me.body).toMatchObject({ Id: app.lawyers[0]?.id, Name: 'Dr. Anna Berger', Email: 'anna@test.example' });
    const svg = await fetch(me.body.ImageUrl.replace('localhost', '127.0.0.1'));
    expect(svg.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
    // Embedded by the web origin, which the browser need not count as this host's site (IP hosts, partner domains).
    expect(svg.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
    expect(await svg.text()).toContain('>AB</text>');
  });

  it('should give the participant the agent image URL of its lawyer only', async () => {
    const url = await participant.http.get<string>(`${app.chatUrl}/api/chat/agent/image/${ids.ChatId}/${app.lawyers[0]?.id}`);
    expect(url.text).toBe(`${new URL(app.chatUrl.replace('127.0.0.1', 'localhost')).origin}/api/chat/agent/avatar/${app.lawyers[0]?.id}.svg`);
    expect((await participant.http.get(`${app.chatUrl}/api/chat/agent/image/${ids.ChatId}/${app.lawyers[1]?.id}`)).status).toBe(404);
  });

  it('should list callback requests made by participants and signal the consoles at once', async () => {
    const signalsBefore = lawyer.hub.queueSignals.length;
    const created = await participant.http.post(`${app.chatUrl}/api/chat/${ids.ChatId}/callback`, {
      Phone: '030 1234567',
      Availability: '24.11.2099, 08:00–12:00 Uhr',
    });
    expect(created.status).toBe(204);
    expect((await participant.http.post(`${app.chatUrl}/api/chat/${ids.ChatId}/callback`, { Phone: 'abc', Availability: 'morgen' })).status).toBe(400);
    const list = await lawyer.http.get(`${app.chatUrl}/api/lawyer/callbacks`);
    expect(list.body).toEqual([expect.objectContaining({ ChatId: ids.ChatId, Phone: '+49301234567', Availability: '24.11.2099, 08:00–12:00 Uhr' })]);
    await waitUntil(() => (lawyer.hub.queueSignals.length > signalsBefore ? true : undefined), 'QueueChanged after the callback request');
  });

  it('should keep one open callback request per case, named in the case status: a second one changes its number and time instead of adding one', async () => {
    const again = async (phone: string, availability: string) =>
      (await participant.http.post(`${app.chatUrl}/api/chat/${ids.ChatId}/callback`, { Phone: phone, Availability: availability })).status;
    const callbackRequested = async () => (await participant.http.get<CaseStatus>(`${app.chatUrl}/api/chat/case/${ids.CaseId}/status`)).body.CallbackRequested;
    expect(await callbackRequested()).toBe(true);
    expect(await Promise.all([again('030 7654321', '25.11.2099, 12:00–16:00 Uhr'), again('030 7654321', '25.11.2099, 12:00–16:00 Uhr')])).toEqual([204, 204]);
    const list = (await lawyer.http.get<CallbackEntry[]>(`${app.chatUrl}/api/lawyer/callbacks`)).body.filter((c) => c.ChatId === ids.ChatId);
    expect(list).toEqual([expect.objectContaining({ Phone: '+49307654321', Availability: '25.11.2099, 12:00–16:00 Uhr', DoneAt: null })]);
    // Once a lawyer has called back (done), a new request is a new entry.
    expect((await lawyer.http.put(`${app.chatUrl}/api/lawyer/callbacks/${list[0]?.Id}/done`, { Value: true })).status).toBe(204);
    // Called back: the waiting client may ask again.
    expect(await callbackRequested()).toBe(false);
    expect(await again('030 7654321', '26.11.2099, 08:00–12:00 Uhr')).toBe(204);
    expect((await lawyer.http.get<CallbackEntry[]>(`${app.chatUrl}/api/lawyer/callbacks`)).body.filter((c) => c.ChatId === ids.ChatId)).toHaveLength(2);
  });

  it('should create a case file and return its link with token and PIN', async () => {
    const response = await lawyer.http.post<CreateCaseFileResult>(`${app.chatUrl}/api/lawyer/case-files`, {
      FirstName: 'Erika',
      LastName: 'Musterfrau',
      Phone: '+49 171 2223344',
      Title: 'Verkehrsunfall',
    });
    expect(response.status).toBe(200);
    expect(response.body.Url).toBe(`${app.webOrigin}/digitale-fallakte/${response.body.Token}`);
    expect(response.body.Pin).toBe('3344');
    const row = await app.ctx.db.selectFrom('case_files').select(['lawyer_id', 'lawyer_name']).where('id', '=', response.body.CaseId).executeTakeFirstOrThrow();
    expect(row).toEqual({ lawyer_id: app.lawyers[0]?.id, lawyer_name: 'Dr. Anna Berger' });
  });

  it('should refuse every lawyer endpoint without a lawyer session', async () => {
    for (const path of ['/api/lawyer/me', '/api/lawyer/queue', '/api/lawyer/callbacks']) {
      expect((await participant.http.get(`${app.chatUrl}${path}`)).status).toBe(401);
    }
    expect(
      (await participant.http.post(`${app.chatUrl}/api/lawyer/case-files`, { FirstName: 'a', LastName: 'b', Phone: '+491712223344', Title: 't' })).status,
    ).toBe(401);
  });

  it('should close the hub connection without reconnect when the lawyer logs out', async () => {
    const other = await connectLawyer(app, 1);
    let closed = false;
    other.hub.connection.onclose(() => void (closed = true));
    expect((await other.http.post(`${app.chatUrl}/api/lawyer/logout`)).status).toBe(204);
    await waitUntil(() => (closed ? true : undefined), 'hub close after logout');
    expect((await other.http.get(`${app.chatUrl}/api/lawyer/me`)).status).toBe(401);
  });

  it('should expose health and Prometheus metrics', async () => {
    expect((await fetch(`${app.webUrl}/healthz`)).status).toBe(200);
    const metrics = await (await fetch(`${app.webUrl}/metrics`)).text();
    expect(metrics).toMatch(/rechtschat_hub_connections 2/);
    expect(metrics).toMatch(/rechtschat_logins_total\{kind="lawyer",result="success"\} 2/);
    expect(metrics).toMatch(/rechtschat_queue_length 0/);
  });

  it("should keep the lawyer's other devices signed in and connected when they sign out on one", async () => {
    const [laptop, office] = [await connectLawyer(app, 1), await connectLawyer(app, 1)];
    let laptopClosed = false;
    let officeClosed = false;
    laptop.hub.connection.onclose(() => void (laptopClosed = true));
    office.hub.connection.onclose(() => void (officeClosed = true));
    expect((await laptop.http.post(`${app.chatUrl}/api/lawyer/logout`)).status).toBe(204);
    await waitUntil(() => (laptopClosed ? true : undefined), 'hub close of the signed-out device');
    expect((await laptop.http.get(`${app.chatUrl}/api/lawyer/me`)).status).toBe(401);
    // The office PC still hears of a new client in the queue and is still signed in.
    const client = await connectParticipant(app);
    const signals = office.hub.queueSignals.length;
    await startChat(client);
    await waitUntil(() => (office.hub.queueSignals.length > signals ? true : undefined), 'queue signal on the other device');
    expect(officeClosed).toBe(false);
    expect((await office.http.get(`${app.chatUrl}/api/lawyer/me`)).status).toBe(200);
    await Promise.all([office.hub.stop(), client.hub.stop()]);
  });
});
