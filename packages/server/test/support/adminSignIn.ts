// The start of most administration tests: the app's first lawyer becomes an administrator, and two clients sign in –
// one as that administrator, one as the second lawyer (who is not one), to show what a lawyer is refused.
import { expect } from 'vitest';
import type { CookieClient } from './cookieClient.js';
import type { TestApp } from './testApp.js';

export async function signInAdminAndLawyer(app: TestApp, admin: CookieClient, lawyer: CookieClient): Promise<void> {
  const [first, second] = app.lawyers;
  if (first === undefined || second === undefined) throw new Error('the test app seeds two lawyers');
  await app.ctx.db.updateTable('lawyers').set({ role: 'admin' }).where('id', '=', first.id).execute();
  expect((await admin.post(`${app.chatUrl}/api/lawyer/login`, { Email: first.email, Password: first.password })).status).toBe(200);
  expect((await lawyer.post(`${app.chatUrl}/api/lawyer/login`, { Email: second.email, Password: second.password })).status).toBe(200);
}
