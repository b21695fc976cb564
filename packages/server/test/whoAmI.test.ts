// The "am I signed in?" probes the web app and the console make on every page load answer 200 – the user, the lawyer's
// profile, or JSON `null` – so a visitor without a session sees no failed request in the browser console. The strict
// calls (`/api/authentication/user`, `api/lawyer/me`) keep their 401.
import { CurrentUser, LawyerProfile, nullable } from '@rechtschat/core';
import { isRight } from 'fp-ts/lib/Either.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CookieClient } from './support/cookieClient.js';
import { loginParticipant } from './support/flows.js';
import { startTestApp, type TestApp } from './support/testApp.js';

describe('who-am-I probes', () => {
  let app: TestApp;

  beforeAll(async () => {
    app = await startTestApp();
  });

  afterAll(async () => {
    await app?.stop();
  });

  it('should answer a visitor without a web session with 200 and JSON null, while /api/authentication/user stays 401', async () => {
    const visitor = new CookieClient();
    const probe = await visitor.get(`${app.webUrl}/api/authentication/whoami`);
    expect(probe.status).toBe(200);
    expect(probe.headers.get('content-type')).toMatch(/^application\/json/);
    expect(probe.text).toBe('null');
    expect(isRight(nullable(CurrentUser).decode(probe.body))).toBe(true);
    const strict = await visitor.get<{ Error: string }>(`${app.webUrl}/api/authentication/user`);
    expect(strict.status).toBe(401);
    expect(strict.body.Error).toBe('NotAuthenticated');
  });

  it('should answer a signed-in participant with the same user as /api/authentication/user, and null again after logout', async () => {
    const participant = await loginParticipant(app);
    const probe = await participant.get<CurrentUser>(`${app.webUrl}/api/authentication/whoami`);
    const strict = await participant.get<CurrentUser>(`${app.webUrl}/api/authentication/user`);
    expect(probe.status).toBe(200);
    expect(isRight(CurrentUser.decode(probe.body))).toBe(true);
    expect(probe.body).toEqual(strict.body);
    expect(probe.body).toMatchObject({ Role: 'participant' });

    expect((await participant.post(`${app.webUrl}/api/authentication/logout`)).status).toBe(204);
    const after = await participant.get(`${app.webUrl}/api/authentication/whoami`);
    expect([after.status, after.text]).toEqual([200, 'null']);
  });

  it('should answer an unknown or logged-out web session cookie with null, not with an error', async () => {
    const forged = new CookieClient();
    forged.setCookie(app.webUrl, 'rc_web_session', 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA');
    const forgedProbe = await forged.get(`${app.webUrl}/api/authentication/whoami`);
    expect([forgedProbe.status, forgedProbe.text]).toEqual([200, 'null']);

    const participant = await loginParticipant(app);
    const stale = participant.cookie(app.webUrl, 'rc_web_session');
    expect(stale).toBeTruthy();
    await participant.post(`${app.webUrl}/api/authentication/logout`);
    const replayed = new CookieClient();
    replayed.setCookie(app.webUrl, 'rc_web_session', stale ?? '');
    const staleProbe = await replayed.get(`${app.webUrl}/api/authentication/whoami`);
    expect([staleProbe.status, staleProbe.text]).toEqual([200, 'null']);
  });

  it('should answer the console without a lawyer session with 200 and null, while api/lawyer/me stays 401', async () => {
    const visitor = new CookieClient({ origin: app.webOrigin });
    const probe = await visitor.get(`${app.chatUrl}/api/lawyer/whoami`);
    expect(probe.status).toBe(200);
    expect(probe.text).toBe('null');
    // The console on the web origin reads it cross-origin with credentials.
    expect(probe.headers.get('access-control-allow-origin')).toBe(app.webOrigin);
    expect(probe.headers.get('access-control-allow-credentials')).toBe('true');
    expect((await visitor.get(`${app.chatUrl}/api/lawyer/me`)).status).toBe(401);
  });

  it('should answer a signed-in lawyer with the profile of api/lawyer/me, and null again after logout', async () => {
    const lawyer = new CookieClient();
    const login = await lawyer.post(`${app.chatUrl}/api/lawyer/login`, { Email: app.lawyers[0]?.email, Password: app.lawyers[0]?.password });
    expect(login.status).toBe(200);
    const probe = await lawyer.get<LawyerProfile>(`${app.chatUrl}/api/lawyer/whoami`);
    expect(probe.status).toBe(200);
    expect(isRight(LawyerProfile.decode(probe.body))).toBe(true);
    expect(probe.body).toEqual((await lawyer.get(`${app.chatUrl}/api/lawyer/me`)).body);

    expect((await lawyer.post(`${app.chatUrl}/api/lawyer/logout`)).status).toBe(204);
    const after = await lawyer.get(`${app.chatUrl}/api/lawyer/whoami`);
    expect([after.status, after.text]).toEqual([200, 'null']);
  });
});
