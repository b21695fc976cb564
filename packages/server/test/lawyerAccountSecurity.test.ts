// A lawyer changes the password only with the current one (throttled like the login), the new
// one follows the length-and-blocklist policy, and the change ends every other session and its hub connection at
// once while the current browser continues under a new session id. The device list names each session's browser, system
// and shortened address, and ends other sessions too.
import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CookieClient } from './support/cookieClient.js';
import { connectLawyer } from './support/flows.js';
import { connectHub, waitUntil } from './support/hubClient.js';
import { LAWYER_PASSWORD, startTestApp, type TestApp } from './support/testApp.js';

const COOKIE = 'rc_lawyer_session';

/** Real headers of two browsers (the server keeps only their names). */
const CHROME_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const SAFARI_IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';
const FIREFOX_LINUX = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';

async function loginAs(app: TestApp, email: string, password: string, headers: Record<string, string> = {}): Promise<CookieClient> {
  const http = new CookieClient(headers);
  const response = await http.post(`${app.chatUrl}/api/lawyer/login`, { Email: email, Password: password });
  if (response.status !== 200) throw new Error(`login failed: ${response.status}`);
  return http;
}

describe('lawyer password change', () => {
  let app: TestApp;
  let log = '';
  const sink = new Writable({
    write(chunk: Buffer, _enc, done) {
      log += chunk.toString();
      done();
    },
  });
  const change = (http: CookieClient, current: string, next: string) =>
    http.post<{ Error: string; Message: string; Field: string }>(`${app.chatUrl}/api/lawyer/me/password`, { CurrentPassword: current, NewPassword: next });

  let anna: CookieClient;

  beforeAll(async () => {
    app = await startTestApp({ logger: pino({ level: 'info' }, sink) });
    anna = await loginAs(app, app.lawyers[0]!.email, LAWYER_PASSWORD);
  });
  afterAll(async () => app?.stop());

  it.each([
    ['seven characters', 'kurz123', 'PasswordTooShort'],
    ['129 characters', 'x'.repeat(129), 'PasswordTooLong'],
    ['a common password', 'passwort', 'PasswordCommon'],
    ['a common password in capitals', 'ILoveYou', 'PasswordCommon'],
    ['the product name', 'mein-rechtschat-2026', 'PasswordCommon'],
    ['the e-mail local part', 'Anna-liest-gern-77', 'PasswordContainsPersonalData'],
    ['the surname', 'garten-BERGER-blau', 'PasswordContainsPersonalData'],
    ['the current password', LAWYER_PASSWORD, 'PasswordUnchanged'],
  ])('should refuse %s with a German field message', async (_what, next, error) => {
    const response = await change(anna, LAWYER_PASSWORD, next);
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ Error: error, Field: 'NewPassword', Message: expect.stringMatching(/Passwort/) });
  });

  it('should have changed nothing after refusals', async () => {
    expect((await anna.get(`${app.chatUrl}/api/lawyer/me`)).status).toBe(200);
    await loginAs(app, app.lawyers[0]!.email, LAWYER_PASSWORD);
  });

  it('should accept 64 characters, end the other session and its hub connection, and rotate the current session', async () => {
    const newPassword = 'Vier Wörter bilden einen langen Satz, der leicht zu merken ist..'.padEnd(64, '!');
    expect([...newPassword]).toHaveLength(64);
    const mine = await connectLawyer(app, 0);
    const other = await connectLawyer(app, 0);
    let otherClosed = false;
    other.hub.connection.onclose(() => void (otherClosed = true));
    const oldCookie = mine.http.cookie(app.chatUrl, COOKIE)!;

    const response = await change(mine.http, LAWYER_PASSWORD, newPassword);
    expect(response.status).toBe(204);

    // Rotation: a new cookie; the old value is worth nothing.
    const newCookie = mine.http.cookie(app.chatUrl, COOKIE)!;
    expect(newCookie).toBeDefined();
    expect(newCookie).not.toBe(oldCookie);
    expect((await mine.http.get(`${app.chatUrl}/api/lawyer/me`)).status).toBe(200);
    const replay = new CookieClient();
    replay.setCookie(app.chatUrl, COOKIE, oldCookie);
    expect((await replay.get(`${app.chatUrl}/api/lawyer/me`)).status).toBe(401);

    // The other session: 401 at once, its hub connection closed, no new hub connection.
    await waitUntil(() => (otherClosed ? true : undefined), 'hub close of the other session');
    expect((await other.http.get(`${app.chatUrl}/api/lawyer/me`)).status).toBe(401);
    await expect(connectHub(app.chatUrl, other.http, { role: 'lawyer' })).rejects.toThrow();
    // The current browser connects again with its new session.
    const again = await connectHub(app.chatUrl, mine.http, { role: 'lawyer' });
    await again.stop();

    // Old password refused, new one accepted.
    expect((await new CookieClient().post(`${app.chatUrl}/api/lawyer/login`, { Email: app.lawyers[0]!.email, Password: LAWYER_PASSWORD })).status).toBe(401);
    await loginAs(app, app.lawyers[0]!.email, newPassword);

    // A security event without the password.
    expect(log).toContain('"event":"lawyer-password-changed"');
    expect(log).toMatch(/"endedSessions":[1-9]/);
    expect(log).not.toContain(newPassword);
    expect(log).not.toContain(LAWYER_PASSWORD);
    await mine.hub.stop();
    await other.hub.stop();
  });

  it('should refuse a wrong current password and count it against the login throttle', async () => {
    const markus = app.lawyers[1]!;
    const http = await loginAs(app, markus.email, LAWYER_PASSWORD);
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      const response = await change(http, `falsch-${i}`, 'ein-ganz-neues-Passwort-2026');
      statuses.push(response.status);
      if (i === 0)
        expect(response.body).toEqual({ Error: 'CurrentPasswordWrong', Message: 'Das aktuelle Passwort ist nicht korrekt.', Field: 'CurrentPassword' });
    }
    // The fifth wrong password starts the wait and is answered with it.
    expect(statuses).toEqual([400, 400, 400, 400, 429]);
    // Locked now in this browser: even the right current password and a login from it wait. The guesses were counted
    // on this browser's trusted-device throttle (it signed in here), so the lawyer's other browsers are not locked.
    const locked = await change(http, LAWYER_PASSWORD, 'ein-ganz-neues-Passwort-2026');
    expect(locked.status).toBe(429);
    expect(locked.headers.get('retry-after')).toBe('30');
    expect((await http.post(`${app.chatUrl}/api/lawyer/login`, { Email: markus.email, Password: LAWYER_PASSWORD })).status).toBe(429);
    expect((await new CookieClient().post(`${app.chatUrl}/api/lawyer/login`, { Email: markus.email, Password: LAWYER_PASSWORD })).status).toBe(200);
    // The session itself stays valid.
    expect((await http.get(`${app.chatUrl}/api/lawyer/me`)).status).toBe(200);
  });

  it('should refuse without a session', async () => {
    expect((await change(new CookieClient(), LAWYER_PASSWORD, 'ein-ganz-neues-Passwort-2026')).status).toBe(401);
  });
});

describe('lawyer signed-in devices', () => {
  let app: TestApp;
  type Session = { Id: string; CreatedAt: string; LastSeenAt: string; Current: boolean; Browser?: string; System?: string; Network?: string };

  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(async () => app?.stop());

  it('should list the live sessions, mark the current one and show neither cookie nor stored hash', async () => {
    const a = await loginAs(app, app.lawyers[0]!.email, LAWYER_PASSWORD);
    await loginAs(app, app.lawyers[0]!.email, LAWYER_PASSWORD);
    await loginAs(app, app.lawyers[1]!.email, LAWYER_PASSWORD);
    const list = await a.get<Session[]>(`${app.chatUrl}/api/lawyer/sessions`);
    expect(list.status).toBe(200);
    expect(list.body).toHaveLength(2);
    expect(list.body.filter((s) => s.Current)).toHaveLength(1);
    const stored = await app.ctx.db.selectFrom('sessions').select('token_hash').execute();
    for (const s of list.body) {
      expect(s.Id).toMatch(/^[A-Za-z0-9_-]{22}$/);
      expect(stored.map((row) => row.token_hash)).not.toContain(s.Id);
      expect(s.Id).not.toBe(a.cookie(app.chatUrl, COOKIE));
      expect(Date.parse(s.CreatedAt)).not.toBeNaN();
      expect(Date.parse(s.LastSeenAt)).not.toBeNaN();
    }
  });

  it('should end one other session with its hub connection, refuse the current and an unknown one', async () => {
    const mine = await connectLawyer(app, 1);
    const other = await connectLawyer(app, 1);
    let closed = false;
    other.hub.connection.onclose(() => void (closed = true));
    const list = (await mine.http.get<Session[]>(`${app.chatUrl}/api/lawyer/sessions`)).body;
    const current = list.find((s) => s.Current)!;
    const others = list.filter((s) => !s.Current);
    expect((await mine.http.request('DELETE', `${app.chatUrl}/api/lawyer/sessions/${current.Id}`)).status).toBe(400);
    expect((await mine.http.request('DELETE', `${app.chatUrl}/api/lawyer/sessions/unbekannt`)).status).toBe(404);
    // Another lawyer cannot end this lawyer's session.
    const stranger = await loginAs(app, app.lawyers[0]!.email, LAWYER_PASSWORD);
    expect((await stranger.request('DELETE', `${app.chatUrl}/api/lawyer/sessions/${others[0]!.Id}`)).status).toBe(404);
    for (const s of others) expect((await mine.http.request('DELETE', `${app.chatUrl}/api/lawyer/sessions/${s.Id}`)).status).toBe(204);
    await waitUntil(() => (closed ? true : undefined), 'hub close of the ended session');
    expect((await other.http.get(`${app.chatUrl}/api/lawyer/me`)).status).toBe(401);
    expect((await mine.http.get(`${app.chatUrl}/api/lawyer/me`)).status).toBe(200);
    await mine.hub.stop();
    await other.hub.stop();
  });

  it('should sign out all other sessions at once', async () => {
    const mine = await loginAs(app, app.lawyers[0]!.email, LAWYER_PASSWORD);
    const before = (await mine.get<Session[]>(`${app.chatUrl}/api/lawyer/sessions`)).body.length;
    expect(before).toBeGreaterThan(1);
    const ended = await mine.post<{ Ended: number }>(`${app.chatUrl}/api/lawyer/sessions/end-others`);
    expect(ended.body).toEqual({ Ended: before - 1 });
    expect((await mine.get<Session[]>(`${app.chatUrl}/api/lawyer/sessions`)).body).toEqual([expect.objectContaining({ Current: true })]);
  });

  it("should close only the hub connections opened with the ended session, not those of the lawyer's other devices", async () => {
    // Three devices of one lawyer, each with its console connected (the current one twice: two tabs).
    const mine = await connectLawyer(app, 0);
    const mineTab = await connectHub(app.chatUrl, mine.http, { role: 'lawyer' });
    const ended = await connectLawyer(app, 0);
    const third = await connectLawyer(app, 0);
    const closed = new Set<string>();
    const watch = (name: string, connection: typeof mine.hub.connection) => connection.onclose(() => void closed.add(name));
    watch('mine', mine.hub.connection);
    watch('mineTab', mineTab.connection);
    watch('ended', ended.hub.connection);
    watch('third', third.hub.connection);
    const list = (await ended.http.get<Session[]>(`${app.chatUrl}/api/lawyer/sessions`)).body;
    const endedId = list.find((s) => s.Current)!.Id;

    expect((await mine.http.request('DELETE', `${app.chatUrl}/api/lawyer/sessions/${endedId}`)).status).toBe(204);
    await waitUntil(() => (closed.has('ended') ? true : undefined), 'hub close of the ended session');
    // The close of every connection is sent in the same turn; give any wrongly closed one time to arrive.
    await new Promise((r) => setTimeout(r, 300));
    expect([...closed]).toEqual(['ended']);
    for (const hub of [mine.hub, mineTab, third.hub]) expect(hub.connection.state).toBe('Connected');
    // The connections that stayed still work.
    await expect(third.hub.connection.invoke('AcceptChat', 'kein-chat')).rejects.toThrow(/Chat/);
    expect((await third.http.get(`${app.chatUrl}/api/lawyer/me`)).status).toBe(200);

    // "Alle anderen abmelden": the other device closes, both tabs of the current session stay connected.
    expect((await mine.http.post(`${app.chatUrl}/api/lawyer/sessions/end-others`)).status).toBe(200);
    await waitUntil(() => (closed.has('third') ? true : undefined), 'hub close of the other device');
    await new Promise((r) => setTimeout(r, 300));
    expect([...closed].sort()).toEqual(['ended', 'third']);
    expect(mine.hub.connection.state).toBe('Connected');
    expect(mineTab.connection.state).toBe('Connected');
    await mine.hub.stop();
    await mineTab.stop();
  });

  it('should describe each session by browser, system and shortened address, and end only the chosen one with its hub connection', async () => {
    const lawyer = app.lawyers[1]!;
    const windows = await loginAs(app, lawyer.email, LAWYER_PASSWORD, { 'user-agent': CHROME_WINDOWS });
    const iphone = await loginAs(app, lawyer.email, LAWYER_PASSWORD, { 'user-agent': SAFARI_IPHONE });
    const list = (await iphone.get<Session[]>(`${app.chatUrl}/api/lawyer/sessions`)).body;
    const chrome = list.filter((s) => s.Browser === 'Chrome' && s.System === 'Windows');
    const safari = list.filter((s) => s.Browser === 'Safari' && s.System === 'iPhone');
    // The test clients connect from 127.0.0.1: the list shows its /24 only.
    expect(chrome).toEqual([expect.objectContaining({ Current: false, Network: '127.0.0.x' })]);
    expect(safari).toEqual([expect.objectContaining({ Current: true, Network: '127.0.0.x' })]);
    // A login without a browser's header (Node's fetch) is listed without names.
    expect(list.filter((s) => s.Browser === undefined).every((s) => s.System === undefined && s.Network === '127.0.0.x')).toBe(true);

    // Stored are the names and the shortened address, never the header or the full address.
    const rows = await app.ctx.db.selectFrom('sessions').selectAll().where('subject_id', '=', lawyer.id).execute();
    expect(rows.filter((row) => row.browser === 'Chrome' && row.system === 'Windows' && row.network === '127.0.0.x')).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toMatch(/Mozilla|AppleWebKit|127\.0\.0\.1/);

    // Ended from the Windows browser: the iPhone's session and its hub connection end, the Windows session stays.
    const iphoneHub = await connectHub(app.chatUrl, iphone, { role: 'lawyer' });
    let closed = false;
    iphoneHub.connection.onclose(() => void (closed = true));
    expect((await windows.request('DELETE', `${app.chatUrl}/api/lawyer/sessions/${safari[0]!.Id}`)).status).toBe(204);
    await waitUntil(() => (closed ? true : undefined), 'hub close of the ended session');
    expect((await iphone.get(`${app.chatUrl}/api/lawyer/me`)).status).toBe(401);
    const after = (await windows.get<Session[]>(`${app.chatUrl}/api/lawyer/sessions`)).body;
    expect(after.filter((s) => s.Current)).toEqual([expect.objectContaining({ Browser: 'Chrome', System: 'Windows' })]);
    expect(after.filter((s) => s.Browser === 'Safari')).toEqual([]);
    expect(after).toHaveLength(list.length - 1);
  });

  it('should describe the session that continues after a password change like the one it replaces', async () => {
    const firefox = await loginAs(app, app.lawyers[0]!.email, LAWYER_PASSWORD, { 'user-agent': FIREFOX_LINUX });
    const changed = await firefox.post(`${app.chatUrl}/api/lawyer/me/password`, {
      CurrentPassword: LAWYER_PASSWORD,
      NewPassword: 'ein-ganz-neues-Passwort-2026',
    });
    expect(changed.status).toBe(204);
    expect((await firefox.get<Session[]>(`${app.chatUrl}/api/lawyer/sessions`)).body).toEqual([
      expect.objectContaining({ Current: true, Browser: 'Firefox', System: 'Linux', Network: '127.0.0.x' }),
    ]);
  });
});
