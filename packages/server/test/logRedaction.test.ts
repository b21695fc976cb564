// SECURITY A9/J2: tokens, tickets, cookies, PINs and insurance numbers never reach the log.
import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCaseFile } from '../src/features/casefile/index.js';
import { CookieClient } from './helpers/cookieClient.js';
import { startTestApp, type TestApp } from './helpers/testApp.js';

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

  it('should count the case-file security events of that journey in the metrics', async () => {
    const metrics = await (await fetch(`${app.webUrl}/metrics`)).text();
    expect(metrics).toMatch(/rechtschat_logins_total\{kind="casefile",result="failure"\} 1/);
    expect(metrics).toMatch(/rechtschat_logins_total\{kind="customer",result="success"\} 1/);
  });
});
