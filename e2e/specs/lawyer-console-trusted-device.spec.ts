// Someone who knows a lawyer's e-mail address fails on purpose until the account is locked: a browser the lawyer has
// never signed in with must wait, but the lawyer's own browser – which holds the trusted-device cookie of an earlier
// login – signs in at once. This file runs its own server, so the lock touches no other journey's lawyer.
import { attachServerLogOnFailure, collectConsoleErrors, test as base, DESKTOP_VIEWPORT, expect, expectAccessible } from '../support/fixtures.js';
import { JOURNEY_BROWSER } from '../support/locale.js';
import { ConsoleWorkspace } from '../support/consolePage.js';
import { startServer, type ServerHandle } from '../support/server.js';

const test = base.extend<object, { ownServer: ServerHandle }>({
  ownServer: [
    // Playwright reads a fixture's dependencies from this destructuring pattern; this one has none.
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const server = await startServer();
      await use(server);
      await server.stop();
    },
    { scope: 'worker', timeout: 90_000 },
  ],
  // Reports this file's own server, and keeps the shared one from starting for it.
  serverLogOnFailure: async ({ ownServer }, use, testInfo) => {
    await use();
    await attachServerLogOnFailure(ownServer, testInfo);
  },
});

test.use({ viewport: DESKTOP_VIEWPORT });

test("failures elsewhere lock the account for new browsers but not for the lawyer's own", async ({ browser, page, ownServer }) => {
  const { email, password } = ownServer.seed.lawyer;
  const mine = new ConsoleWorkspace(page);

  await test.step('the lawyer signs in and out in their own browser', async () => {
    await mine.open(ownServer.webUrl);
    await mine.login(email, password);
    await expect(mine.tab('Profil')).toBeVisible();
    // A deliberate sign-out is quiet: the console stops its hub connection before the session ends, so SignalR logs
    // no error about a connection the server closed.
    const consoleErrors = collectConsoleErrors(page);
    await page.getByRole('button', { name: 'Abmelden' }).click();
    await expect(page.getByRole('heading', { name: 'Anmeldung' })).toBeVisible();
    await page.waitForTimeout(500);
    expect(consoleErrors).toEqual([]);
  });

  await test.step('someone else sends wrong passwords until the account is locked', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const response = await fetch(`${ownServer.chatUrl}api/lawyer/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ Email: email, Password: `geraten-${i}` }),
      });
      statuses.push(response.status);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 429, 429]);
  });

  const otherContext = await browser.newContext({ ...JOURNEY_BROWSER, viewport: DESKTOP_VIEWPORT });
  try {
    await test.step('a browser the lawyer never used waits, with the right password too', async () => {
      const other = new ConsoleWorkspace(await otherContext.newPage());
      await other.open(ownServer.webUrl);
      await other.login(email, password);
      // The wait the server named (Retry-After, exposed to the console's origin), not a vague "einen Moment".
      await expect(other.page.getByText(/Zu viele fehlgeschlagene Anmeldeversuche\. Bitte versuchen Sie es in \d+ (Sekunden|Minuten?) erneut\./)).toBeVisible();
      await expectAccessible(other.page, 'Konsole: Anmeldung gesperrt');
    });
  } finally {
    await otherContext.close();
  }

  await test.step("the lawyer's own browser signs in at once", async () => {
    await mine.login(email, password);
    await expect(mine.tab('Profil')).toBeVisible();
  });
});
