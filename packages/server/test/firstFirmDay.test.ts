// The first day of a new firm over the API, on both engines, without a line of SQL in its steps (issue "Run the
// firm", acceptance): admin:create's set-up link → the administrator signs in with a second factor → an insurer and
// its key → an invited lawyer completes the mailed link and enrols a second factor → a client enters with a token the
// insurer signed with its kid, the invited lawyer accepts, they write, the lawyer ends it → the invited lawyer is
// deactivated while holding a second chat, which moves to the administrator; their session ends → this month's report
// and invoice CSV for the insurer → the client's data archive by insurance number.
import { randomUUID } from 'node:crypto';
import type {
  CurrentUser,
  DeactivationResult,
  Insurer,
  IssuedAccountLink,
  IssuedInsurerKey,
  LawyerProfile,
  Report,
  StartJoinResult,
  TeamMember,
} from '@rechtschat/core';
import { caseReferenceOf } from '@rechtschat/core';
import { strFromU8, unzipSync } from 'fflate';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdministrator } from '../src/features/admin/createAdmin.js';
import { totpAt } from '../src/features/lawyer/totp.js';
import { CookieClient } from './support/cookieClient.js';
import { startRequest } from './support/flows.js';
import { connectHub, waitUntil, type HubClient } from './support/hubClient.js';
import { createTestSchema, type TestSchema } from './support/postgres.js';
import { startTestApp, type TestApp } from './support/testApp.js';
import { outboxMailsTo } from './support/outbox.js';
import { TEST_ENTRY_TOKEN_SECRET, TEST_SESSION_SECRET } from './support/secrets.js';

const ADMIN_PASSWORD = 'Leuchtturm-am-Morgen-7';
const LAWYER_PASSWORD = 'Sieben Brücken über die Spree';

/** Today's Berlin calendar day and the first of its month (the report's "this month"). */
function berlinMonthSoFar(): { from: string; to: string } {
  const today = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Berlin' }).format(new Date());
  return { from: `${today.slice(0, 8)}01`, to: today };
}

/** An entry link's value as the insurer mints it: JWT HS256 naming its key by kid, base64 (docs/api.md "Entry token"). */
async function entryToken(kid: string, secret: string, insuranceNumber: string): Promise<string> {
  const jwt = await new SignJWT({})
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT', kid })
    .setSubject(insuranceNumber)
    .setJti(randomUUID())
    .setIssuedAt()
    .setExpirationTime('5m')
    .sign(new TextEncoder().encode(secret));
  return Buffer.from(jwt).toString('base64');
}

describe.each(['sqlite', 'postgres'] as const)('the first day of a new firm on %s', (engine) => {
  let schema: TestSchema | undefined;
  let app: TestApp;
  const hubs: HubClient[] = [];
  const url = (p: string) => `${app.chatUrl}${p}`;
  const tokenOf = (link: string) => link.slice(link.indexOf('#') + 1);
  const mailsTo = (address: string) => outboxMailsTo(app.dataDir, address);
  /** Signs in under LAWYER_MFA=required: the first login enrols the authenticator. */
  const signInEnrolling = async (email: string, password: string) => {
    const http = new CookieClient();
    const first = await http.post<{ Error: string; EnrolmentToken: string; Secret: string }>(url('/api/lawyer/login'), { Email: email, Password: password });
    expect(first.status).toBe(403);
    expect(first.body.Error).toBe('MfaEnrolmentRequired');
    const enrolled = await http.post<LawyerProfile>(url('/api/lawyer/login/totp-enrolment'), {
      EnrolmentToken: first.body.EnrolmentToken,
      Code: totpAt(first.body.Secret, Date.now()),
    });
    expect(enrolled.status).toBe(200);
    return { http, profile: enrolled.body };
  };
  const enterAsClient = async (token: string) => {
    const http = new CookieClient();
    const login = await http.post<CurrentUser>(`${app.webUrl}/api/authentication/customer`, {
      InsuranceNumber: token,
      AgreedPrivacy: true,
      AgreedTermsOfService: true,
    });
    expect(login.status).toBe(200);
    const ticket = await http.get<string>(`${app.webUrl}/api/chat/session`);
    expect((await http.post(url('/api/login'), { Value: ticket.text })).status).toBe(204);
    const hub = await connectHub(app.chatUrl, http, { role: 'participant' });
    hubs.push(hub);
    return { http, hub, user: login.body };
  };

  beforeAll(async () => {
    if (engine === 'postgres') schema = await createTestSchema();
    app = await startTestApp({
      // A fresh firm: no lawyer exists before admin:create.
      lawyersFrom: [],
      env: {
        LAWYER_MFA: 'required',
        SESSION_SECRET: TEST_SESSION_SECRET,
        ENTRY_TOKEN_SECRET: TEST_ENTRY_TOKEN_SECRET,
        SERVICE_HOURS: 'always',
        // PostgreSQL with Redis, as a production firm runs; SQLite alone, as a single small installation does.
        ...(schema ? { DATABASE_URL: schema.url, REDIS_URL: 'redis://127.0.0.1:6379', REDIS_PREFIX: `rc-first-day-${randomUUID().slice(0, 8)}:` } : {}),
      },
    });
  }, 30_000);
  afterAll(async () => {
    for (const hub of hubs) await hub.stop();
    await app?.stop();
    await schema?.drop();
  });

  it('should go from admin:create to a consultation, a hand-over, the insurer’s invoice and the client’s archive', async () => {
    const suffix = engine;
    const adminEmail = `chefin-${suffix}@kanzlei.example`;
    const inviteeEmail = `kollegin-${suffix}@kanzlei.example`;
    const insuranceNumber = `VN-FIRST-DAY-${suffix}`;

    // admin:create: the administrator exists only with a set-up link.
    const created = await createAdministrator(
      { db: app.ctx.db, clock: app.ctx.clock, webOrigins: [app.webOrigin] },
      { email: adminEmail, name: 'Dr. Eva Chef' },
    );
    if (created.type !== 'created') throw new Error(`admin:create refused: ${created.type}`);
    expect(created.link.url).toMatch(/\/konsole\/zugang#[A-Za-z0-9_-]{43}$/);
    const setupToken = tokenOf(created.link.url);
    expect((await new CookieClient().post(url('/api/account-link/inspect'), { Token: setupToken })).body).toMatchObject({ Purpose: 'setup', Role: 'admin' });
    expect((await new CookieClient().post(url('/api/account-link/complete'), { Token: setupToken, Password: ADMIN_PASSWORD })).status).toBe(200);
    const { http: admin, profile: adminProfile } = await signInEnrolling(adminEmail, ADMIN_PASSWORD);
    expect(adminProfile).toMatchObject({ Name: 'Dr. Eva Chef', Role: 'admin' });
    const adminHub = await connectHub(app.chatUrl, admin, { role: 'lawyer', reconnect: true });
    hubs.push(adminHub);

    // The insurer and its key (secret shown once).
    const insurer = await admin.post<Insurer>(url('/api/admin/insurers'), { Name: `Muster Rechtsschutz ${suffix}`, DisplayName: 'Muster' });
    expect(insurer.status).toBe(201);
    const key = await admin.post<IssuedInsurerKey>(url(`/api/admin/insurers/${insurer.body.Id}/keys`));
    expect(key.status).toBe(201);

    // The invitation by mail, completed by the invitee, who enrols a second factor at the first login.
    const invited = await admin.post<IssuedAccountLink>(url('/api/admin/invitations'), { Email: inviteeEmail, Role: 'lawyer' });
    expect(invited.status).toBe(201);
    const mail = mailsTo(inviteeEmail);
    expect(mail).toHaveLength(1);
    const mailedLink = /(https?:\/\/\S+\/konsole\/zugang#[A-Za-z0-9_-]{43})/.exec(mail[0] ?? '')?.[1] ?? '';
    expect(mailedLink).toBe(invited.body.Url);
    const completed = await new CookieClient().post(url('/api/account-link/complete'), {
      Token: tokenOf(mailedLink),
      Name: 'Clara Vogt',
      Password: LAWYER_PASSWORD,
      Gender: 'female',
      Phone: '030 1112223',
    });
    expect(completed.status).toBe(200);
    const { http: clara, profile: claraProfile } = await signInEnrolling(inviteeEmail, LAWYER_PASSWORD);
    expect(claraProfile).toMatchObject({ Name: 'Clara Vogt', Role: 'lawyer' });
    const claraHub = await connectHub(app.chatUrl, clara, { role: 'lawyer' });
    hubs.push(claraHub);
    let claraClosed: Error | undefined | null = null;
    claraHub.connection.onclose((error) => (claraClosed = error));

    // A client enters with the insurer's token; Clara accepts, they write, Clara ends the consultation.
    const client = await enterAsClient(await entryToken(key.body.Kid, key.body.Secret, insuranceNumber));
    expect(client.user).toMatchObject({ InsurerName: 'Muster' });
    const consultation = await client.hub.connection.invoke<StartJoinResult>('StartChat', startRequest('Mein Vermieter behält die Kaution ein.'));
    await waitUntil(() => (claraHub.queueSignals.length > 0 ? true : undefined), 'the queue signal for Clara');
    expect((await clara.get<{ ChatId: string }[]>(url('/api/lawyer/queue'))).body.map((q) => q.ChatId)).toContain(consultation.ChatId);
    await claraHub.connection.invoke('AcceptChat', consultation.ChatId);
    await client.hub.waitFor(() => client.hub.notifications.find((n) => n.Type === 'Joined' && n.ChatId === consultation.ChatId), 'Joined');
    await client.hub.connection.invoke('SendMessage', consultation.ChatId, 'Die Wohnung war in Ordnung.', 'first-day-0001');
    await claraHub.waitFor(() => claraHub.messages.find((m) => m.Message === 'Die Wohnung war in Ordnung.'), 'the client’s message');
    await claraHub.connection.invoke('SendMessage', consultation.ChatId, 'Fordern Sie die Kaution schriftlich zurück.', 'first-day-0002');
    await client.hub.waitFor(() => client.hub.messages.find((m) => m.Message === 'Fordern Sie die Kaution schriftlich zurück.'), 'the lawyer’s answer');
    await claraHub.connection.invoke('CloseChat', consultation.ChatId, false);
    await client.hub.waitFor(() => client.hub.notifications.find((n) => n.Type === 'Closed' && n.ChatId === consultation.ChatId), 'Closed');

    // A second client's chat held by Clara when she is deactivated: it moves to the administrator; her session ends.
    const second = await enterAsClient(await entryToken(key.body.Kid, key.body.Secret, `${insuranceNumber}-2`));
    const held = await second.hub.connection.invoke<StartJoinResult>('StartChat', startRequest('Mein Arbeitgeber zahlt den Lohn nicht.'));
    await claraHub.connection.invoke('AcceptChat', held.ChatId);
    const claraId = claraProfile.Id;
    const team = await admin.get<TeamMember[]>(url('/api/admin/lawyers'));
    expect(team.body.find((m) => m.Id === claraId)?.OpenWork).toEqual({ Chats: 1, Callbacks: 0, CaseFiles: 0 });
    // The server reconnects the colleague's consoles so they join the taken-over chats (the official client reconnects).
    const adminReconnected = new Promise<void>((resolve) => adminHub.connection.onreconnected(() => resolve()));
    const deactivated = await admin.post<DeactivationResult>(url(`/api/admin/lawyers/${claraId}/deactivate`), { ReassignTo: adminProfile.Id });
    expect(deactivated.status).toBe(200);
    expect(deactivated.body.Reassigned).toEqual({ Chats: 1, Callbacks: 0, CaseFiles: 0, ForwardedChats: 0 });
    expect(deactivated.body.Lawyer.Status).toBe('deactivated');
    expect((await admin.get<{ ChatId: string }[]>(url('/api/lawyer/chats'))).body.map((c) => c.ChatId)).toContain(held.ChatId);
    await second.hub.waitFor(() => second.hub.messages.find((m) => m.Message === 'Ihr Chat wird von Dr. Eva Chef fortgeführt.'), 'the hand-over notice');
    await adminReconnected;
    await second.hub.connection.invoke('SendMessage', held.ChatId, 'Der Lohn für Oktober fehlt.', 'first-day-0004');
    await adminHub.waitFor(() => adminHub.messages.find((m) => m.Message === 'Der Lohn für Oktober fehlt.'), 'the client’s message, live after the hand-over');
    await adminHub.connection.invoke('SendMessage', held.ChatId, 'Ich übernehme Ihre Beratung.', 'first-day-0003');
    await second.hub.waitFor(() => second.hub.messages.find((m) => m.Message === 'Ich übernehme Ihre Beratung.'), 'the colleague’s message');
    await waitUntil(() => (claraClosed !== null ? true : undefined), 'Clara’s hub connection to close');
    expect((await clara.get(url('/api/lawyer/me'))).status).toBe(401);
    expect((await new CookieClient().post(url('/api/lawyer/login'), { Email: inviteeEmail, Password: LAWYER_PASSWORD })).status).toBe(401);

    // This month's report for the insurer, and its invoice CSV: one row per completed consultation, no insurance number.
    const { from, to } = berlinMonthSoFar();
    const report = await admin.get<Report>(url(`/api/reports?from=${from}&to=${to}&insurer=${insurer.body.Id}`));
    expect(report.status).toBe(200);
    expect(report.body.Counts).toMatchObject({ Started: 2, Taken: 2, Completed: 1 });
    expect(report.body.Insurers).toEqual([{ InsurerId: insurer.body.Id, Name: `Muster Rechtsschutz ${suffix}`, Started: 2, Completed: 1 }]);
    expect(report.body.Lawyers.find((l) => l.LawyerId === claraId)).toMatchObject({ Name: 'Clara Vogt', Completed: 1 });
    const csv = await admin.raw(url(`/api/reports/invoice.csv?from=${from}&to=${to}&insurer=${insurer.body.Id}`));
    expect(csv.status).toBe(200);
    const lines = (await csv.text())
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe('Datum;Referenz;Versicherer;Rechtsgebiet;Dauer (angefangene Minuten);Beendet');
    expect(lines.slice(1)).toEqual([
      expect.stringMatching(new RegExp(`^\\d\\d\\.\\d\\d\\.\\d{4};${caseReferenceOf(consultation.CaseId)};Muster Rechtsschutz ${suffix};`)),
    ]);
    expect(lines.join('\n')).not.toContain(insuranceNumber);

    // The client's data archive by insurance number holds the conversation.
    const found = await admin.post<{ Found: boolean; ChatCases: { Id: string }[] }>(url('/api/admin/data-requests/search'), {
      InsuranceNumber: insuranceNumber,
    });
    expect(found.status).toBe(200);
    expect(found.body.ChatCases.map((c) => c.Id)).toEqual([consultation.CaseId]);
    const archive = await admin.raw(url('/api/admin/data-requests/archive'), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ InsuranceNumber: insuranceNumber }),
    });
    expect(archive.status).toBe(200);
    expect(archive.headers.get('content-type')).toBe('application/zip');
    const files = unzipSync(new Uint8Array(await archive.arrayBuffer()));
    const data = strFromU8(files['daten.json'] as Uint8Array);
    expect(data).toContain('Die Wohnung war in Ordnung.');
    expect(data).toContain('Fordern Sie die Kaution schriftlich zurück.');
    expect(Object.keys(files)).toContain(`protokolle/Chatprotokoll-${caseReferenceOf(consultation.CaseId)}.pdf`);
  }, 60_000);
});
