// Hub calls keep alive the session their connection was opened with – and only that one. Found from outside
// (2026-12-03, third pass): every hub call of a lawyer extended the idle timer of *all* the lawyer's sessions, so a
// console left signed in on another computer (a shared office PC, a court's library) never reached its 30 idle minutes
// while the lawyer worked elsewhere: it stayed usable for up to the 12-hour absolute limit.
import type { StartJoinResult } from '@rechtschat/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CookieClient } from './support/cookieClient.js';
import { connectHub, type HubClient } from './support/hubClient.js';
import { connectParticipant, startChat, uniqueInsuranceNumber, type Participant } from './support/flows.js';
import { startTestApp, type TestApp } from './support/testApp.js';

const MINUTE = 60_000;

describe('session activity of hub calls', () => {
  let now = Date.parse('2026-12-03T09:00:00Z');
  const clock = { now: () => new Date(now) };
  let app: TestApp;
  let participant: Participant;
  let workingHub: HubClient;
  const leftBehind = new CookieClient();
  const working = new CookieClient();

  beforeAll(async () => {
    app = await startTestApp({ clock });
    const lawyer = app.lawyers[0]!;
    for (const device of [leftBehind, working]) {
      const login = await device.post(`${app.chatUrl}/api/lawyer/login`, { Email: lawyer.email, Password: lawyer.password });
      expect(login.status).toBe(200);
    }
    workingHub = await connectHub(app.chatUrl, working, { role: 'lawyer' });
    participant = await connectParticipant(app);
  });

  afterAll(async () => {
    await workingHub?.stop();
    await participant?.hub.stop();
    await app?.stop();
  });

  /** A hub call of the working device's console, and the moment its session touch is written. */
  const workInTheConsole = async (chatId: string) => {
    await workingHub.connection.invoke('SendTypingNotification', chatId);
    await new Promise((resolve) => setTimeout(resolve, 50));
  };

  it("should let a session left signed in elsewhere end after 30 idle minutes while the lawyer works on another device's hub connection", async () => {
    const ids: StartJoinResult = await startChat(participant);
    await workingHub.connection.invoke('AcceptChat', ids.ChatId);
    for (let minutes = 0; minutes < 40; minutes += 10) {
      now += 10 * MINUTE;
      await workInTheConsole(ids.ChatId);
    }
    // 40 minutes after its last request, the console left behind is signed out …
    expect((await leftBehind.get(`${app.chatUrl}/api/lawyer/me`)).status).toBe(401);
    // … while the session of the console in use, kept alive by its own hub calls alone, still works.
    expect((await working.get(`${app.chatUrl}/api/lawyer/me`)).status).toBe(200);
  });

  it("should keep a participant's session alive by the hub calls of the chat alone", async () => {
    const another = await connectParticipant(app);
    try {
      const ids: StartJoinResult = await startChat(another);
      for (let minutes = 0; minutes < 40; minutes += 10) {
        now += 10 * MINUTE;
        await another.hub.connection.invoke('SendTypingNotification', ids.ChatId);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect((await another.http.get(`${app.chatUrl}/api/chat/case/${ids.CaseId}/status`)).status).toBe(200);
    } finally {
      await another.hub.stop();
    }
  });
});

describe('hub connections and the session they were opened with', () => {
  let now = Date.parse('2026-12-03T09:00:00Z');
  const clock = { now: () => new Date(now) };
  let app: TestApp;
  const hubs: HubClient[] = [];

  beforeAll(async () => {
    app = await startTestApp({ clock, hubRevalidateIntervalMs: 100 });
  });

  afterAll(async () => {
    for (const hub of hubs) await hub.stop().catch(() => undefined);
    await app?.stop();
  });

  it("should close a console's connection once its own session ran out, although the lawyer works on another device", async () => {
    const lawyer = app.lawyers[0]!;
    const leftBehind = new CookieClient();
    const working = new CookieClient();
    for (const device of [leftBehind, working])
      expect((await device.post(`${app.chatUrl}/api/lawyer/login`, { Email: lawyer.email, Password: lawyer.password })).status).toBe(200);
    const leftBehindHub = await connectHub(app.chatUrl, leftBehind, { role: 'lawyer' });
    const workingHub = await connectHub(app.chatUrl, working, { role: 'lawyer' });
    hubs.push(leftBehindHub, workingHub);
    const closed = new Promise<string | undefined>((resolve) => leftBehindHub.connection.onclose((error) => resolve(error?.message)));
    // 40 minutes: the console left behind only pings (no activity), the other one works.
    for (let minutes = 0; minutes < 40; minutes += 10) {
      now += 10 * MINUTE;
      expect((await working.get(`${app.chatUrl}/api/lawyer/queue`)).status).toBe(200);
    }
    const outcome = await Promise.race([closed, new Promise((resolve) => setTimeout(() => resolve('still open'), 3000))]);
    expect(outcome).toBe('Server returned an error on close: Ihre Sitzung ist abgelaufen. Bitte melden Sie sich erneut an.');
    await expect(workingHub.connection.invoke('Ping')).resolves.toBeNull();
  });

  it("should keep a participant's first tab connected when the chat link signs the person in again in a new tab", async () => {
    const insuranceNumber = uniqueInsuranceNumber();
    const participant = await connectParticipant(app, insuranceNumber);
    hubs.push(participant.hub);
    const ids: StartJoinResult = await startChat(participant);
    // The new tab shares the browser's cookies: its login replaces the session the first tab's connection opened with.
    const ticket = await participant.http.post(`${app.webUrl}/api/authentication/customer`, {
      InsuranceNumber: insuranceNumber,
      AgreedPrivacy: true,
      AgreedTermsOfService: true,
    });
    expect(ticket.status).toBe(200);
    const chatLogin = await participant.http.post(`${app.chatUrl}/api/login`, {
      Value: (await participant.http.get<string>(`${app.webUrl}/api/chat/session`)).text,
    });
    expect(chatLogin.status).toBe(204);
    await new Promise((resolve) => setTimeout(resolve, 500));
    await expect(participant.hub.connection.invoke('SendMessage', ids.ChatId, 'Noch im ersten Tab', 'first-tab-0001')).resolves.toMatchObject({
      Message: 'Noch im ersten Tab',
    });
  });
});
