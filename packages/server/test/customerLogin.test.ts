// DESIGN §6 / SECURITY B1–B3: production accepts only signed single-use entry tokens,
// and office hours are enforced by the server.
import crypto from 'node:crypto';
import { SignJWT, UnsecuredJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startChat } from '../src/features/chat/chats.js';
import { ENTRY_TOKEN_CLOCK_TOLERANCE_S, signEntryToken } from '../src/features/product/entryToken.js';
import { startRequest } from './helpers/flows.js';
import { CookieClient } from './helpers/cookieClient.js';
import { startTestApp, type TestApp } from './helpers/testApp.js';

const ENTRY_SECRET = 'e'.repeat(40);
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
    app = await startTestApp({ clock, env: { NODE_ENV: 'production', ENTRY_TOKEN_SECRET: ENTRY_SECRET, SESSION_SECRET: 's'.repeat(40) } });
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

  it('should require both consents', async () => {
    const response = await new CookieClient().post(`${app.webUrl}/api/authentication/customer`, {
      InsuranceNumber: await token(),
      AgreedPrivacy: true,
      AgreedTermsOfService: false,
    });
    expect(response.status).toBe(400);
  });
});
