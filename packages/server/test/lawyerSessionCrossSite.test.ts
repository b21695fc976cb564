// A lawyer's session counts only on requests the browser does not mark as cross-site (platform/http/cookies.ts): a link
// or script on a foreign page that navigates a signed-in administrator's browser to the Protokoll's or the invoice's
// CSV export (a top-level GET, which carries the SameSite=Lax cookie) gets 401 and writes no export into the Protokoll.
// The console's own requests (same-site), a typed address (`none`) and programs (no header) are served as before.
// Found from outside, 2026-12-07: each such visit was answered with the file and audited as the administrator's export.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CookieClient } from './support/cookieClient.js';
import { startTestApp, type TestApp } from './support/testApp.js';

describe("a lawyer's session on requests the browser marks as cross-site", () => {
  let app: TestApp;
  let admin: CookieClient;
  const exports = async () =>
    (await app.ctx.db.selectFrom('admin_audit_log').select('action').where('action', 'in', ['auditLog.exported', 'reports.invoice.exported']).execute()).length;
  const get = (path: string, site?: string) => admin.raw(`${app.chatUrl}${path}`, { headers: site === undefined ? {} : { 'sec-fetch-site': site } });
  const AUDIT_CSV = '/api/admin/audit.csv?from=2026-01-01&to=2026-12-31';
  const INVOICE_CSV = '/api/reports/invoice.csv?from=2026-01-01&to=2026-12-31';

  beforeAll(async () => {
    app = await startTestApp();
    await app.ctx.db.updateTable('lawyers').set({ role: 'admin' }).where('id', '=', app.lawyers[0]!.id).execute();
    admin = new CookieClient();
    const anna = app.lawyers[0]!;
    expect((await admin.post(`${app.chatUrl}/api/lawyer/login`, { Email: anna.email, Password: anna.password })).status).toBe(200);
  });
  afterAll(async () => {
    await app.stop();
  });

  it('should refuse the CSV exports to a cross-site navigation and write no export into the Protokoll', async () => {
    const before = await exports();
    for (const path of [AUDIT_CSV, INVOICE_CSV]) {
      const response = await get(path, 'cross-site');
      expect(response.status, path).toBe(401);
      expect(response.headers.get('content-disposition'), path).toBeNull();
      expect(await response.json(), path).toEqual({ Error: 'NotAuthenticated', Message: 'Bitte melden Sie sich an.' });
    }
    expect(await exports()).toBe(before);
  });

  it('should answer every lawyer route of a cross-site request as if nobody were signed in', async () => {
    expect((await get('/api/lawyer/queue', 'cross-site')).status).toBe(401);
    expect((await get('/api/admin/lawyers', 'cross-site')).status).toBe(401);
    const whoami = await get('/api/lawyer/whoami', 'cross-site');
    expect(whoami.status).toBe(200);
    expect(await whoami.json()).toBeNull();
  });

  it('should keep serving the console (same-site, same-origin), a typed address and programs without the header', async () => {
    const before = await exports();
    for (const site of ['same-site', 'same-origin', 'none', undefined]) {
      const response = await get(AUDIT_CSV, site);
      expect(response.status, String(site)).toBe(200);
      expect(response.headers.get('content-type'), String(site)).toBe('text/csv; charset=utf-8');
      await response.arrayBuffer();
    }
    expect((await get(INVOICE_CSV, 'same-site')).status).toBe(200);
    expect((await get('/api/lawyer/queue', 'same-site')).status).toBe(200);
    expect(await exports()).toBe(before + 5);
  });
});
