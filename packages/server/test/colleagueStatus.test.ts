// The forward choice says who is signed in: GET api/lawyer/colleagues carries each colleague's latest console activity
// (LastActive), null for a colleague without a live session – so a chat is not forwarded to someone who is away.
import type { Colleague } from '@rechtschat/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CookieClient } from './support/cookieClient.js';
import { connectLawyer, type Participant } from './support/flows.js';
import { startTestApp, type TestApp } from './support/testApp.js';

describe('colleagues in the forward choice', () => {
  let app: TestApp;
  let first: Participant;

  const colleaguesOfFirst = async () => {
    const response = await first.http.get<Colleague[]>(`${app.chatUrl}/api/lawyer/colleagues`);
    expect(response.status).toBe(200);
    return response.body;
  };
  const secondIn = (colleagues: Colleague[]) => colleagues.find((c) => c.Id === app.lawyers[1]?.id);

  beforeAll(async () => {
    app = await startTestApp();
    first = await connectLawyer(app, 0);
  });

  afterAll(async () => {
    await first?.hub.stop();
    await app?.stop();
  });

  it('should say that a colleague who is not signed in is not (LastActive null)', async () => {
    const colleagues = await colleaguesOfFirst();
    expect(colleagues.map((c) => c.Id)).not.toContain(app.lawyers[0]?.id);
    expect(secondIn(colleagues)?.LastActive).toBeNull();
  });

  it('should give a signed-in colleague the time of their latest activity, and null again once they signed out', async () => {
    const before = Date.now();
    const http = new CookieClient();
    const login = await http.post(`${app.chatUrl}/api/lawyer/login`, { Email: app.lawyers[1]?.email, Password: app.lawyers[1]?.password });
    expect(login.status).toBe(200);
    const lastActive = secondIn(await colleaguesOfFirst())?.LastActive;
    expect(lastActive).not.toBeNull();
    expect(Date.parse(lastActive ?? '')).toBeGreaterThanOrEqual(before - 1000);

    expect((await http.post(`${app.chatUrl}/api/lawyer/logout`, {})).status).toBeLessThan(300);
    expect(secondIn(await colleaguesOfFirst())?.LastActive).toBeNull();
  });

  it('should say whether a signed-in colleague’s console is open (connected to the hub), not only that they are signed in', async () => {
    // Signed in over HTTP only: a session, no console connected (a closed browser with a live session looks the same).
    const http = new CookieClient();
    expect((await http.post(`${app.chatUrl}/api/lawyer/login`, { Email: app.lawyers[1]?.email, Password: app.lawyers[1]?.password })).status).toBe(200);
    expect(secondIn(await colleaguesOfFirst())).toMatchObject({ LastActive: expect.any(String), ConsoleOpen: false });
    const openConsole = await connectLawyer(app, 1);
    try {
      expect(secondIn(await colleaguesOfFirst())).toMatchObject({ ConsoleOpen: true });
    } finally {
      await openConsole.hub.stop();
    }
  });
});
