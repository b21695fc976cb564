// Team administration from outside, on both engines: every api/admin route refuses visitors (401) and lawyers (403);
// an administrator lists, changes roles, deactivates (sessions and hub connections end at once, the login is refused
// like a wrong password, the lawyer leaves the colleague list, open chats, callbacks and case files move to the chosen
// colleague – the client's Fallakte then shows the colleague), reactivates and resets the second factor; the firm is
// never left without an active administrator; every action leaves an audit entry.
import type {
  AuditLogPage,
  CallbackEntry,
  CaseFileLawyer,
  DeactivationResult,
  FinishedChatEntry,
  LawyerProfile,
  StartJoinResult,
  TeamMember,
} from '@rechtschat/core';
import { caseReferenceOf } from '@rechtschat/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../src/platform/ids.js';
import { createCaseFileAsLawyer, loginCaseFileClient } from './support/caseFileFlow.js';
import { CookieClient } from './support/cookieClient.js';
import { connectLawyer, connectParticipant, startRequest, type Participant } from './support/flows.js';
import { connectHub, waitUntil } from './support/hubClient.js';
import { createTestSchema, type TestSchema } from './support/postgres.js';
import { LAWYER_PASSWORD, startTestApp, type TestApp } from './support/testApp.js';
import { createLawyer } from '../src/features/lawyer/lawyers.js';

describe.each(['sqlite', 'postgres'] as const)('team administration on %s', (engine) => {
  let schema: TestSchema | undefined;
  let app: TestApp;
  /** Anna: administrator; Markus: lawyer. */
  let admin: Participant;
  let plain: Participant;
  const url = (path: string) => `${app.chatUrl}${path}`;

  const login = async (email: string, password = LAWYER_PASSWORD) => {
    const http = new CookieClient();
    const response = await http.post<LawyerProfile>(url('/api/lawyer/login'), { Email: email, Password: password });
    return { http, response };
  };
  const auditActions = async () => (await admin.http.get<AuditLogPage>(url('/api/admin/audit?limit=200'))).body.Entries;
  const newLawyer = async (name: string, email: string, role: 'admin' | 'lawyer' = 'lawyer') => {
    const row = await createLawyer(app.ctx.db, app.ctx.clock, { email, name, gender: 'female', password: LAWYER_PASSWORD, phone: '+49 30 5550000', role });
    return row;
  };

  beforeAll(async () => {
    if (engine === 'postgres') schema = await createTestSchema();
    app = await startTestApp(schema ? { env: { DATABASE_URL: schema.url } } : {});
    await app.ctx.db.updateTable('lawyers').set({ role: 'admin' }).where('id', '=', app.lawyers[0]!.id).execute();
    admin = await connectLawyer(app, 0);
    plain = await connectLawyer(app, 1);
  }, 30_000);
  afterAll(async () => {
    await admin?.hub.stop();
    await plain?.hub.stop();
    await app?.stop();
    await schema?.drop();
  });

  it('should answer every registered api/admin route with 401 without a session and 403 for a lawyer', async () => {
    const adminRoutes = app.routes.chat.filter((r) => r.url.startsWith('/api/admin/') && r.method !== 'HEAD' && r.method !== 'OPTIONS');
    expect(adminRoutes.map((r) => `${r.method} ${r.url}`)).toEqual(
      expect.arrayContaining([
        'GET /api/admin/lawyers',
        'POST /api/admin/invitations',
        'PUT /api/admin/lawyers/:id/role',
        'POST /api/admin/lawyers/:id/deactivate',
        'GET /api/admin/audit',
      ]),
    );
    const anonymous = new CookieClient();
    for (const route of adminRoutes) {
      const path = route.url.replace(/:[A-Za-z]+/g, app.lawyers[0]!.id);
      const body = route.method === 'GET' || route.method === 'DELETE' ? undefined : {};
      const visitor = await anonymous.request(route.method, url(path), body);
      expect({ route: `${route.method} ${route.url}`, status: visitor.status }).toEqual({ route: `${route.method} ${route.url}`, status: 401 });
      const lawyer = await plain.http.request<{ Error: string }>(route.method, url(path), body);
      expect({ route: `${route.method} ${route.url}`, status: lawyer.status, error: lawyer.body.Error }).toEqual({
        route: `${route.method} ${route.url}`,
        status: 403,
        error: 'Forbidden',
      });
    }
  });

  it('should show the administrator every lawyer with role, status, last login, second factor and open work', async () => {
    const list = await admin.http.get<TeamMember[]>(url('/api/admin/lawyers'));
    expect(list.status).toBe(200);
    const anna = list.body.find((m) => m.Id === app.lawyers[0]!.id);
    const markus = list.body.find((m) => m.Id === app.lawyers[1]!.id);
    expect(anna).toMatchObject({ Role: 'admin', Status: 'active', Mfa: { Totp: false, Passkeys: 0 } });
    expect(markus).toMatchObject({ Role: 'lawyer', Status: 'active', DeactivatedAt: null, OpenWork: { Chats: 0, Callbacks: 0, CaseFiles: 0 } });
    // Both signed in in beforeAll: the login time is recorded.
    expect(Date.parse(markus?.LastLoginAt ?? '')).toBeGreaterThan(Date.now() - 60_000);
    // The signed-in profile tells the console the role.
    expect((await admin.http.get<LawyerProfile>(url('/api/lawyer/me'))).body.Role).toBe('admin');
    expect((await plain.http.get<LawyerProfile>(url('/api/lawyer/me'))).body.Role).toBe('lawyer');
  });

  it('should change a role, refuse to demote oneself or the last active administrator, and audit the change', async () => {
    const clara = await newLawyer('Clara Neu', `clara-${engine}@test.example`);
    const promoted = await admin.http.put<TeamMember>(url(`/api/admin/lawyers/${clara.id}/role`), { Role: 'admin' });
    expect(promoted.status).toBe(200);
    expect(promoted.body.Role).toBe('admin');
    const self = await admin.http.put<{ Error: string; Message: string }>(url(`/api/admin/lawyers/${app.lawyers[0]!.id}/role`), { Role: 'lawyer' });
    expect(self.status).toBe(409);
    expect(self.body.Message).toMatch(/nicht selbst/);
    // Clara demoted again: Anna stays the only administrator, whom nobody else can demote or deactivate.
    expect((await admin.http.put(url(`/api/admin/lawyers/${clara.id}/role`), { Role: 'lawyer' })).status).toBe(200);
    const roles = await app.ctx.db.selectFrom('lawyers').select(['id', 'role']).where('role', '=', 'admin').where('active', '=', 1).execute();
    expect(roles.map((r) => r.id)).toEqual([app.lawyers[0]!.id]);
    const audit = await auditActions();
    const changes = audit.filter((e) => e.Action === 'lawyer.role.changed' && e.TargetId === clara.id);
    expect(changes.map((e) => e.Details)).toEqual([
      { from: 'admin', to: 'lawyer' },
      { from: 'lawyer', to: 'admin' },
    ]);
    expect(changes[0]).toMatchObject({ ActorId: app.lawyers[0]!.id, ActorName: 'Dr. Anna Berger' });
    const invalid = await admin.http.put(url(`/api/admin/lawyers/${clara.id}/role`), { Role: 'chef' });
    expect(invalid.status).toBe(400);
  });

  it('should tell the lawyer’s open consoles at once when their role changes, so „Verwaltung“ appears without a reload', async () => {
    const jana = await newLawyer('Jana Auf', `jana-${engine}@test.example`);
    const { http } = await login(jana.email);
    const hub = await connectHub(app.chatUrl, http, { role: 'lawyer' });
    const signals: string[] = [];
    hub.connection.on('ProfileChanged', () => signals.push('changed'));
    const colleagueSignals: string[] = [];
    plain.hub.connection.on('ProfileChanged', () => colleagueSignals.push('changed'));
    try {
      expect((await admin.http.put(url(`/api/admin/lawyers/${jana.id}/role`), { Role: 'admin' })).status).toBe(200);
      await waitUntil(() => (signals.length === 1 ? true : undefined), 'ProfileChanged at the promoted lawyer', 3000);
      expect((await http.get<LawyerProfile>(url('/api/lawyer/whoami'))).body.Role).toBe('admin');
      // Saving the same role again changes nothing and announces nothing; a demotion is announced like a promotion.
      expect((await admin.http.put(url(`/api/admin/lawyers/${jana.id}/role`), { Role: 'admin' })).status).toBe(200);
      expect((await admin.http.put(url(`/api/admin/lawyers/${jana.id}/role`), { Role: 'lawyer' })).status).toBe(200);
      await waitUntil(() => (signals.length === 2 ? true : undefined), 'ProfileChanged at the demoted lawyer', 3000);
      // Nobody else's console hears it.
      expect(colleagueSignals).toEqual([]);
    } finally {
      await hub.stop();
    }
  });

  it('should never leave the firm without an active administrator', async () => {
    // Two administrators demoting each other at the same time: one demotion wins, the other is refused.
    const eva = await newLawyer('Eva Zwei', `eva-${engine}@test.example`, 'admin');
    const evaLogin = await login(eva.email);
    expect(evaLogin.response.status).toBe(200);
    const results = await Promise.all([
      admin.http.put(url(`/api/admin/lawyers/${eva.id}/role`), { Role: 'lawyer' }),
      evaLogin.http.put(url(`/api/admin/lawyers/${app.lawyers[0]!.id}/role`), { Role: 'lawyer' }),
    ]);
    const admins = await app.ctx.db.selectFrom('lawyers').select('id').where('role', '=', 'admin').where('active', '=', 1).execute();
    expect(admins.length).toBeGreaterThanOrEqual(1);
    // Put things back: Anna admin, Eva lawyer.
    if (results[1].status === 200) {
      await app.ctx.db.updateTable('lawyers').set({ role: 'admin' }).where('id', '=', app.lawyers[0]!.id).execute();
    }
    await app.ctx.db.updateTable('lawyers').set({ role: 'lawyer' }).where('id', '=', eva.id).execute();
    // The administrator cannot deactivate themselves.
    const self = await admin.http.post<{ Message: string }>(url(`/api/admin/lawyers/${app.lawyers[0]!.id}/deactivate`), { ReassignTo: null });
    expect(self.status).toBe(409);
    expect(self.body.Message).toMatch(/eigenes Konto/);
  });

  it('should deactivate a lawyer at once: sessions and hub connections end, the login is refused like a wrong password, no colleague list offers them', async () => {
    const lena = await newLawyer('Lena Weg', `lena-${engine}@test.example`);
    const { http } = await login(lena.email);
    const { connectHub } = await import('./support/hubClient.js');
    const hub = await connectHub(app.chatUrl, http, { role: 'lawyer' });
    let closedWith: Error | undefined | null = null;
    hub.connection.onclose((error) => (closedWith = error));
    expect((await plain.http.get<LawyerProfile[]>(url('/api/lawyer/colleagues'))).body.map((c) => c.Id)).toContain(lena.id);

    const result = await admin.http.post<DeactivationResult>(url(`/api/admin/lawyers/${lena.id}/deactivate`), { ReassignTo: null });
    expect(result.status).toBe(200);
    expect(result.body.Lawyer).toMatchObject({ Status: 'deactivated' });
    expect(result.body.EndedSessions).toBe(1);
    // The hub connection is closed by the server right away (no revalidation minute to wait for).
    await waitUntil(() => (closedWith !== null ? true : undefined), 'the hub connection of the deactivated lawyer to close', 3000);
    expect(String(closedWith)).toMatch(/deaktiviert/);
    expect((await http.get(url('/api/lawyer/me'))).status).toBe(401);
    expect((await http.get(url('/api/lawyer/queue'))).status).toBe(401);
    expect((await http.get(url('/api/lawyer/whoami'))).body).toBeNull();

    const refused = await login(lena.email);
    const wrongPassword = await login(app.lawyers[1]!.email, 'falsches-Passwort-123');
    expect(refused.response.status).toBe(401);
    expect(refused.response.body).toEqual(wrongPassword.response.body);
    expect((await plain.http.get<LawyerProfile[]>(url('/api/lawyer/colleagues'))).body.map((c) => c.Id)).not.toContain(lena.id);
    expect((await admin.http.get<TeamMember[]>(url('/api/admin/lawyers'))).body.find((m) => m.Id === lena.id)).toMatchObject({
      Status: 'deactivated',
      DeactivatedAt: expect.any(String),
    });

    // Reactivated: the login works again.
    const back = await admin.http.post<TeamMember>(url(`/api/admin/lawyers/${lena.id}/reactivate`));
    expect(back.status).toBe(200);
    expect(back.body.Status).toBe('active');
    expect((await login(lena.email)).response.status).toBe(200);
    const actions = (await auditActions()).filter((e) => e.TargetId === lena.id).map((e) => e.Action);
    expect(actions).toEqual(['lawyer.reactivated', 'lawyer.deactivated']);
  }, 20_000);

  it('should not bring back the finished chats of before a deactivation once the lawyer is reactivated, only those after it', async () => {
    const jonas = await newLawyer('Jonas Neu', `jonas-neu-${engine}@test.example`);
    const chatOf = async () => {
      const { http } = await login(jonas.email);
      const hub = await connectHub(app.chatUrl, http, { role: 'lawyer' });
      const client = await connectParticipant(app);
      const ids = await client.hub.connection.invoke<StartJoinResult>('StartChat', startRequest());
      await hub.connection.invoke('AcceptChat', ids.ChatId);
      await hub.connection.invoke('CloseChat', ids.ChatId, false);
      await client.hub.stop();
      return { http, hub, chatId: ids.ChatId };
    };
    const finished = async (http: CookieClient) => (await http.get<FinishedChatEntry[]>(url('/api/lawyer/chats/finished'))).body.map((c) => c.ChatId);
    const before = await chatOf();
    expect(await finished(before.http)).toEqual([before.chatId]);
    await before.hub.stop();
    expect((await admin.http.post(url(`/api/admin/lawyers/${jonas.id}/deactivate`), { ReassignTo: null })).status).toBe(200);
    expect((await admin.http.post(url(`/api/admin/lawyers/${jonas.id}/reactivate`))).status).toBe(200);
    // Signed in again: the console starts without the tab of before (it came back as „Chat 2 · RC-…“, outside tester).
    const after = await chatOf();
    expect(await finished(after.http)).toEqual([after.chatId]);
    await after.hub.stop();
  }, 20_000);

  it('should tell an administrator who invites a deactivated colleague again to reactivate the account instead', async () => {
    const back = await newLawyer('Jonas Zurück', `jonas-${engine}@test.example`);
    expect((await admin.http.post(url(`/api/admin/lawyers/${back.id}/deactivate`), { ReassignTo: null })).status).toBe(200);
    const invited = await admin.http.post<{ Message: string }>(url('/api/admin/invitations'), { Email: back.email.toUpperCase(), Role: 'lawyer' });
    expect(invited.status).toBe(409);
    expect(invited.body.Message).toBe(
      'Für diese E-Mail-Adresse gibt es bereits ein Konto: Jonas Zurück ist deaktiviert. Bitte reaktivieren Sie das Konto im Team über „Aktionen“, statt neu einzuladen.',
    );
  });

  it('should refuse to change the role of a deactivated account with 409 until it is reactivated', async () => {
    const away = await newLawyer('Greta Weg', `greta-${engine}@test.example`);
    expect((await admin.http.post(url(`/api/admin/lawyers/${away.id}/deactivate`), { ReassignTo: null })).status).toBe(200);
    const refused = await admin.http.put<{ Error: string; Message: string }>(url(`/api/admin/lawyers/${away.id}/role`), { Role: 'admin' });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({
      Error: 'Conflict',
      Message: 'Dieses Konto ist deaktiviert. Bitte reaktivieren Sie es, bevor Sie die Rolle ändern.',
    });
    const stored = await app.ctx.db.selectFrom('lawyers').select('role').where('id', '=', away.id).executeTakeFirstOrThrow();
    expect(stored.role).toBe('lawyer');
    expect((await auditActions()).some((e) => e.Action === 'lawyer.role.changed' && e.TargetId === away.id)).toBe(false);
    // Once reactivated, the role changes as usual.
    expect((await admin.http.post(url(`/api/admin/lawyers/${away.id}/reactivate`), {})).status).toBe(200);
    expect((await admin.http.put(url(`/api/admin/lawyers/${away.id}/role`), { Role: 'admin' })).status).toBe(200);
  });

  it('should hand a deactivated lawyer’s open chats, callbacks and case files to the chosen colleague, so the client sees the colleague', async () => {
    const tom = await newLawyer('Tom Geht', `tom-${engine}@test.example`);
    app.lawyers.push({ id: tom.id, email: tom.email, password: LAWYER_PASSWORD, name: tom.name });
    const tomConsole = await connectLawyer(app, app.lawyers.length - 1);
    // An active chat held by Tom.
    const client1 = await connectParticipant(app);
    const held = await client1.hub.connection.invoke<StartJoinResult>('StartChat', startRequest());
    await tomConsole.hub.connection.invoke('AcceptChat', held.ChatId);
    // A chat forwarded to Tom, still waiting.
    const client2 = await connectParticipant(app);
    const toForward = await client2.hub.connection.invoke<StartJoinResult>('StartChat', startRequest());
    await plain.hub.connection.invoke('AcceptChat', toForward.ChatId);
    const forwarded = await plain.hub.connection.invoke<{ ChatId: string }>('ForwardChat', toForward.ChatId, tom.id);
    expect(forwarded).toBeDefined();
    // An open callback of a chat Tom held (closed), and a case file of Tom's.
    const chat3 = await app.ctx.db.selectFrom('chats').select(['id', 'case_id']).where('id', '=', held.ChatId).executeTakeFirstOrThrow();
    const callbackId = newId();
    await app.ctx.db
      .insertInto('callbacks')
      .values({
        id: callbackId,
        case_id: chat3.case_id,
        chat_id: chat3.id,
        phone: '+4930123456',
        availability: 'vormittags',
        created_at: new Date().toISOString(),
      })
      .execute();
    const caseFile = await createCaseFileAsLawyer(app, tomConsole.http);
    const clientOfFile = await loginCaseFileClient(app, caseFile);
    expect(clientOfFile.status).toBe(204);
    expect((await clientOfFile.client.get<CaseFileLawyer>(`${app.webUrl}/api/case-file/${caseFile.Token}/lawyer`)).body.Name).toBe('Tom Geht');

    const before = (await admin.http.get<TeamMember[]>(url('/api/admin/lawyers'))).body.find((m) => m.Id === tom.id);
    expect(before?.OpenWork).toEqual({ Chats: 2, Callbacks: 1, CaseFiles: 1 });
    // Open work needs someone to take it; a deactivated or unknown colleague cannot.
    const none = await admin.http.post<{ Message: string }>(url(`/api/admin/lawyers/${tom.id}/deactivate`), { ReassignTo: null });
    expect(none.status).toBe(400);
    expect(none.body.Message).toMatch(/offene Chats, Rückrufe oder Fallakten/);
    expect((await admin.http.post(url(`/api/admin/lawyers/${tom.id}/deactivate`), { ReassignTo: 'gibt-es-nicht' })).status).toBe(400);
    expect((await admin.http.post(url(`/api/admin/lawyers/${tom.id}/deactivate`), { ReassignTo: tom.id })).status).toBe(400);

    const markusId = app.lawyers[1]!.id;
    // Markus's console is open during the hand-over (with automatic reconnect, as the console has it).
    const markusConsole = await connectHub(app.chatUrl, plain.http, { role: 'lawyer', reconnect: true });
    const markusReconnected = new Promise<void>((resolve) => markusConsole.connection.onreconnected(() => resolve()));
    const result = await admin.http.post<DeactivationResult>(url(`/api/admin/lawyers/${tom.id}/deactivate`), { ReassignTo: markusId });
    expect(result.status).toBe(200);
    expect(result.body.Reassigned).toEqual({ Chats: 2, Callbacks: 1, CaseFiles: 1, ForwardedChats: 1 });
    expect(result.body.Lawyer.OpenWork).toEqual({ Chats: 0, Callbacks: 0, CaseFiles: 0 });

    // Markus now holds the active chat (and can write in it) and finds the forwarded one in his queue.
    const active = await plain.http.get<{ ChatId: string }[]>(url('/api/lawyer/chats'));
    expect(active.body.map((c) => c.ChatId)).toContain(held.ChatId);
    // The client reads who continues, and the colleague's answer reaches them.
    await client1.hub.waitFor(() => client1.hub.messages.find((m) => m.Message === 'Ihr Chat wird von Markus Hoffmann fortgeführt.'), 'the hand-over notice');
    await client1.hub.waitFor(
      () =>
        client1.hub.notifications.find((n) => n.ChatId === held.ChatId && n.Type === 'Joined' && JSON.stringify(n.Data) === '{"LawyerName":"Markus Hoffmann"}'),
      'the Joined notification naming the colleague',
    );
    // The colleague's open console is reconnected by the server, joins the taken-over chat's groups and hears the
    // client live – without a reload and without accepting the chat again.
    await markusReconnected;
    await markusConsole.connection.invoke('SendMessage', held.ChatId, 'Guten Tag, ich übernehme Ihre Beratung.');
    await client1.hub.waitFor(() => client1.hub.messages.find((m) => m.Message === 'Guten Tag, ich übernehme Ihre Beratung.'), 'the colleague’s message');
    await client1.hub.connection.invoke('SendMessage', held.ChatId, 'Danke, Herr Hoffmann.');
    await markusConsole.waitFor(() => markusConsole.messages.find((m) => m.Message === 'Danke, Herr Hoffmann.'), 'the client’s message at the colleague');
    const queue = await plain.http.get<{ ChatId: string }[]>(url('/api/lawyer/queue'));
    expect(queue.body.map((q) => q.ChatId)).toContain(forwarded.ChatId);
    const callback = await app.ctx.db.selectFrom('callbacks').select('assigned_lawyer_id').where('id', '=', callbackId).executeTakeFirstOrThrow();
    expect(callback.assigned_lawyer_id).toBe(markusId);
    // Every console's callback list now says the call is Markus's, no longer Tom's.
    const listed = (await plain.http.get<CallbackEntry[]>(url('/api/lawyer/callbacks'))).body.find((c) => c.Id === callbackId);
    expect(listed?.AssignedLawyer).toEqual({ Id: markusId, Name: 'Markus Hoffmann' });
    // The case file: Markus's list, and the client's Fallakte names Markus (no 404).
    const files = await plain.http.get<{ CaseId: string }[]>(url('/api/lawyer/case-files'));
    expect(files.body.map((f) => f.CaseId)).toContain(caseFile.CaseId);
    const shown = await clientOfFile.client.get<CaseFileLawyer>(`${app.webUrl}/api/case-file/${caseFile.Token}/lawyer`);
    expect(shown.status).toBe(200);
    expect(shown.body).toMatchObject({ Name: 'Markus Hoffmann', Email: app.lawyers[1]!.email });
    // Tom can no longer be forwarded to.
    const client4 = await connectParticipant(app);
    const another = await client4.hub.connection.invoke<StartJoinResult>('StartChat', startRequest());
    await markusConsole.connection.invoke('AcceptChat', another.ChatId);
    await expect(markusConsole.connection.invoke('ForwardChat', another.ChatId, tom.id)).rejects.toThrow(/nicht gefunden/);

    const entry = (await auditActions()).find((e) => e.Action === 'lawyer.deactivated' && e.TargetId === tom.id);
    expect(entry?.Details).toMatchObject({ reassignedTo: markusId, chats: 2, callbacks: 1, caseFiles: 1 });
    for (const c of [client1, client2, client4, tomConsole]) await c.hub.stop();
    await markusConsole.stop();
  }, 30_000);

  it('should name in the deactivation’s audit entry, by reference, every chat, callback and case file handed to the colleague, so the Protokoll’s search by a reference finds it, and count the waiting forwarded chats apart', async () => {
    const uwe = await newLawyer('Uwe Geht', `uwe-${engine}@test.example`);
    app.lawyers.push({ id: uwe.id, email: uwe.email, password: LAWYER_PASSWORD, name: uwe.name });
    const uweConsole = await connectLawyer(app, app.lawyers.length - 1);
    const markus = await connectLawyer(app, 1);
    // Two chats Uwe holds, and one a colleague forwarded to him that still waits.
    const clients = [await connectParticipant(app), await connectParticipant(app), await connectParticipant(app)];
    const held = [];
    for (const client of clients.slice(0, 2)) {
      const started = await client.hub.connection.invoke<StartJoinResult>('StartChat', startRequest());
      await uweConsole.hub.connection.invoke('AcceptChat', started.ChatId);
      held.push(started);
    }
    const toForward = await clients[2]!.hub.connection.invoke<StartJoinResult>('StartChat', startRequest());
    await markus.hub.connection.invoke('AcceptChat', toForward.ChatId);
    await markus.hub.connection.invoke('ForwardChat', toForward.ChatId, uwe.id);
    // An open callback of the first held chat, and a case file of Uwe's.
    await app.ctx.db
      .insertInto('callbacks')
      .values({
        id: newId(),
        case_id: held[0]!.CaseId,
        chat_id: held[0]!.ChatId,
        phone: '+4930123456',
        availability: 'vormittags',
        created_at: new Date().toISOString(),
      })
      .execute();
    const caseFile = await createCaseFileAsLawyer(app, uweConsole.http);
    const reference = caseReferenceOf;

    const result = await admin.http.post<DeactivationResult>(url(`/api/admin/lawyers/${uwe.id}/deactivate`), { ReassignTo: app.lawyers[0]!.id });
    // Of the three chats, the one forwarded to Uwe and still waiting, apart: the console says so (laufende, weitergeleitete).
    expect(result.body.Reassigned).toEqual({ Chats: 3, Callbacks: 1, CaseFiles: 1, ForwardedChats: 1 });

    const entry = (await auditActions()).find((e) => e.Action === 'lawyer.deactivated' && e.TargetId === uwe.id);
    const chatReferences = [...held.map((c) => reference(c.CaseId)), reference(toForward.CaseId)].sort().join(', ');
    expect(entry?.Details).toMatchObject({
      chats: 3,
      callbacks: 1,
      caseFiles: 1,
      chatReferences,
      callbackReferences: reference(held[0]!.CaseId),
      caseFileNumbers: caseFile.CaseNumber,
    });
    // A client asks who has their chat now: the Protokoll's search by the reference finds the hand-over.
    const found = await admin.http.get<AuditLogPage>(url(`/api/admin/audit?q=${encodeURIComponent(reference(toForward.CaseId))}`));
    expect(found.body.Entries.map((e) => e.Action)).toContain('lawyer.deactivated');
    for (const c of [...clients, uweConsole, markus]) await c.hub.stop();
  }, 30_000);

  it('should tell the client of a waiting chat forwarded to a deactivated lawyer, live, that it went on to the chosen colleague', async () => {
    const lea = await newLawyer('Lea Geht', `lea-${engine}@test.example`);
    // A console of Markus's own (the hand-over test above had the server reconnect his shared one).
    const markus = await connectLawyer(app, 1);
    const client = await connectParticipant(app);
    const started = await client.hub.connection.invoke<StartJoinResult>('StartChat', startRequest());
    await markus.hub.connection.invoke('AcceptChat', started.ChatId);
    const forwarded = await markus.hub.connection.invoke<{ ChatId: string }>('ForwardChat', started.ChatId, lea.id);
    await client.hub.waitFor(() => client.hub.messages.find((m) => m.Message === 'Ihr Chat wurde an Lea Geht weitergeleitet.'), 'the forward notice');

    const annaId = app.lawyers[0]!.id;
    const result = await admin.http.post<DeactivationResult>(url(`/api/admin/lawyers/${lea.id}/deactivate`), { ReassignTo: annaId });
    expect(result.status).toBe(200);
    expect(result.body.Reassigned).toEqual({ Chats: 1, Callbacks: 0, CaseFiles: 0, ForwardedChats: 1 });

    const notice = `Lea Geht ist nicht mehr erreichbar. Ihr Chat wurde deshalb an ${app.lawyers[0]!.name} weitergeleitet.`;
    // Live on the client's open chat, in the forwarded (waiting) chat, and kept in the transcript once.
    const shown = await client.hub.waitFor(() => client.hub.messages.find((m) => m.Message === notice), 'the hand-over notice of the forwarded chat');
    expect(shown.ChatId).toBe(forwarded.ChatId);
    const stored = await app.ctx.db.selectFrom('messages').select(['chat_id', 'author_kind']).where('text', '=', notice).execute();
    expect(stored).toEqual([{ chat_id: forwarded.ChatId, author_kind: 'system' }]);
    await client.hub.stop();
    await markus.hub.stop();
  }, 30_000);

  it('should count the case files of ended mandates a lawyer holds, so the console asks who takes them on deactivation', async () => {
    const erik = await newLawyer('Erik Ende', `erik-${engine}@test.example`);
    const erikHttp = (await login(erik.email)).http;
    const file = await createCaseFileAsLawyer(app, erikHttp);
    expect((await erikHttp.post(url(`/api/lawyer/case-files/${file.CaseId}/close`))).status).toBe(200);
    const listed = (await admin.http.get<TeamMember[]>(url('/api/admin/lawyers'))).body.find((m) => m.Id === erik.id);
    expect(listed).toMatchObject({ OpenWork: { Chats: 0, Callbacks: 0, CaseFiles: 0 }, EndedCaseFiles: 1 });
    // Without a colleague the server refuses: the client's Fallakte must name an active lawyer.
    expect((await admin.http.post(url(`/api/admin/lawyers/${erik.id}/deactivate`), { ReassignTo: null })).status).toBe(400);
    const done = await admin.http.post<DeactivationResult>(url(`/api/admin/lawyers/${erik.id}/deactivate`), { ReassignTo: app.lawyers[1]!.id });
    expect(done.status).toBe(200);
    expect(done.body.Lawyer.EndedCaseFiles).toBe(0);
  });

  it('should reset a lawyer’s second factor, ending their sessions, and audit it', async () => {
    const nora = await newLawyer('Nora Faktor', `nora-${engine}@test.example`);
    const { http, response } = await login(nora.email);
    expect(response.status).toBe(200);
    // A confirmed authenticator (the secret itself does not matter here).
    const now = new Date().toISOString();
    await app.ctx.db.insertInto('lawyer_totp').values({ lawyer_id: nora.id, secret_enc: 'x.y.z', confirmed_at: now, last_step: 0, created_at: now }).execute();
    expect((await admin.http.get<TeamMember[]>(url('/api/admin/lawyers'))).body.find((m) => m.Id === nora.id)?.Mfa).toEqual({ Totp: true, Passkeys: 0 });
    const reset = await admin.http.post<TeamMember>(url(`/api/admin/lawyers/${nora.id}/mfa-reset`));
    expect(reset.status).toBe(200);
    expect(reset.body.Mfa).toEqual({ Totp: false, Passkeys: 0 });
    expect((await http.get(url('/api/lawyer/me'))).status).toBe(401);
    expect((await auditActions()).find((e) => e.Action === 'lawyer.mfa.reset' && e.TargetId === nora.id)).toBeDefined();
  });

  it('should refuse to reset a second factor the lawyer does not have, keeping their sessions and writing no audit entry', async () => {
    const olga = await newLawyer('Olga Ohnefaktor', `olga-${engine}@test.example`);
    const { http, response } = await login(olga.email);
    expect(response.status).toBe(200);
    const reset = await admin.http.post<{ Error: string; Message: string }>(url(`/api/admin/lawyers/${olga.id}/mfa-reset`));
    expect(reset.status).toBe(409);
    expect(reset.body).toMatchObject({ Error: 'Conflict', Message: expect.stringContaining('Olga Ohnefaktor hat keinen zweiten Faktor eingerichtet') });
    expect((await http.get(url('/api/lawyer/me'))).status).toBe(200);
    expect((await auditActions()).find((e) => e.Action === 'lawyer.mfa.reset' && e.TargetId === olga.id)).toBeUndefined();
  });

  it('should page the audit log newest first', async () => {
    const first = await admin.http.get<AuditLogPage>(url('/api/admin/audit?limit=2'));
    expect(first.status).toBe(200);
    expect(first.body.Entries).toHaveLength(2);
    expect(first.body.NextBefore).toBe(first.body.Entries[1]!.Id);
    const second = await admin.http.get<AuditLogPage>(url(`/api/admin/audit?limit=2&before=${encodeURIComponent(first.body.NextBefore ?? '')}`));
    expect(second.body.Entries[0]!.At <= first.body.Entries[1]!.At).toBe(true);
    expect(second.body.Entries.map((e) => e.Id)).not.toContain(first.body.Entries[0]!.Id);
    expect((await admin.http.get(url('/api/admin/audit?limit=0'))).status).toBe(400);
  });

  it('should refuse an audit page cursor that is not an entry id instead of answering an empty or arbitrary page', async () => {
    for (const before of ['unbekannt', '000', 'zzzzzzzzzzzzzzzzzzzzzzzzzzzzz', `${'0'.repeat(18)}abc`]) {
      const page = await admin.http.get<{ Message: string }>(url(`/api/admin/audit?before=${before}`));
      expect(page.status).toBe(400);
      expect(page.body.Message).toMatch(/before ist ungültig/);
    }
    // A well-formed id that names no entry is still a cursor by time (entries older than it).
    const future = await admin.http.get<AuditLogPage>(url(`/api/admin/audit?before=${'f'.repeat(18)}${'A'.repeat(11)}`));
    expect(future.status).toBe(200);
    expect(future.body.Entries.length).toBeGreaterThan(0);
  });

  it('should let a lawyer change their own phone number in the profile, checked like every phone number', async () => {
    const saved = await plain.http.put<LawyerProfile>(url('/api/lawyer/me'), { Name: 'Markus Hoffmann', Gender: 'male', Phone: '030 9876543' });
    expect(saved.status).toBe(200);
    expect(saved.body.Phone).toBe('+49 30 9876543');
    const wrong = await plain.http.put<{ Message: string }>(url('/api/lawyer/me'), { Name: 'Markus Hoffmann', Gender: 'male', Phone: 'keine Nummer' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.Message).toMatch(/Telefonnummer/);
    // Without the field the number stays.
    const kept = await plain.http.put<LawyerProfile>(url('/api/lawyer/me'), { Name: 'Markus Hoffmann', Gender: 'male' });
    expect(kept.body.Phone).toBe('+49 30 9876543');
  });

  it("should write a lawyer's change of the name, wording or phone number clients see into the audit log, without the number, and nothing when nothing changed", async () => {
    const profileEntries = async () => (await auditActions()).filter((entry) => entry.Action === 'lawyer.profile.changed');
    const before = (await profileEntries()).length;
    await plain.http.put<LawyerProfile>(url('/api/lawyer/me'), { Name: 'Markus Hoffmann', Gender: 'male', Phone: '030 1112223' });
    await plain.http.put<LawyerProfile>(url('/api/lawyer/me'), { Name: 'Dr. Anna Berger', Gender: 'female' });
    await plain.http.put<LawyerProfile>(url('/api/lawyer/me'), { Name: 'Dr. Anna Berger', Gender: 'female' });
    await plain.http.put<LawyerProfile>(url('/api/lawyer/me'), { Name: 'Markus Hoffmann', Gender: 'male', Phone: '' });

    const [removedPhone, renamed, newPhone] = (await profileEntries()).slice(0, 3);
    expect((await profileEntries()).length).toBe(before + 3);
    expect(newPhone).toMatchObject({ ActorName: 'Markus Hoffmann', TargetKind: 'lawyer', TargetLabel: 'Markus Hoffmann', Details: { phone: 'changed' } });
    expect(JSON.stringify(newPhone)).not.toContain('1112223');
    expect(renamed).toMatchObject({ TargetLabel: 'Dr. Anna Berger', Details: { from: 'Markus Hoffmann', to: 'Dr. Anna Berger', gender: 'female' } });
    expect(removedPhone).toMatchObject({ Details: { from: 'Dr. Anna Berger', to: 'Markus Hoffmann', gender: 'male', phone: 'removed' } });
  });
});
