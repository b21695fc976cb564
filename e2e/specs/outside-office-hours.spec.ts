// Outside office hours the insurer link leads to chat/ausserhalb-dienstzeit ('Servicezeiten').
// This file runs its own server whose only office hour is a minute two days from now.
import { attachServerLogOnFailure, test as base, expect, expectAccessible } from '../support/fixtures.js';
import { newChatPath } from '../support/chatPage.js';
import { startServer, type ServerHandle } from '../support/server.js';

const DAYS = ['Mo', 'Di', 'Mi', 'Do', 'Fr', 'Sa', 'So'] as const;
const GERMAN_WEEKDAYS = ['Montag', 'Dienstag', 'Mittwoch', 'Donnerstag', 'Freitag', 'Samstag', 'Sonntag'] as const;

/** ISO weekday index (0 = Monday) in Berlin, two days after now: never today, whatever the hour. */
function weekdayAfterTomorrowInBerlin(): number {
  const short = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Berlin', weekday: 'short' }).format(Date.now());
  const today = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'].indexOf(short);
  return (today + 2) % 7;
}

const openDay = weekdayAfterTomorrowInBerlin();

const test = base.extend<object, { closedServer: ServerHandle }>({
  closedServer: [
    // Playwright reads a fixture's dependencies from this destructuring pattern; this one has none.
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const server = await startServer({ env: { SERVICE_HOURS: `${DAYS[openDay]} 10:00-10:01` } });
      await use(server);
      await server.stop();
    },
    { scope: 'worker', timeout: 90_000 },
  ],
  baseURL: async ({ closedServer }, use) => {
    await use(closedServer.webUrl);
  },
  // Reports this file's own server, and keeps the shared one from starting for it.
  serverLogOnFailure: async ({ closedServer }, use, testInfo) => {
    await use();
    await attachServerLogOnFailure(closedServer, testInfo);
  },
});

test('outside office hours the insurer link leads to the Servicezeiten page instead of the chat', async ({ page, closedServer }) => {
  await page.goto(newChatPath(closedServer.seed));
  await expect(page).toHaveURL(/\/chat\/ausserhalb-dienstzeit$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Servicezeiten' })).toBeVisible();
  await expect(page.getByText('Derzeit ist die Rechtsberatung im Chat leider nicht besetzt.')).toBeVisible();
  const hours = page.getByRole('table', { name: 'Servicezeiten nach Wochentag' });
  // All seven days, Monday first; the days without hours say so.
  await expect(hours.getByRole('row')).toHaveCount(8);
  for (const [day, name] of GERMAN_WEEKDAYS.entries()) {
    await expect(hours.getByRole('row', { name })).toContainText(day === openDay ? '10:00 bis 10:01 Uhr' : 'geschlossen');
  }
  await expect(page.getByText('Alle Zeiten in deutscher Zeit.')).toBeVisible();
  // The link's login was refused before any session began: there is nothing to log out of.
  await expect(page.getByRole('button', { name: 'Abmelden' })).toBeHidden();
  await expect(page.getByRole('log', { name: 'Chatverlauf' })).toHaveCount(0);
  await expectAccessible(page, 'outside office hours');
});

test('outside office hours the server itself refuses the customer login', async ({ page, closedServer }) => {
  const response = await page.request.post('/api/authentication/customer', {
    data: { InsuranceNumber: closedServer.seed.insuranceNumber, AgreedPrivacy: true, AgreedTermsOfService: true },
    headers: { Origin: closedServer.webUrl },
  });
  expect(response.status()).toBe(403);
  expect(await response.json()).toMatchObject({ Error: 'OutsideServiceHours' });
});
