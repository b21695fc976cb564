// Tokens, tickets, cookies, PINs and insurance numbers never reach the log.
import http from 'node:http';
import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCaseFile } from '../src/features/casefile/index.js';
import { caseFileTokenPaths } from '../src/features/casefile/redact.js';
import { redactUrl } from '../src/platform/logger.js';
import { CookieClient } from './support/cookieClient.js';
import { startTestApp, type TestApp } from './support/testApp.js';

describe('log redaction', () => {
  let app: TestApp;
  let log = '';
  const sink = new Writable({
    write(chunk: Buffer, _enc, done) {
      log += chunk.toString();
      done();
    },
  });

  beforeAll(async () => {
    app = await startTestApp({ logger: pino({ level: 'debug' }, sink) });
  });

  afterAll(async () => {
    await app?.stop();
  });

  it('should log requests without any secret from the journey', async () => {
    const insurance = 'KANARIE4711';
    const client = new CookieClient();
    await client.post(`${app.webUrl}/api/authentication/customer`, {
      InsuranceNumber: Buffer.from(insurance).toString('base64'),
      AgreedPrivacy: true,
      AgreedTermsOfService: true,
    });
    const ticket = (await client.get(`${app.webUrl}/api/chat/session`)).text;
    await client.post(`${app.chatUrl}/api/login`, { Value: ticket });
    const caseFile = await createCaseFile(app.ctx.db, { firstName: 'K', lastName: 'N', phone: '+49 170 9998877', title: 'Kanarie' });
    await client.get(`${app.webUrl}/api/case-file/${caseFile.token}/check`);
    await client.post(`${app.webUrl}/api/case-file/login`, {
      LoginData: { Pin: '0000', UrlToken: caseFile.token },
      AgreedPrivacyWithLawyer: true,
      AgreedTermsOfService: true,
    });
    await client.get(`${app.webUrl}/api/case-file/authenticated?token=${caseFile.token}`);
    const cookies = [client.cookie(app.webUrl, 'rc_web_session'), client.cookie(app.chatUrl, 'rc_chat_session')];

    expect(log).toContain('/api/case-file/[redacted]/check');
    for (const secret of [insurance, Buffer.from(insurance).toString('base64'), ticket, caseFile.token, ...cookies]) {
      expect(secret && log.includes(secret)).toBe(false);
    }
  });

  it('should redact only token paths: the case-file token in every spelling the router accepts, never an asset name', async () => {
    const caseFile = await createCaseFile(app.ctx.db, { firstName: 'K', lastName: 'N', phone: '+49 170 9998866', title: 'Kanarie' });
    const client = new CookieClient();
    const asset = '/assets/intlWarmUp.worker-Bx7Kq2LmNp4RsTvW9yZ.js';
    const chatId = 'AbCdEfGhIjKlMnOpQrStUv';
    const visits = [
      asset,
      `/chat/${chatId}`,
      `/digitale-fallakte/${caseFile.token}/uebersicht/dokumente`,
      `/api/case%2Dfile/${caseFile.token}/check`,
      `//api//case-file/${caseFile.token}/check`,
      `/api/case-file/${caseFile.token}/documents/AbCdEfGhIjKlMnOpQrStUv`,
      '/api/chat/secondLevel/param/Kanarie-Zweitlinie-4711',
    ];
    for (const visit of visits) await client.raw(`${app.webUrl}${visit}`);
    await client.post(`${app.webUrl}/api/case-file/login`, {
      LoginData: { Pin: caseFile.pin, UrlToken: caseFile.token },
      AgreedPrivacyWithLawyer: true,
      AgreedTermsOfService: true,
    });

    expect(log).toContain(`"url":"${asset}"`);
    expect(log).toContain(`"url":"/chat/${chatId}"`);
    expect(log).toContain('"url":"/digitale-fallakte/[redacted]/uebersicht/dokumente"');
    expect(log).toContain('"url":"/api/case%2Dfile/[redacted]/check"');
    expect(log).toContain('"url":"/api/case-file/[redacted]/documents/AbCdEfGhIjKlMnOpQrStUv"');
    expect(log).toContain('"url":"/api/chat/secondLevel/param/[redacted]"');
    expect(log).toContain('"url":"/api/case-file/login"');
    expect(log).not.toContain(caseFile.token);
    expect(log).not.toContain('Kanarie-Zweitlinie-4711');
    expect(log).not.toMatch(new RegExp(`"${caseFile.pin}"`));
  });

  it('should keep the link token out of the log when a dot segment moves it (found from outside)', async () => {
    const caseFile = await createCaseFile(app.ctx.db, { firstName: 'K', lastName: 'N', phone: '+49 170 9998855', title: 'Kanarie' });
    // fetch would resolve the dot segments before sending; the tester's request kept them.
    const rawGet = (path: string) =>
      new Promise<number>((resolve, reject) => {
        http.get(new URL(app.webUrl), { path }, (res) => resolve(res.resume().statusCode ?? 0)).on('error', reject);
      });
    for (const visit of [
      `/api/case-file/x/../${caseFile.token}/check`,
      `/api/case-file/x/%2e%2e/${caseFile.token}/check`,
      `/api/case-file/x%2F..%2F${caseFile.token}/check`,
    ])
      expect(await rawGet(visit)).toBeGreaterThanOrEqual(400);
    expect(log).toContain('"url":"/api/case-file/[redacted]/[redacted]/[redacted]/[redacted]"');
    expect(log).toContain('"url":"/api/case-file/[redacted]/[redacted]"');
    expect(log).not.toContain(caseFile.token);
  });

  it('should count the case-file security events of that journey in the metrics', async () => {
    const metrics = await (await fetch(`${app.webUrl}/metrics`)).text();
    expect(metrics).toMatch(/rechtschat_logins_total\{kind="casefile",result="failure"\} 1/);
    expect(metrics).toMatch(/rechtschat_logins_total\{kind="customer",result="success"\} 1/);
  });
});

describe('redactUrl', () => {
  it.each([
    ['/api/case-file/x/../Tok3n/check', '/api/case-file/[redacted]/[redacted]/[redacted]/[redacted]'],
    ['/api/case-file/./Tok3n/check', '/api/case-file/[redacted]/[redacted]/[redacted]'],
    ['/api/case-file/x/%2e%2E/Tok3n/check', '/api/case-file/[redacted]/[redacted]/[redacted]/[redacted]'],
    ['/api/case-file/Tok3n/documents/..%2FTok3n', '/api/case-file/[redacted]/[redacted]/[redacted]'],
    ['/api/case-file/x%2F..%2FTok3n/check', '/api/case-file/[redacted]/[redacted]'],
    ['/api/case-file/login/..%5CTok3n', '/api/case-file/[redacted]/[redacted]'],
    ['/api/case-file/login/Tok3n/check', '/api/case-file/login/[redacted]/[redacted]'],
    ['/digitale-fallakte/datenschutz/../Tok3n', '/digitale-fallakte/[redacted]/[redacted]/[redacted]'],
  ])('should redact every segment after the prefix of %s, where dot segments or encoded slashes move the token', (url, logged) => {
    expect(redactUrl(url, caseFileTokenPaths)).toBe(logged);
  });

  it.each([
    ['//api//case-file/Tok3n/check', '//api//case-file/[redacted]/check'],
    ['/api/case%2dfile/Tok3n', '/api/case%2dfile/[redacted]'],
    ['/api/case-file/Tok%ZZ/check', '/api/case-file/[redacted]/check'],
    ['/api/case-file/authenticated?token=Tok3n', '/api/case-file/authenticated?[redacted]'],
    ['/digitale-fallakte/fall-abgeschlossen', '/digitale-fallakte/fall-abgeschlossen'],
    ['/digitale-fallakte/zurueckgezogen', '/digitale-fallakte/zurueckgezogen'],
    ['/assets/index-Bx7Kq2LmNp4RsTvW9yZ.css', '/assets/index-Bx7Kq2LmNp4RsTvW9yZ.css'],
    ['/api/case-file/Tok3n/documents/Doc1d', '/api/case-file/[redacted]/documents/Doc1d'],
  ])('should log %s as %s', (url, logged) => {
    expect(redactUrl(url, caseFileTokenPaths)).toBe(logged);
  });
});
