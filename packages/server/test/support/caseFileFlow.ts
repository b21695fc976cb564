// A case file through the real app: created by a lawyer on the chat host, used by the client on the web origin.
import type { CreateCaseFileResult } from '@rechtschat/core';
import { createLawyer } from '../../src/features/lawyer/lawyers.js';
import { CookieClient } from '../support/cookieClient.js';
import { LAWYER_PASSWORD, type TestApp } from '../support/testApp.js';

export async function loginLawyerHttp(app: TestApp, index = 0): Promise<CookieClient> {
  const lawyer = app.lawyers[index];
  if (!lawyer) throw new Error('no such lawyer');
  const http = new CookieClient();
  const login = await http.post(`${app.chatUrl}/api/lawyer/login`, { Email: lawyer.email, Password: lawyer.password });
  if (login.status !== 200) throw new Error(`lawyer login failed: ${login.status} ${login.text}`);
  return http;
}

export async function createCaseFileAsLawyer(app: TestApp, lawyer: CookieClient): Promise<CreateCaseFileResult> {
  const res = await lawyer.post<CreateCaseFileResult>(`${app.chatUrl}/api/lawyer/case-files`, {
    FirstName: 'Erika',
    LastName: 'Muster',
    Phone: '+49 151 23456789',
    Email: 'erika@example.org',
    Title: 'Kündigung',
  });
  if (res.status !== 200) throw new Error(`case file not created: ${res.status} ${res.text}`);
  return res.body;
}

/** Signs the client in with link token and PIN; the returned client carries the case-file cookie. */
export async function loginCaseFileClient(app: TestApp, created: CreateCaseFileResult, pin = created.Pin): Promise<{ client: CookieClient; status: number }> {
  const client = new CookieClient();
  const res = await client.post(`${app.webUrl}/api/case-file/login`, {
    LoginData: { Pin: pin, UrlToken: created.Token },
    AgreedPrivacyWithLawyer: true,
    AgreedTermsOfService: true,
  });
  return { client, status: res.status };
}

export function uploadForm(name: string, bytes: Uint8Array, type = 'application/pdf'): FormData {
  const form = new FormData();
  form.append('file', new Blob([bytes], { type }), name);
  return form;
}

/** The demo's two lawyers signed in, a case file the first (Anna) created, and its client signed in to it. */
export async function signedInCaseFile(
  app: TestApp,
): Promise<{ anna: CookieClient; markus: CookieClient; created: CreateCaseFileResult; client: CookieClient }> {
  const anna = await loginLawyerHttp(app, 0);
  const markus = await loginLawyerHttp(app, 1);
  const created = await createCaseFileAsLawyer(app, anna);
  const login = await loginCaseFileClient(app, created);
  if (login.status !== 204) throw new Error(`the client's login answered ${login.status}`);
  return { anna, markus, created, client: login.client };
}

/** A third lawyer of the firm, Clara Admin, with the admin role, signed in on the chat host: her id and her client. */
export async function signedInAdmin(app: TestApp): Promise<{ id: string; client: CookieClient }> {
  const email = 'clara@test.example';
  const row = await createLawyer(app.ctx.db, app.ctx.clock, {
    email,
    name: 'Clara Admin',
    gender: 'female',
    password: LAWYER_PASSWORD,
    phone: '+49301234567',
    role: 'admin',
  });
  const client = new CookieClient();
  const login = await client.post(`${app.chatUrl}/api/lawyer/login`, { Email: email, Password: LAWYER_PASSWORD });
  if (login.status !== 200) throw new Error(`admin login: ${login.status}`);
  return { id: row.id, client };
}
