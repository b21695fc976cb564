// Production accepts only signed single-use entry tokens,
// and office hours are enforced by the server.
import crypto from 'node:crypto';
import { SignJWT, UnsecuredJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CurrentUser } from '@rechtschat/core';
import { closeChatByTimeout, startChat } from '../src/features/chat/chats.js';
import { ENTRY_TOKEN_CLOCK_TOLERANCE_S, signEntryToken } from '../src/features/product/entryToken.js';
import { startRequest } from './support/flows.js';
import { CookieClient } from './support/cookieClient.js';
import { startTestApp, type TestApp } from './support/testApp.js';
import { TEST_ENTRY_TOKEN_SECRET, TEST_SESSION_SECRET } from './support/secrets.js';

const ENTRY_SECRET = TEST_ENTRY_TOKEN_SECRET;
const b64 = (s: string) => Buffer.from(s).toString('base64');

describe('customer login in production', () => {
  let app: TestApp;
  let now = new Date('2026-11-23T09:00:00Z'); // Monday 10:00 in Berlin
  const clock = { now: () => now };
  const login = (value: string) =>
    new CookieClient().post(`${app.webUrl}/api/authentication/customer`, { InsuranceNumber: value, AgreedPrivacy: true, AgreedTermsOfService: true });
  const token = async (overrides: Partial<{ number: string; exp: number; jti: string }> = {}) =>
    b64(await signEntryToken(ENTRY_SECRET, { number: 'VN-2026-1', exp: Math.floor(now.getTime() / 1000) + 300, jti: crypto.randomUUID(), ...overrides }));

  beforeAll(async () => {
    app = await startTestApp({ clock, env: { NODE_ENV: 'production', ENTRY_TOKEN_SECRET: ENTRY_SECRET, SESSION_SECRET: TEST_SESSION_SECRET } });
  });

  afterAll(async () => {
    await app?.stop();
  });

  it('should refuse a bare insurance number', async () => {
    expect((await login(b64('VN-2026-1'))).status).toBe(401);
  });

  it('should accept a fresh signed token once and refuse its replay', async () => {
    const value = await token();
    const first = await login(value);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ Role: 'participant', CaseId: null });
    expect((await login(value)).status).toBe(401);
  });

  it('should refuse expired, over-long and forged tokens', async () => {
    expect((await login(await token({ exp: Math.floor(now.getTime() / 1000) - ENTRY_TOKEN_CLOCK_TOLERANCE_S - 1 }))).status).toBe(401);
    expect((await login(await token({ exp: Math.floor(now.getTime() / 1000) + 3600 }))).status).toBe(401);
    expect(
      (await login(b64(await signEntryToken('f'.repeat(40), { number: 'VN', exp: Math.floor(now.getTime() / 1000) + 60, jti: 'forged-0001' })))).status,
    ).toBe(401);
  });

  it('should refuse an unsigned (alg none) token and a signed one without jti', async () => {
    const nowS = Math.floor(now.getTime() / 1000);
    expect((await login(b64(new UnsecuredJWT({ sub: 'VN-2026-1', exp: nowS + 60, jti: crypto.randomUUID() }).encode()))).status).toBe(401);
    const withoutJti = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('VN-2026-1')
      .setExpirationTime(nowS + 60)
      .sign(new TextEncoder().encode(ENTRY_SECRET));
    expect((await login(b64(withoutJti))).status).toBe(401);
  });

  it('should refuse a signed number that is blank once its spaces go, or holds control or format characters – no two strangers become one person', async () => {
    for (const number of [' ', '   ', '\t\n', '\u00a0', 'VN\u00002026', 'VN-\u202e2026', '-', '--/']) {
      const answer = await login(await token({ number }));
      expect(answer.status, JSON.stringify(number)).toBe(401);
    }
    // The same signed number with other spacing or case stays one person (documented in docs/api.md).
    const first = await login(await token({ number: 'VN-4711-A' }));
    const second = await login(await token({ number: ' vn-4711 -a ' }));
    expect(second.status).toBe(200);
    expect((second.body as CurrentUser).Id).toBe((first.body as CurrentUser).Id);
  });

  it('should remember a used jti until the token would be refused anyway (exp plus clock tolerance)', async () => {
    const jti = crypto.randomUUID();
    const exp = Math.floor(now.getTime() / 1000) + 120;
    expect((await login(await token({ jti, exp }))).status).toBe(200);
    const row = await app.ctx.db.selectFrom('used_entry_tokens').select('expires_at').where('jti', '=', jti).executeTakeFirstOrThrow();
    expect(Date.parse(row.expires_at)).toBe((exp + ENTRY_TOKEN_CLOCK_TOLERANCE_S) * 1000);
  });

  it('should answer 403 OutsideServiceHours on Sunday and report IsOpen false', async () => {
    now = new Date('2026-11-29T10:00:00Z');
    const response = await login(await token());
    expect(response.status).toBe(403);
    expect(response.body).toMatchObject({ Error: 'OutsideServiceHours' });
    const hours = await new CookieClient().get<{ IsOpen: boolean }>(`${app.webUrl}/api/service-hours`);
    expect(hours.body.IsOpen).toBe(false);
    now = new Date('2026-11-23T09:00:00Z');
  });

  it('should still issue a chat ticket after hours to a participant whose chat is running', async () => {
    now = new Date('2026-11-23T18:50:00Z'); // Monday 19:50 in Berlin
    const client = new CookieClient();
    expect(
      (
        await client.post(`${app.webUrl}/api/authentication/customer`, {
          InsuranceNumber: await token({ number: 'VN-ABEND' }),
          AgreedPrivacy: true,
          AgreedTermsOfService: true,
        })
      ).status,
    ).toBe(200);
    const idle = new CookieClient();
    expect(
      (
        await idle.post(`${app.webUrl}/api/authentication/customer`, {
          InsuranceNumber: await token({ number: 'VN-OHNE-CHAT' }),
          AgreedPrivacy: true,
          AgreedTermsOfService: true,
        })
      ).status,
    ).toBe(200);
    const participantId = (await client.get<{ Id: string }>(`${app.webUrl}/api/authentication/user`)).body.Id;
    await startChat({ db: app.ctx.db, clock }, participantId, startRequest());
    now = new Date('2026-11-23T19:05:00Z'); // Monday 20:05 in Berlin
    expect((await client.get(`${app.webUrl}/api/chat/session`)).status).toBe(200);
    expect((await idle.get(`${app.webUrl}/api/chat/session`)).body).toMatchObject({ Error: 'OutsideServiceHours' });
    now = new Date('2026-11-23T09:00:00Z');
  });

  it('should name the case of the running chat as OpenChatCaseId on login and for the current user, and no longer once it is closed', async () => {
    const client = new CookieClient();
    const signIn = async () =>
      client.post<CurrentUser>(`${app.webUrl}/api/authentication/customer`, {
        InsuranceNumber: await token({ number: 'VN-LINK-AGAIN' }),
        AgreedPrivacy: true,
        AgreedTermsOfService: true,
      });
    const first = await signIn();
    expect(first.body).toMatchObject({ CaseId: null, OpenChatCaseId: null });
    const { caseId, chatId } = await startChat({ db: app.ctx.db, clock }, first.body.Id, startRequest());
    // The chat link once more, in the same browser: the same person, led back into the running chat.
    const again = await signIn();
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ Id: first.body.Id, CaseId: caseId, OpenChatCaseId: caseId });
    expect((await client.get<CurrentUser>(`${app.webUrl}/api/authentication/user`)).body).toMatchObject({ CaseId: caseId, OpenChatCaseId: caseId });
    await closeChatByTimeout({ db: app.ctx.db, clock }, first.body.Id, chatId);
    expect((await signIn()).body).toMatchObject({ CaseId: caseId, OpenChatCaseId: null });
  });

  it('should after hours sign in again only the person whose chat still runs, and refuse everyone else with 403', async () => {
    const client = new CookieClient();
    const signIn = async (http: CookieClient, number: string) =>
      http.post<CurrentUser>(`${app.webUrl}/api/authentication/customer`, {
        InsuranceNumber: await token({ number }),
        AgreedPrivacy: true,
        AgreedTermsOfService: true,
      });
    const running = await signIn(client, 'VN-SPAET-LAEUFT');
    const { caseId } = await startChat({ db: app.ctx.db, clock }, running.body.Id, startRequest());
    const closedBefore = await signIn(new CookieClient(), 'VN-SPAET-BEENDET');
    const { chatId: closedChat } = await startChat({ db: app.ctx.db, clock }, closedBefore.body.Id, startRequest());
    await closeChatByTimeout({ db: app.ctx.db, clock }, closedBefore.body.Id, closedChat);
    now = new Date('2026-11-23T19:30:00Z'); // Monday 20:30 in Berlin, after hours
    try {
      const again = await signIn(client, 'VN-SPAET-LAEUFT');
      expect(again.status).toBe(200);
      expect(again.body).toMatchObject({ Id: running.body.Id, OpenChatCaseId: caseId });
      expect((await client.get(`${app.webUrl}/api/chat/session`)).status).toBe(200);
      expect((await signIn(new CookieClient(), 'VN-SPAET-BEENDET')).body).toMatchObject({ Error: 'OutsideServiceHours' });
      // Nobody new is created after hours, and no session is handed out.
      const stranger = new CookieClient();
      const customersBefore = await app.ctx.db.selectFrom('customers').select('id').execute();
      expect((await signIn(stranger, 'VN-SPAET-NEU')).status).toBe(403);
      expect(stranger.cookieHeader(app.webUrl)).toBe('');
      expect(await app.ctx.db.selectFrom('customers').select('id').execute()).toHaveLength(customersBefore.length);
    } finally {
      now = new Date('2026-11-23T09:00:00Z');
    }
  });

  it('should require both consents', async () => {
    const response = await new CookieClient().post(`${app.webUrl}/api/authentication/customer`, {
      InsuranceNumber: await token(),
      AgreedPrivacy: true,
      AgreedTermsOfService: false,
    });
    expect(response.status).toBe(400);
  });
});
