// Bad input anywhere gets a clear 4xx JSON error and never stops the process.
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nestsDeeperThan } from '../src/platform/http/body.js';
import { loginParticipant, startChat, useAppWithParticipant } from './support/flows.js';
import { CookieClient } from './support/cookieClient.js';
import { startTestApp, type TestApp } from './support/testApp.js';

describe('malformed requests', () => {
  const running = useAppWithParticipant();

  it('should answer malformed JSON with 400 BadRequest and a German message', async () => {
    const response = await running.participant.http.post(`${running.app.webUrl}/api/chat/rating`, '{"CaseId": ');
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ Error: 'BadRequest', Message: 'Der Inhalt der Anfrage ist kein gültiges JSON.' });
  });

  it('should refuse a JSON body that is not UTF-8 with 400 BadRequest instead of storing U+FFFD', async () => {
    const response = await running.participant.http.raw(`${running.app.webUrl}/api/chat/field-of-law/classify`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: Buffer.from('{"Value":"K\xfcndigung"}', 'latin1'),
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ Error: 'BadRequest', Message: 'Der Inhalt der Anfrage ist kein gültiges JSON.' });
  });

  it('should refuse a body nested deeper than any request of the API before parsing it, but take strings full of brackets', async () => {
    const deep = '['.repeat(100_000) + ']'.repeat(100_000);
    // Within the 256 KiB of most routes (the classification takes 32 KiB only, and would answer 413).
    const refused = await running.participant.http.raw(`${running.app.webUrl}/api/chat/rating`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: deep,
    });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual({ Error: 'BadRequest', Message: 'Der Inhalt der Anfrage ist kein gültiges JSON.' });
    const brackets = await running.participant.http.post(`${running.app.webUrl}/api/chat/field-of-law/classify`, { Value: `Kündigung ${'[{'.repeat(100)}` });
    expect(brackets.status).toBe(200);
  });

  it.each([
    ['/api/authentication/customer', { InsuranceNumber: 42, AgreedPrivacy: true, AgreedTermsOfService: true }],
    ['/api/chat/rating', { CaseId: 'abc', Stars: 9 }],
    ['/api/chat/field-of-law/classify', { Value: ['Kündigung'] }],
    ['/api/chat/usage-confirmation', null],
  ])('should reject a body of the wrong shape on %s with 400', async (route, body) => {
    const response = await running.participant.http.post(`${running.app.webUrl}${route}`, body);
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ Error: 'BadRequest', Message: expect.stringContaining('ungültig') });
  });

  it('should refuse non-JSON bodies with 415', async () => {
    const response = await running.participant.http.raw(`${running.app.webUrl}/api/chat/rating`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: 'Stars=5',
    });
    expect(response.status).toBe(415);
  });

  it('should refuse a body labelled as compressed with 415 on both servers instead of reading it as plain, and take an identity body', async () => {
    const plainAsGzip = (url: string) =>
      running.participant.http.raw(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
        body: JSON.stringify({ Value: 'Kündigung' }),
      });
    for (const url of [`${running.app.webUrl}/api/chat/field-of-law/classify`, `${running.app.chatUrl}/api/lawyer/login`]) {
      const refused = await plainAsGzip(url);
      expect(refused.status).toBe(415);
      expect(await refused.json()).toEqual({
        Error: 'UnsupportedMediaType',
        Message: 'Komprimierte Anfragen werden nicht angenommen. Bitte senden Sie den Inhalt unkomprimiert.',
      });
    }
    const identity = await running.participant.http.raw(`${running.app.webUrl}/api/chat/field-of-law/classify`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'content-encoding': 'identity' },
      body: JSON.stringify({ Value: 'Kündigung' }),
    });
    expect(identity.status).toBe(200);
  });

  it('should refuse a JSON body labelled with a charset other than UTF-8 with 415 on both servers instead of reading it as UTF-8', async () => {
    // Latin-1 „MÃ¼nchen“: its bytes are also valid UTF-8 („München“), so the label decides what the sender meant.
    const latin1 = Buffer.from('{"Value":"M\xc3\xbcnchen"}', 'latin1');
    for (const [url, charset] of [
      [`${running.app.webUrl}/api/chat/field-of-law/classify`, 'iso-8859-1'],
      [`${running.app.webUrl}/api/chat/field-of-law/classify`, '"windows-1252"'],
      [`${running.app.chatUrl}/api/lawyer/login`, 'utf-16'],
    ] as const) {
      const refused = await running.participant.http.raw(url, {
        method: 'POST',
        headers: { 'content-type': `application/json; charset=${charset}` },
        body: latin1,
      });
      expect(refused.status).toBe(415);
      expect(await refused.json()).toEqual({
        Error: 'UnsupportedMediaType',
        Message: 'Bitte senden Sie JSON in UTF-8 (Content-Type: application/json; charset=utf-8).',
      });
    }
    for (const contentType of ['application/json; charset=utf-8', 'application/json;charset="UTF-8"', 'application/json; charset=utf8', 'application/json']) {
      const taken = await running.participant.http.raw(`${running.app.webUrl}/api/chat/field-of-law/classify`, {
        method: 'POST',
        headers: { 'content-type': contentType },
        body: JSON.stringify({ Value: 'Kündigung' }),
      });
      expect(taken.status).toBe(200);
    }
  });

  it('should refuse writes from a foreign origin (CSRF) but accept the configured one', async () => {
    const evil = await running.participant.http.raw(`${running.app.webUrl}/api/authentication/logout`, {
      method: 'POST',
      headers: { origin: 'https://evil.example' },
    });
    expect(evil.status).toBe(403);
    const user = await running.participant.http.get(`${running.app.webUrl}/api/authentication/user`);
    expect(user.status).toBe(200);
  });

  it('should name the field at fault in German, without type names', async () => {
    const response = await running.participant.http.post(`${running.app.webUrl}/api/chat/rating`, { CaseId: 'abc', Stars: 'fünf' });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ Error: 'BadRequest', Message: 'Die Anfrage ist ungültig. Das Feld „Stars“ fehlt oder hat nicht das erwartete Format.' });
  });

  it.each([
    ['web', () => running.app.webUrl, '/chat/%c0<script>alert(1)</script>'],
    ['web', () => running.app.webUrl, '/digitale-fallakte/%ff-geheimes-token'],
    ['chat host', () => running.app.chatUrl, '/api/chat/%e0%80'],
  ])('should answer a path that is not valid URL encoding on the %s origin with a German 400 that does not repeat it', async (_origin, base, path) => {
    const response = await running.participant.http.raw(`${base()}${path}`, { headers: { accept: 'application/json' } });
    expect(response.status).toBe(400);
    const text = await response.text();
    expect(JSON.parse(text)).toEqual({ Error: 'BadRequest', Message: 'Die Anfrage ist ungültig.' });
    expect(text).not.toMatch(/script|geheimes|%e0/i);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('content-security-policy')).toContain("default-src 'none'");
  });

  /** Writes raw bytes to the origin and reads until the server closes the connection. */
  const rawExchange = (base: string, request: string) =>
    new Promise<string>((resolve, reject) => {
      const { hostname, port } = new URL(base);
      const socket = net.connect(Number(port), hostname === 'localhost' ? '127.0.0.1' : hostname, () => socket.write(request));
      let received = '';
      socket.on('data', (chunk: Buffer) => (received += chunk.toString('utf8')));
      socket.on('close', () => resolve(received));
      socket.on('error', reject);
    });

  it.each([
    [
      'web',
      () => running.app.webUrl,
      'GET /chat/new?InsuranceNumber=' + 'A'.repeat(20_000) + ' HTTP/1.1\r\nHost: x\r\n\r\n',
      431,
      'Die Adresse oder die Kopfzeilen der Anfrage sind zu lang.',
    ],
    ['web', () => running.app.webUrl, 'GET /api/service-hours HTTP/1.1\r\nHost: x\r\nKein Header\r\n\r\n', 400, 'Die Anfrage ist ungültig.'],
    ['chat host', () => running.app.chatUrl, 'POST /api/lawyer/login HTTP/1.1\r\nHost: x\r\nContent-Length: abc\r\n\r\n', 400, 'Die Anfrage ist ungültig.'],
  ])('should answer a request the HTTP parser refuses on the %s origin with German JSON (%#)', async (_origin, base, request, status, message) => {
    const answer = await rawExchange(base(), request);
    const [head = '', body = ''] = answer.split('\r\n\r\n');
    expect(head).toMatch(new RegExp(`^HTTP/1\\.1 ${status} `));
    expect(head.toLowerCase()).toContain('content-type: application/json; charset=utf-8');
    expect(head.toLowerCase()).toContain('x-content-type-options: nosniff');
    expect(head.toLowerCase()).toContain('cache-control: no-store');
    expect(JSON.parse(body)).toMatchObject({ Message: message });
    expect((await running.participant.http.get(`${running.app.webUrl}/api/service-hours`)).status).toBe(200);
  });

  it('should answer unknown API paths with a JSON 404', async () => {
    const response = await running.participant.http.get(`${running.app.webUrl}/api/gibt-es-nicht`);
    expect(response.status).toBe(404);
    expect(response.body).toMatchObject({ Error: 'NotFound' });
  });

  it('should reject bad hub arguments without dropping the connection', async () => {
    const c = running.participant.hub.connection;
    await expect(c.invoke('StartChat', { Description: 5 })).rejects.toThrow(/Ungültiges Argument/);
    await expect(c.invoke('SendMessage', 'x'.repeat(100), 'text', 'id-00000001')).rejects.toThrow(/Kennung/);
    await expect(c.invoke('JoinLatestChat')).rejects.toThrow(/Argumente/);
    const ids = await startChat(running.participant);
    await expect(c.invoke('SendMessage', ids.ChatId, 'x'.repeat(751), 'toolong-0001')).rejects.toThrow(/750/);
    await expect(c.invoke('SendMessage', ids.ChatId, '   ', 'empty-000001')).rejects.toThrow(/Nachricht/);
    expect((await c.invoke<{ Message: string }>('SendMessage', ids.ChatId, 'Noch verbunden', 'still-000001')).Message).toBe('Noch verbunden');
  });
});

describe('headers and cookies', () => {
  let app: TestApp;

  beforeAll(async () => {
    app = await startTestApp();
  });

  afterAll(async () => {
    await app?.stop();
  });

  it('should send the security headers on every response of both origins', async () => {
    for (const url of [`${app.webUrl}/api/service-hours`, `${app.webUrl}/api/nope`, `${app.chatUrl}/api/lawyer/me`]) {
      const response = await fetch(url);
      expect(response.headers.get('referrer-policy')).toBe('no-referrer');
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      const csp = response.headers.get('content-security-policy') ?? '';
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("script-src 'self'");
      expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
      expect(response.headers.get('x-powered-by')).toBeNull();
    }
  });

  it('should allow CORS with credentials for exactly the configured web origin', async () => {
    const preflight = (origin: string) =>
      fetch(`${app.chatUrl}/api/login`, {
        method: 'OPTIONS',
        headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
      });
    const good = await preflight(app.webOrigin);
    expect(good.headers.get('access-control-allow-origin')).toBe(app.webOrigin);
    expect(good.headers.get('access-control-allow-credentials')).toBe('true');
    for (const origin of ['https://evil.example', 'null', `${app.webOrigin}.evil.example`]) {
      expect((await preflight(origin)).headers.get('access-control-allow-origin')).toBeNull();
    }
  });

  it('should set HttpOnly SameSite=Lax expiring session cookies and rotate them on login', async () => {
    const client = new CookieClient();
    const login = await client.raw(`${app.webUrl}/api/authentication/customer`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ InsuranceNumber: Buffer.from('VN-COOKIE-1').toString('base64'), AgreedPrivacy: true, AgreedTermsOfService: true }),
    });
    const cookie = login.headers.getSetCookie()[0] ?? '';
    expect(cookie).toMatch(/^rc_web_session=/);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).toMatch(/Max-Age=\d+/);
    const first = client.cookie(app.webUrl, 'rc_web_session');
    await loginParticipant(app, Buffer.from('VN-COOKIE-1').toString('base64'));
    const again = await client.post(`${app.webUrl}/api/authentication/customer`, {
      InsuranceNumber: Buffer.from('VN-COOKIE-1').toString('base64'),
      AgreedPrivacy: true,
      AgreedTermsOfService: true,
    });
    expect(again.status).toBe(200);
    expect(client.cookie(app.webUrl, 'rc_web_session')).not.toBe(first);
    const stale = new CookieClient();
    stale.setCookie(app.webUrl, 'rc_web_session', first ?? '');
    expect((await stale.get(`${app.webUrl}/api/authentication/user`)).status).toBe(401);
  });

  it('should use a chat-host ticket only once', async () => {
    const client = await loginParticipant(app);
    const ticket = await client.get(`${app.webUrl}/api/chat/session`);
    expect((await client.post(`${app.chatUrl}/api/login`, { Value: ticket.text })).status).toBe(204);
    expect((await new CookieClient().post(`${app.chatUrl}/api/login`, { Value: ticket.text })).status).toBe(401);
  });

  it('should refuse a hub connection without a session', async () => {
    const response = await fetch(`${app.chatUrl}/signalr/negotiate?negotiateVersion=1`, { method: 'POST' });
    expect(response.status).toBe(401);
  });
});

describe('nestsDeeperThan', () => {
  it('should count only brackets outside strings, escaped quotes included', () => {
    expect(nestsDeeperThan('[[1]]', 2)).toBe(false);
    expect(nestsDeeperThan('[[[1]]]', 2)).toBe(true);
    expect(nestsDeeperThan('{"a":"[[[[[\\"[[["}', 1)).toBe(false);
    expect(nestsDeeperThan('[{"a":[{}]}]', 3)).toBe(true);
  });
});
