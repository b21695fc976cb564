// Case files for the journeys: each journey creates its own file through the real lawyer API
// (as a lawyer would), so lockouts and signatures of one journey never affect another.
import { randomInt } from 'node:crypto';
import { expect, type Page } from '@playwright/test';
import type { ServerHandle } from './server.js';

export interface CaseFileAccess {
  /** Path of the login page, e.g. /digitale-fallakte/<token>. */
  readonly path: string;
  readonly token: string;
  readonly pin: string;
  readonly title: string;
  /** The file's id in the lawyer API (`api/lawyer/case-files/{id}`). */
  readonly caseId: string;
}

/** `email`: the client's address, e.g. a long one that must wrap on a phone at 200 % zoom. */
export async function createCaseFile(server: ServerHandle, title = 'Mietminderung wegen Schimmel', email = 'erika@example.org'): Promise<CaseFileAccess> {
  const login = await fetch(`${server.chatUrl}api/lawyer/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ Email: server.seed.lawyer.email, Password: server.seed.lawyer.password }),
  });
  if (!login.ok) throw new Error(`lawyer login failed: ${login.status}`);
  const cookie = login.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const phone = `+49 151 2345${String(randomInt(0, 10_000)).padStart(4, '0')}`;
  const res = await fetch(`${server.chatUrl}api/lawyer/case-files`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', Cookie: cookie },
    body: JSON.stringify({
      FirstName: 'Erika',
      LastName: 'Musterfrau',
      Phone: phone,
      Email: email,
      Title: title,
      Description: 'Seit Monaten Schimmel im Schlafzimmer.',
      FieldOfLaw: 'Mietrecht',
    }),
  });
  if (!res.ok) throw new Error(`case file creation failed: ${res.status} ${await res.text()}`);
  const created = (await res.json()) as { CaseId: string; Url: string; Token: string; Pin: string };
  return { path: new URL(created.Url).pathname, token: created.Token, pin: created.Pin, title, caseId: created.CaseId };
}

/** A PIN that is certainly wrong for this file. */
export function wrongPin(access: CaseFileAccess): string {
  return access.pin === '0000' ? '1111' : '0000';
}

/**
 * The lock's button as a screen reader names it, a quarter of an hour in: „Gesperrt – noch 14 Minuten und 39 Sekunden“
 * (on screen „Gesperrt – noch 14:39“).
 */
export const LOCKED_NAME = /^Gesperrt – noch 1[45] Minuten( und \d\d? Sekunden?)?$/;

/** Fills the PIN (and the consents when they are shown) and submits with Enter. */
export async function submitPin(page: Page, pin: string): Promise<void> {
  const field = page.getByLabel(/PIN \(letzte vier Ziffern/);
  await field.fill(pin);
  const privacy = page.getByRole('checkbox', { name: /Datenschutzhinweise zur Kenntnis genommen/ });
  if (await privacy.isVisible()) {
    if (!(await privacy.isChecked())) await privacy.check();
    const terms = page.getByRole('checkbox', { name: /Ich akzeptiere die Nutzungsbedingungen/ });
    if (!(await terms.isChecked())) await terms.check();
  }
  await field.press('Enter');
}

/** Opens the login page and signs in; waits for the overview. */
export async function signIn(page: Page, access: CaseFileAccess): Promise<void> {
  await page.goto(access.path);
  await expect(page.getByRole('heading', { level: 1, name: 'Anmelden' })).toBeVisible();
  await submitPin(page, access.pin);
  await expect(page.getByRole('heading', { level: 1, name: 'Übersicht' })).toBeVisible();
}

/**
 * Waits for „Vollmacht gesendet“ after the signed Vollmacht was sent. The server answers once the PDF is drawn and
 * signed; the first document of a run starts the PDF worker from cold, which in the tsx-run server the journeys used
 * until 2026-12-07 took 4–24 s on a loaded two-core runner (docs/web.md, case-file section). The built server loads it
 * from its bundle; the form waits as long as the server needs, with its button busy, so the journey keeps the margin
 * for a loaded runner instead of failing at the default 15 s.
 */
export async function expectPowerOfAttorneySent(page: Page): Promise<void> {
  await expect(page.getByRole('heading', { level: 1, name: 'Vollmacht gesendet' })).toBeVisible({ timeout: 60_000 });
}
