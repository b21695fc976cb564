// Hub calls keep alive the session their connection was opened with – and only that one. Found from outside
// (2026-12-03, third pass): every hub call of a lawyer extended the idle timer of *all* the lawyer's sessions, so a
// console left signed in on another computer (a shared office PC, a court's library) never reached its 30 idle minutes
// while the lawyer worked elsewhere: it stayed usable for up to the 12-hour absolute limit.
import type { StartJoinResult } from '@rechtschat/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CookieClient } from './support/cookieClient.js';
import { connectHub, type HubClient } from './support/hubClient.js';
import { connectParticipant, startChat, type Participant } from './support/flows.js';
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
