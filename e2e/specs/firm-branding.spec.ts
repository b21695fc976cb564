// The firm's name and imprint are runtime settings of the server (FIRM_NAME, IMPRINT_URL): the built apps show them
// without a rebuild – the web app's footer links the firm's imprint, the imprint page names the firm, the console
// header shows both. An administrator's Kanzleiangaben (Verwaltung → Kanzlei) replace them on the Impressum at the
// next page load, without a restart. This file runs its own server with the two settings.
import { ConsolePage } from '../support/consolePage.js';
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
  await expect(page.getByRole('heading', { level: 2, name: 'Anbieter' })).toBeVisible();
  await expect(page.locator('address')).toContainText(FIRM);
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

test('an administrator saves the Kanzleiangaben in the console and the Impressum shows them', async ({ page, brandedServer }) => {
  const consolePage = new ConsolePage(page);
  const firm = page.getByRole('region', { name: 'Kanzlei' });

  await test.step('the administrator opens Verwaltung → Kanzlei and corrects the address', async () => {
    await consolePage.open(brandedServer.webUrl);
    await consolePage.login(brandedServer.seed.lawyer.email, brandedServer.seed.lawyer.password);
    await page.getByRole('navigation', { name: 'Hauptnavigation' }).getByRole('link', { name: 'Kanzlei' }).click();
    await expect(page).toHaveURL(/\/konsole\/verwaltung\/kanzlei$/);
    await expect(firm.getByRole('textbox', { name: /^Name der Kanzlei/ })).toHaveValue(FIRM);
    await firm.getByRole('textbox', { name: 'PLZ' }).fill('1011');
    await firm.getByRole('button', { name: 'Kanzleiangaben speichern' }).click();
    await expect(firm.getByRole('textbox', { name: 'PLZ' })).toBeFocused();
    await expect(firm.getByRole('textbox', { name: 'PLZ' })).toHaveAttribute('aria-invalid', 'true');
    await firm.getByRole('textbox', { name: 'PLZ' }).fill('20095');
    await firm.getByRole('textbox', { name: 'Ort' }).fill('Hamburg');
    await firm.getByRole('textbox', { name: 'Straße und Hausnummer' }).fill('Jungfernstieg 1');
    await firm
      .getByRole('textbox', { name: 'Zuständige Rechtsanwaltskammer' })
      .fill('Hanseatische Rechtsanwaltskammer Hamburg, Valentinskamp 88, 20355 Hamburg');
    await firm.getByRole('button', { name: 'Kanzleiangaben speichern' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Die Kanzleiangaben wurden gespeichert.' })).toBeVisible();
    await expect(firm.getByText(/Zuletzt geändert von Dr\. Anna Berger/)).toBeVisible();
    await expectAccessible(page, 'Kanzleiangaben');
  });

  await test.step('the Impressum names the saved address and chamber at the next page load', async () => {
    await page.goto('/impressum');
    await expect(page.locator('address')).toContainText('Jungfernstieg 1');
    await expect(page.locator('address')).toContainText('20095 Hamburg');
    await expect(page.getByText('Zuständige Rechtsanwaltskammer: Hanseatische Rechtsanwaltskammer Hamburg, Valentinskamp 88, 20355 Hamburg')).toBeVisible();
    await expect(page.getByRole('link', { name: /Zum Impressum des Betreibers/ })).toHaveAttribute('href', IMPRINT);
    await expectAccessible(page, 'Impressum mit Kanzleiangaben');
  });

  await test.step('„Server-Einstellungen verwenden“ discards the saved details after a question, and the Impressum follows', async () => {
    await page.goto('/konsole/verwaltung/kanzlei');
    await firm.getByRole('button', { name: 'Server-Einstellungen verwenden' }).click();
    const question = page.getByRole('dialog', { name: 'Gespeicherte Kanzleiangaben verwerfen?' });
    await expect(question.getByRole('button', { name: 'Abbrechen' })).toBeFocused();
    await expectAccessible(page, 'Rückfrage vor dem Zurücksetzen der Kanzleiangaben');
    await question.getByRole('button', { name: 'Angaben verwerfen' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Es gelten wieder die Server-Einstellungen' })).toBeVisible();
    await expect(firm.getByRole('textbox', { name: 'Straße und Hausnummer' })).toHaveValue('');
    await expect(firm.getByRole('button', { name: 'Server-Einstellungen verwenden' })).toHaveCount(0);
    await page.goto('/impressum');
    await expect(page.locator('address')).toContainText(FIRM);
    await expect(page.locator('address')).not.toContainText('Jungfernstieg 1');
  });
});
