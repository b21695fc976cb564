// Servicezeiten in the console (verwaltung/servicezeiten): an administrator enters a closure for today; the client's
// chat link then leads to the Servicezeiten page, which names the closure with its note and when the chat opens again;
// once the administrator removes the closure (after confirming), the same kind of link starts the chat again. This file
// runs its own server: a closure for today would close the chat for every other journey on a shared one.
import { ChatPage, Texts, newChatPath } from '../support/chatPage.js';
import { ConsolePage } from '../support/consolePage.js';
import { DESKTOP_VIEWPORT, attachServerLogOnFailure, test as base, expect, expectAccessible } from '../support/fixtures.js';
import { startServer, type ServerHandle } from '../support/server.js';
import { JOURNEY_BROWSER } from '../support/locale.js';

const test = base.extend<object, { hoursServer: ServerHandle }>({
  hoursServer: [
    // Playwright reads a fixture's dependencies from this destructuring pattern; this one has none.
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const server = await startServer({ env: { SERVICE_HOURS: 'always' } });
      await use(server);
      await server.stop();
    },
    { scope: 'worker', timeout: 90_000 },
  ],
  baseURL: async ({ hoursServer }, use) => {
    await use(hoursServer.webUrl);
  },
  serverLogOnFailure: async ({ hoursServer }, use, testInfo) => {
    await use();
    await attachServerLogOnFailure(hoursServer, testInfo);
  },
});

test.use({ viewport: DESKTOP_VIEWPORT });

/** Today in Berlin as the date field takes it ('YYYY-MM-DD') and as the pages write it ('24.12.2026'). */
function todayInBerlin(): { iso: string; german: string } {
  const iso = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin', year: 'numeric', month: '2-digit', day: '2-digit' }).format(Date.now());
  const [year, month, day] = iso.split('-');
  return { iso, german: `${day}.${month}.${year}` };
}

test('an administrator closes the chat for today with a note, the client sees it, and after removing it the chat starts again', async ({
  page,
  browser,
  hoursServer,
}) => {
  const today = todayInBerlin();
  const consolePage = new ConsolePage(page);
  const hours = page.getByRole('region', { name: 'Servicezeiten' });

  await test.step('the administrator opens Verwaltung → Servicezeiten: open now, the server default applies', async () => {
    await consolePage.open(hoursServer.webUrl);
    await consolePage.login(hoursServer.seed.lawyer.email, hoursServer.seed.lawyer.password);
    await page.getByRole('navigation', { name: 'Hauptnavigation' }).getByRole('link', { name: 'Servicezeiten' }).click();
    await expect(page).toHaveURL(/\/konsole\/verwaltung\/servicezeiten$/);
    await expect(hours.getByText('Die Chatberatung ist jetzt geöffnet.')).toBeVisible();
    await expect(hours.getByText(/Einstellung SERVICE_HOURS/)).toBeVisible();
    await expect(hours.getByText('Es sind keine Schließtage eingetragen.')).toBeVisible();
    await expectAccessible(page, 'service hours');
  });

  await test.step('the administrator enters a closure for today', async () => {
    const form = page.getByRole('form', { name: 'Schließtag eintragen' });
    await form.getByLabel('Erster Tag').fill(today.iso);
    await form.getByRole('textbox', { name: /Hinweis für Ratsuchende/ }).fill('Heiligabend');
    await form.getByRole('button', { name: 'Schließtag eintragen' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Der Schließtag „Heiligabend“ ist eingetragen.' })).toBeVisible();
    await expect(hours.getByText('Die Chatberatung ist jetzt geschlossen.')).toBeVisible();
    await expect(hours.getByText('Heute ist ein Schließtag: Heiligabend.')).toBeVisible();
    const row = page.getByRole('table', { name: 'Schließtage' }).getByRole('row').filter({ hasText: 'Heiligabend' });
    await expect(row).toContainText(today.german);
    await expect(row).toContainText('Dr. Anna Berger'); // the seed's administrator
    await expectAccessible(page, 'service hours with a closure');
  });

  const client = await browser.newContext({ ...JOURNEY_BROWSER, viewport: DESKTOP_VIEWPORT });
  try {
    const clientPage = await client.newPage();
    const link = () => `${hoursServer.webUrl}${newChatPath({ insuranceNumber: Buffer.from(`E2E-HOURS-${Date.now()}`).toString('base64') })}`;

    await test.step("the client's chat link leads to the Servicezeiten page, which names the closure and when it opens again", async () => {
      await clientPage.goto(link());
      await expect(clientPage).toHaveURL(/\/chat\/ausserhalb-dienstzeit$/);
      await expect(clientPage.getByRole('heading', { level: 1, name: 'Servicezeiten' })).toBeVisible();
      await expect(clientPage.getByText(`Am ${today.german} ist die Chatberatung geschlossen: Heiligabend.`)).toBeVisible();
      // "always": open again at the next midnight in Germany.
      await expect(clientPage.getByText(/Ab \w+, \d{2}\.\d{2}\.\d{4}, 00:00 Uhr sind wir wieder für Sie da\./)).toBeVisible();
      await expectAccessible(clientPage, 'closed for a closure day');
    });

    await test.step('the administrator removes the closure after confirming', async () => {
      await page.getByRole('button', { name: `Entfernen: Heiligabend (${today.german})` }).click();
      const dialog = page.getByRole('dialog', { name: 'Schließtag entfernen?' });
      await expect(dialog.getByRole('button', { name: 'Abbrechen' })).toBeFocused();
      await dialog.getByRole('button', { name: 'Schließtag entfernen' }).click();
      await expect(page.getByRole('status').filter({ hasText: 'Der Schließtag „Heiligabend“ ist entfernt.' })).toBeVisible();
      await expect(page.locator('#hours-closures-heading')).toBeFocused();
      await expect(hours.getByText('Die Chatberatung ist jetzt geöffnet.')).toBeVisible();
    });

    await test.step('the chat link starts the chat again, up to the queue', async () => {
      await clientPage.goto(link());
      const chat = new ChatPage(clientPage);
      await expect(chat.log).toContainText(Texts.welcome);
      await chat.onboardWithoutEmail('Mein Vermieter hat mir zu Weihnachten die Wohnung gekündigt, was kann ich tun?');
    });
  } finally {
    await client.close();
  }
});
