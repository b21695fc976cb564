// The firm's name and imprint are runtime settings of the server (FIRM_NAME, IMPRINT_URL): the built apps show them
// without a rebuild – the web app's footer links the firm's imprint, the imprint page names the firm, the console
// header shows both. This file runs its own server with the two settings.
import { attachServerLogOnFailure, test as base, DESKTOP_VIEWPORT, expect, expectAccessible } from '../support/fixtures.js';
import { startServer, type ServerHandle } from '../support/server.js';

const FIRM = 'Kanzlei Muster & Partner';
const IMPRINT = 'https://kanzlei-muster.example/impressum';

const test = base.extend<object, { brandedServer: ServerHandle }>({
  brandedServer: [
    // Playwright reads a fixture's dependencies from this destructuring pattern; this one has none.
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const server = await startServer({ env: { FIRM_NAME: FIRM, IMPRINT_URL: IMPRINT } });
      await use(server);
      await server.stop();
    },
    { scope: 'worker', timeout: 90_000 },
  ],
  baseURL: async ({ brandedServer }, use) => {
    await use(brandedServer.webUrl);
  },
  // Reports this file's own server, and keeps the shared one from starting for it.
  serverLogOnFailure: async ({ brandedServer }, use, testInfo) => {
    await use();
    await attachServerLogOnFailure(brandedServer, testInfo);
  },
});

test.use({ viewport: DESKTOP_VIEWPORT });

test("the web app links the firm's imprint in its footer and names the firm on the imprint page", async ({ page }) => {
  await page.goto('/chat/datenschutz');
  const footer = page.getByRole('navigation', { name: 'Rechtliche Hinweise' });
  const imprint = footer.getByRole('link', { name: /^Impressum/ });
  await expect(imprint).toHaveAttribute('href', IMPRINT);
  await expect(imprint).toHaveAttribute('target', '_blank');

  await page.goto('/impressum');
  await expect(page.getByRole('heading', { level: 1, name: 'Impressum' })).toBeVisible();
  await expect(page.getByText(`Betreiber dieses Angebots: ${FIRM}`)).toBeVisible();
  await expect(page.getByRole('link', { name: /Zum Impressum des Betreibers/ })).toHaveAttribute('href', IMPRINT);
  await expectAccessible(page, 'Impressum mit Kanzleiname');
});

test('the console header names the firm and links its imprint on the login screen', async ({ page }) => {
  await page.goto('/konsole/');
  const header = page.getByRole('banner');
  await expect(header.getByText(FIRM)).toBeVisible();
  await expect(header.getByRole('link', { name: 'Impressum der Kanzlei' })).toHaveAttribute('href', IMPRINT);
  await expectAccessible(page, 'Konsole mit Kanzleiname');
});
