// The chat link after "Chat beenden und Telefonnummer erfragen": the lawyer waits for a number, so a client who closed
// the tab finds the question again (OpenChatCaseId names the closed case) – until they answer it, finish the
// offboarding, or a day has passed; after that the link starts a new intake as before.
import type { CurrentUser, StartJoinResult } from '@rechtschat/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PHONE_REQUEST_RETURN_MS } from '../src/features/product/customerQueries.js';
import { CookieClient } from './support/cookieClient.js';
import { connectHub } from './support/hubClient.js';
import { connectLawyer, startRequest, uniqueInsuranceNumber, type Participant } from './support/flows.js';
import { startTestApp, type TestApp } from './support/testApp.js';

describe('the chat link after the lawyer asked for a phone number', () => {
  let app: TestApp;
  let lawyer: Participant;
  let now = new Date('2026-11-23T09:00:00Z'); // Monday 10:00 in Berlin
  const clock = { now: () => now };

  beforeAll(async () => {
    app = await startTestApp({ clock, env: { SERVICE_HOURS: 'Mo-Fr 08:00-20:00' } });
    lawyer = await connectLawyer(app);
  });

  afterAll(async () => {
    await lawyer?.hub.stop();
    await app?.stop();
  });

  /** Opens the chat link (always the same person for `insuranceNumber`), as the web app's chat/new does. */
  async function openChatLink(insuranceNumber: string): Promise<{ http: CookieClient; user: CurrentUser; status: number }> {
    const http = new CookieClient();
    const login = await http.post<CurrentUser>(`${app.webUrl}/api/authentication/customer`, {
      InsuranceNumber: insuranceNumber,
      AgreedPrivacy: true,
      AgreedTermsOfService: true,
    });
    return { http, user: login.body, status: login.status };
  }

  /** A consultation the lawyer accepted and ended with `requestPhone`; the client's tab is closed afterwards. */
  async function consultationEnded(insuranceNumber: string, requestPhone: boolean): Promise<{ ids: StartJoinResult; http: CookieClient }> {
    const { http } = await openChatLink(insuranceNumber);
    const ticket = await http.get<string>(`${app.webUrl}/api/chat/session`);
    expect((await http.post(`${app.chatUrl}/api/login`, { Value: ticket.text })).status).toBe(204);
    const hub = await connectHub(app.chatUrl, http, { role: 'participant' });
    const ids = await hub.connection.invoke<StartJoinResult>('StartChat', startRequest());
    await lawyer.hub.connection.invoke('AcceptChat', ids.ChatId);
    await lawyer.hub.connection.invoke('CloseChat', ids.ChatId, requestPhone);
    await hub.stop();
    return { ids, http };
  }

  it('should lead back into the closed chat while the requested number is still missing', async () => {
    const number = uniqueInsuranceNumber();
    const { ids } = await consultationEnded(number, true);
    const again = await openChatLink(number);
    expect(again.status).toBe(200);
    expect(again.user).toMatchObject({ CaseId: ids.CaseId, OpenChatCaseId: ids.CaseId });
    expect((await again.http.get<CurrentUser>(`${app.webUrl}/api/authentication/user`)).body.OpenChatCaseId).toBe(ids.CaseId);
  });

  it('should start a new intake after a close without a phone request, as before', async () => {
    const number = uniqueInsuranceNumber();
    const { ids } = await consultationEnded(number, false);
    expect((await openChatLink(number)).user).toMatchObject({ CaseId: ids.CaseId, OpenChatCaseId: null });
  });

  it('should start a new intake once the client gave the number', async () => {
    const number = uniqueInsuranceNumber();
    const { ids, http } = await consultationEnded(number, true);
    expect((await http.post(`${app.webUrl}/api/chat/secondLevel/${ids.CaseId}`, { Value: '+49 170 1234567' })).status).toBeLessThan(300);
    expect((await openChatLink(number)).user.OpenChatCaseId).toBeNull();
  });

  it('should start a new intake once the offboarding is finished, even when the number was skipped', async () => {
    const number = uniqueInsuranceNumber();
    const { ids, http } = await consultationEnded(number, true);
    const finished = { Script: 'offboarding', StepIndex: 17, Status: 'finished', Collected: {}, LastEntry: 0 };
    const stored = await http.post(`${app.chatUrl}/api/chat/transcript/${ids.ChatId}`, { Entries: [], Progress: finished });
    expect(stored.status).toBeLessThan(300);
    expect((await openChatLink(number)).user.OpenChatCaseId).toBeNull();
  });

  it('should keep leading back through an unfinished offboarding, also after hours, but not after a day', async () => {
    const number = uniqueInsuranceNumber();
    const { ids, http } = await consultationEnded(number, true);
    const halfway = { Script: 'offboarding', StepIndex: 4, Status: 'awaiting', Collected: {}, LastEntry: 0 };
    expect((await http.post(`${app.chatUrl}/api/chat/transcript/${ids.ChatId}`, { Entries: [], Progress: halfway })).status).toBeLessThan(300);
    const started = now;
    try {
      now = new Date(started.getTime() + 11 * 60 * 60 * 1000); // Monday 21:00 in Berlin, after hours
      const afterHours = await openChatLink(number);
      expect(afterHours.status).toBe(200);
      expect(afterHours.user.OpenChatCaseId).toBe(ids.CaseId);
      expect((await afterHours.http.get(`${app.webUrl}/api/chat/session`)).status).toBe(200);
      now = new Date(started.getTime() + PHONE_REQUEST_RETURN_MS); // Tuesday 10:00, in hours again
      expect((await openChatLink(number)).user).toMatchObject({ CaseId: ids.CaseId, OpenChatCaseId: null });
    } finally {
      now = started;
    }
  });
});
