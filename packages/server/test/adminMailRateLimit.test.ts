// The administration's routes that mail a single-use link have limits of their own (features/admin/teamRoutes.ts):
// 20 invitations and 10 password resets a minute per address, then 429 in the platform's shape, and no mail and no
// link for the refused request. Found from outside, 2026-12-07: only the platform's 600 requests a minute held them, so
// one signed-in session sent 25 invitations to made-up addresses and 25 resets of one colleague in a few seconds.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CookieClient } from './support/cookieClient.js';
import { startTestApp, type TestApp } from './support/testApp.js';

describe('mails of the team administration', () => {
  let app: TestApp;
  let admin: CookieClient;
  const mails = () => {
    const outbox = path.join(app.dataDir, 'outbox');
    return fs.existsSync(outbox) ? fs.readdirSync(outbox).length : 0;
  };
  const tooMany = { Error: 'TooManyRequests', Message: expect.stringMatching(/^Zu viele Anfragen\./) };

  beforeAll(async () => {
    app = await startTestApp();
    await app.ctx.db.updateTable('lawyers').set({ role: 'admin' }).where('id', '=', app.lawyers[0]!.id).execute();
    admin = new CookieClient({ origin: app.webOrigin });
    const anna = app.lawyers[0]!;
    expect((await admin.post(`${app.chatUrl}/api/lawyer/login`, { Email: anna.email, Password: anna.password })).status).toBe(200);
  });
  afterAll(async () => {
    await app.stop();
  });

  it('should refuse the 21st invitation within a minute and mail nothing for it', async () => {
    const before = mails();
    for (let i = 1; i <= 20; i++) {
      expect(
        (await admin.post(`${app.chatUrl}/api/admin/invitations`, { Email: `kollegin${i}@kanzlei.example`, Role: 'lawyer' })).status,
        `invitation ${i}`,
      ).toBe(201);
    }
    expect(mails()).toBe(before + 20);
    const refused = await admin.post(`${app.chatUrl}/api/admin/invitations`, { Email: 'kollegin21@kanzlei.example', Role: 'lawyer' });
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual(tooMany);
    expect(mails()).toBe(before + 20);
    const pending = await app.ctx.db.selectFrom('lawyer_account_links').select('email').where('email', '=', 'kollegin21@kanzlei.example').execute();
    expect(pending).toEqual([]);
  });

  it('should refuse the 11th password reset within a minute and leave the password and sessions alone', async () => {
    const markus = app.lawyers[1]!;
    const url = `${app.chatUrl}/api/admin/lawyers/${markus.id}/password-reset`;
    for (let i = 1; i <= 10; i++) expect((await admin.post(url)).status, `reset ${i}`).toBe(200);
    const before = mails();
    const { password_hash: hashBefore } = await app.ctx.db.selectFrom('lawyers').select('password_hash').where('id', '=', markus.id).executeTakeFirstOrThrow();
    const refused = await admin.post(url);
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual(tooMany);
    expect(mails()).toBe(before);
    const { password_hash: hashAfter } = await app.ctx.db.selectFrom('lawyers').select('password_hash').where('id', '=', markus.id).executeTakeFirstOrThrow();
    expect(hashAfter).toBe(hashBefore);
  });
});
