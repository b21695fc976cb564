// The start of most administration tests: the app's first lawyer becomes an administrator, and two clients sign in –
// one as that administrator, one as the second lawyer (who is not one), to show what a lawyer is refused; and the
// insurer and key an administrator creates for the insurer tests.
import type { Insurer, IssuedInsurerKey } from '@rechtschat/core';
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

/** Creates an insurer as the administrator (`POST api/admin/insurers`), expecting 201. */
export async function createInsurerAs(app: TestApp, admin: CookieClient, Name: string, DisplayName: string | null = null): Promise<Insurer> {
  const response = await admin.post<Insurer>(`${app.chatUrl}/api/admin/insurers`, { Name, DisplayName });
  expect(response.status).toBe(201);
  return response.body;
}

/** Creates a key of the insurer as the administrator, expecting 201: its kid and the secret shown once. */
export async function createKeyAs(app: TestApp, admin: CookieClient, insurerId: string): Promise<IssuedInsurerKey> {
  const response = await admin.post<IssuedInsurerKey>(`${app.chatUrl}/api/admin/insurers/${insurerId}/keys`);
  expect(response.status).toBe(201);
  return response.body;
}
