// A client's hub activity keeps alive the sessions of the browser it comes from – and only those. Found from outside
// (2026-12-06, attacker): every hub call of a participant extended the idle timer of *all* the person's chat and web
// sessions. A client who began on a shared computer (an office, a library) and went on with the chat on the phone left
// the computer signed in for the whole consultation and 30 minutes after: its chat session, and its web session, which
// mints a new chat session at any time (`GET api/chat/session`), never reached their 30 idle minutes – whoever sat down
// at the computer read the consultation and wrote in the client's name. The lawyers' sessions had been fixed the same
// way before (hubSessionActivity.test.ts).
import type { StartJoinResult } from '@rechtschat/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectHub, waitUntil, type HubClient } from './support/hubClient.js';
import { connectParticipant, loginParticipant, startChat, uniqueInsuranceNumber } from './support/flows.js';
import { startTestApp, type TestApp } from './support/testApp.js';
import { sha256 } from '../src/platform/ids.js';

const MINUTE = 60_000;
const settle = () => new Promise((resolve) => setTimeout(resolve, 50));

describe("a participant's sessions on several devices", () => {
  let now = Date.parse('2026-12-06T09:00:00Z');
  const clock = { now: () => new Date(now) };
  let app: TestApp;
  const hubs: HubClient[] = [];

  beforeAll(async () => {
    app = await startTestApp({ clock });
  });

  afterAll(async () => {
    for (const hub of hubs) await hub.stop().catch(() => undefined);
    await app?.stop();
  });

  /** Forty minutes pass in steps of ten; in each the phone's tab does something in the chat. */
  const fortyMinutesOfChatting = async (hub: HubClient, ids: StartJoinResult) => {
    for (let minutes = 0; minutes < 40; minutes += 10) {
      now += 10 * MINUTE;
      await hub.connection.invoke('StayActive', ids.ChatId);
      await settle();
    }
  };

  it('should end the sessions of a computer left signed in after 30 idle minutes while the client chats on the phone', async () => {
    const number = uniqueInsuranceNumber();
    const computer = await loginParticipant(app, number);
    const phone = await connectParticipant(app, number);
    hubs.push(phone.hub);
    const ids = await startChat(phone);

    await fortyMinutesOfChatting(phone.hub, ids);

    // The computer made no request for 40 minutes: neither of its sessions opens anything, nor mints a new one …
    expect((await computer.get(`${app.chatUrl}/api/chat/message/for-case/${ids.CaseId}`)).status).toBe(401);
    expect((await computer.get(`${app.webUrl}/api/authentication/whoami`)).body).toBeNull();
    expect((await computer.get(`${app.webUrl}/api/chat/session`)).status).toBe(401);
    // … while the phone, kept alive by its own hub calls, still reads the chat and reaches the offboarding.
    expect((await phone.http.get(`${app.chatUrl}/api/chat/message/for-case/${ids.CaseId}`)).status).toBe(200);
    expect((await phone.http.get(`${app.webUrl}/api/authentication/whoami`)).body).not.toBeNull();
  });

  it('should keep the first tab working when the chat link is opened again in a second tab of the same browser', async () => {
    const number = uniqueInsuranceNumber();
    const browser = await loginParticipant(app, number);
    const firstTab = await connectHub(app.chatUrl, browser, { role: 'participant' });
    hubs.push(firstTab);
    const ids = await firstTab.connection.invoke<StartJoinResult>('StartChat', {
      Description: 'Mein Vermieter behält die Kaution ein, was kann ich tun?',
      EMailAddress: null,
      VerifiedEmail: false,
      FieldOfLaw: 3,
      FieldOfLawLongName: 'Miet- und Wohnungseigentumsrecht',
    });
    // The link again in a second tab: new web and chat sessions replace the browser's first ones; the tab is closed.
    const again = await browser.post(`${app.webUrl}/api/authentication/customer`, { InsuranceNumber: number, AgreedPrivacy: true, AgreedTermsOfService: true });
    expect(again.status).toBe(200);
    const ticket = await browser.get<string>(`${app.webUrl}/api/chat/session`);
    expect((await browser.post(`${app.chatUrl}/api/login`, { Value: ticket.text })).status).toBe(204);

    // The first tab goes on for forty minutes: its calls keep the browser's new sessions alive.
    await fortyMinutesOfChatting(firstTab, ids);

    expect((await browser.get(`${app.chatUrl}/api/chat/message/for-case/${ids.CaseId}`)).status).toBe(200);
    expect((await browser.get(`${app.webUrl}/api/authentication/whoami`)).body).not.toBeNull();
    expect(await firstTab.connection.invoke('StayActive', ids.ChatId)).toBeNull();
  });

  /** One person signed in on a computer and on a phone, a chat started on the phone, both hub connections watched. */
  async function onePersonOnComputerAndPhone() {
    const number = uniqueInsuranceNumber();
    const computer = await connectParticipant(app, number);
    const phone = await connectParticipant(app, number);
    hubs.push(computer.hub, phone.hub);
    const ids = await startChat(phone);
    const closed = { computer: false, phone: false };
    computer.hub.connection.onclose(() => void (closed.computer = true));
    phone.hub.connection.onclose(() => void (closed.phone = true));
    return { computer, phone, ids, closed };
  }

  // Found from outside (2026-12-06, attacker): the web app calls both logouts, and when the second call never arrives
  // (network, tab closed) the chat session stayed usable on a shared computer.
  it("should end the browser's chat session and close its hub connection on a logout on the web origin only, and keep the phone signed in", async () => {
    const { computer, phone, ids, closed } = await onePersonOnComputerAndPhone();

    expect((await computer.http.post(`${app.webUrl}/api/authentication/logout`)).status).toBe(204);

    expect((await computer.http.get(`${app.chatUrl}/api/chat/message/for-case/${ids.CaseId}`)).status).toBe(401);
    expect((await computer.http.get(`${app.webUrl}/api/chat/session`)).status).toBe(401);
    await waitUntil(() => (closed.computer ? true : undefined), "the computer's hub connection closed");
    // The phone, another browser of the same person, goes on.
    expect((await phone.http.get(`${app.chatUrl}/api/chat/message/for-case/${ids.CaseId}`)).status).toBe(200);
    expect((await phone.http.get(`${app.webUrl}/api/authentication/whoami`)).body).not.toBeNull();
    expect(await phone.hub.connection.invoke('StayActive', ids.ChatId)).toBeNull();
    expect(closed.phone).toBe(false);
  });

  it("should end the browser's web session and close its hub connection on a logout on the chat host only, and keep the phone signed in", async () => {
    const { computer, phone, ids, closed } = await onePersonOnComputerAndPhone();

    expect((await computer.http.post(`${app.chatUrl}/api/logout`)).status).toBe(204);

    expect((await computer.http.get(`${app.webUrl}/api/authentication/whoami`)).body).toBeNull();
    expect((await computer.http.get(`${app.webUrl}/api/chat/session`)).status).toBe(401);
    await waitUntil(() => (closed.computer ? true : undefined), "the computer's hub connection closed");
    expect(closed.phone).toBe(false);
    expect((await phone.http.get(`${app.chatUrl}/api/chat/message/for-case/${ids.CaseId}`)).status).toBe(200);
    expect(await phone.hub.connection.invoke('StayActive', ids.ChatId)).toBeNull();
  });

  it('should end a ticket the browser fetched but did not redeem before its logout', async () => {
    const browser = await loginParticipant(app);
    const ticket = await browser.get<string>(`${app.webUrl}/api/chat/session`);
    expect(ticket.status).toBe(200);
    expect((await browser.post(`${app.webUrl}/api/authentication/logout`)).status).toBe(204);
    expect((await browser.post(`${app.chatUrl}/api/login`, { Value: ticket.text })).status).toBe(401);
  });

  it('should end all client sessions of the person on a logout with a session from before migration 0036 (no browser)', async () => {
    const number = uniqueInsuranceNumber();
    const computer = await loginParticipant(app, number);
    const phone = await connectParticipant(app, number);
    hubs.push(phone.hub);
    // The computer's web session as it was stored before the migration: no browser key.
    const computerWebSession = sha256(computer.cookie(app.webUrl, 'rc_web_session') ?? '');
    await app.ctx.db.updateTable('sessions').set({ browser_key: null }).where('token_hash', '=', computerWebSession).execute();
    let phoneClosed = false;
    phone.hub.connection.onclose(() => void (phoneClosed = true));

    expect((await computer.post(`${app.webUrl}/api/authentication/logout`)).status).toBe(204);

    // Which chat session that web session opened cannot be told: all the person's client sessions end.
    expect((await computer.get(`${app.webUrl}/api/chat/session`)).status).toBe(401);
    expect((await phone.http.get(`${app.webUrl}/api/authentication/whoami`)).body).toBeNull();
    await waitUntil(() => (phoneClosed ? true : undefined), "the phone's hub connection closed");
  });
});
