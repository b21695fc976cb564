// Journeys with LAWYER_MFA=required: a file-scoped server with the factor mandatory, and the enrolment at a first login.
import type { Page } from '@playwright/test';
import { attachServerLogOnFailure, test as base, expect, expectAccessible } from './fixtures.js';
import { startServer, type ServerHandle } from './server.js';
import { authenticatorCode } from './totp.js';

/**
 * `test` with a server of its own that requires the second factor (the shared demo server does not). Call it once per
 * spec file: each call defines a new worker fixture, so every file starts from a fresh server where the demo lawyers
 * have not set up a factor yet.
 */
export const testWithOwnMfaServer = () =>
  base.extend<object, { mfaServer: ServerHandle }>({
    mfaServer: [
      // Playwright reads a fixture's dependencies from this destructuring pattern; this one has none.
      // eslint-disable-next-line no-empty-pattern
      async ({}, use) => {
        const server = await startServer({ env: { LAWYER_MFA: 'required' } });
        await use(server);
        await server.stop();
      },
      { scope: 'worker', timeout: 90_000 },
    ],
    baseURL: async ({ mfaServer }, use) => {
      await use(mfaServer.webUrl);
    },
    // Reports this file's own server, and keeps the shared one from starting for it.
    serverLogOnFailure: async ({ mfaServer }, use, testInfo) => {
      await use();
      await attachServerLogOnFailure(mfaServer, testInfo);
    },
  });

/**
 * The enrolment screen after the password: the key by hand, the current code, then the ten recovery codes confirmed.
 * With `accessibilityContext`, the screen is checked with axe first.
 */
export async function enrolSecondFactor(page: Page, accessibilityContext?: string): Promise<void> {
  await expect(page.getByRole('heading', { name: 'Zwei-Faktor-Anmeldung einrichten' })).toBeVisible();
  const secret = (await page.getByRole('textbox', { name: 'Schlüssel für die manuelle Eingabe' }).inputValue()).replace(/\s/g, '');
  if (accessibilityContext !== undefined) await expectAccessible(page, `${accessibilityContext}: MFA enrolment`);
  await page.getByRole('textbox', { name: 'Sechsstelliger Code aus der App' }).fill(authenticatorCode(secret));
  await page.getByRole('button', { name: 'Einrichten und anmelden' }).click();
  const dialog = page.getByRole('dialog', { name: 'Wiederherstellungscodes' });
  await expect(dialog.getByRole('listitem')).toHaveCount(10);
  await dialog.getByRole('checkbox', { name: 'Ich habe die Wiederherstellungscodes sicher gespeichert.' }).check();
  await dialog.getByRole('button', { name: 'Fertig' }).click();
  await expect(dialog).toHaveCount(0);
}
