// Textbausteine: an administrator creates one for the whole firm (Verwaltung → Textbausteine), a lawyer one of their
// own (Meine Textbausteine); in an accepted chat the lawyer, by keyboard only, opens „Textbaustein einfügen“, searches,
// chooses their template, which lands at the caret in the answer field without being sent, adds to it and sends; the
// client receives the whole text. The firm's template is offered to the lawyer too. Escape in the form dialog with
// typed input asks before discarding it; a message of 750 emoji fits the answer field and reaches the client. This
// file runs its own server, so the templates and the second lawyer's session touch no other journey.
import type { Locator, Page } from '@playwright/test';
import { ChatPage, uniqueProblem } from '../support/chatPage.js';
import { ConsolePage } from '../support/consolePage.js';
import { DESKTOP_VIEWPORT, PHONE_VIEWPORT, attachServerLogOnFailure, test as base, expect, expectAccessible } from '../support/fixtures.js';
import { startServer, type ServerHandle } from '../support/server.js';
import { JOURNEY_BROWSER } from '../support/locale.js';

const test = base.extend<object, { templatesServer: ServerHandle }>({
  templatesServer: [
    // Playwright reads a fixture's dependencies from this destructuring pattern; this one has none.
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const server = await startServer({ env: { SERVICE_HOURS: 'always' } });
      await use(server);
      await server.stop();
    },
    { scope: 'worker', timeout: 90_000 },
  ],
  baseURL: async ({ templatesServer }, use) => {
    await use(templatesServer.webUrl);
  },
  serverLogOnFailure: async ({ templatesServer }, use, testInfo) => {
    await use();
    await attachServerLogOnFailure(templatesServer, testInfo);
  },
});

test.use({ viewport: DESKTOP_VIEWPORT });

/** The seed's second lawyer: no administrator. */
const PLAIN_LAWYER = 'markus.hoffmann@demo.rechtschat.de';

/** Presses Tab until the focus is on `target` (at most 30 times). */
async function tabTo(page: Page, target: Locator): Promise<void> {
  for (let i = 0; i < 30; i++) {
    await page.keyboard.press('Tab');
    if (await target.evaluate((element) => element === document.activeElement)) return;
  }
  throw new Error(`Tab never reached ${target.toString()}`);
}

async function createTemplate(page: Page, title: string, text: string): Promise<void> {
  await page.getByRole('button', { name: 'Neuer Textbaustein' }).click();
  const dialog = page.getByRole('dialog', { name: 'Neuer Textbaustein' });
  await dialog.getByRole('textbox', { name: 'Titel' }).fill(title);
  await dialog.getByRole('textbox', { name: 'Text' }).fill(text);
  await dialog.getByRole('button', { name: 'Speichern' }).click();
  await expect(page.getByRole('status').filter({ hasText: `Der Textbaustein „${title}“ wurde angelegt.` })).toBeVisible();
  await expect(dialog).toHaveCount(0);
}

test('an administrator and a lawyer create Textbausteine; the lawyer inserts one by keyboard, adds to it and sends it', async ({
  page,
  browser,
  templatesServer,
}) => {
  const server = templatesServer;
  const firmText = 'Vielen Dank für Ihr Vertrauen. Ich wünsche Ihnen alles Gute.';
  const ownText = 'Bitte senden Sie mir den Mietvertrag als PDF.';

  await test.step('the administrator creates a template for the whole firm under Verwaltung → Textbausteine', async () => {
    const admin = new ConsolePage(page);
    await admin.open(server.webUrl);
    await admin.login(server.seed.lawyer.email, server.seed.lawyer.password);
    await page.getByRole('navigation', { name: 'Hauptnavigation' }).getByRole('link', { name: 'Textbausteine', exact: true }).click();
    await expect(page).toHaveURL(/\/konsole\/verwaltung\/textbausteine$/);
    await expect(page.getByRole('region', { name: 'Textbausteine der Kanzlei' }).getByText('Es gibt noch keine Textbausteine.')).toBeVisible();
    await createTemplate(page, 'Verabschiedung', firmText);
    await expect(page.getByRole('region', { name: 'Textbausteine der Kanzlei' }).getByText(firmText)).toBeVisible();
    await expectAccessible(page, 'firm text templates');
  });

  const lawyerContext = await browser.newContext({ ...JOURNEY_BROWSER, viewport: DESKTOP_VIEWPORT, baseURL: server.webUrl });
  const clientContext = await browser.newContext({ ...JOURNEY_BROWSER, viewport: PHONE_VIEWPORT, baseURL: server.webUrl });
  try {
    const lawyerPage = await lawyerContext.newPage();
    const lawyer = new ConsolePage(lawyerPage);
    const chat = new ChatPage(await clientContext.newPage());
    const problem = uniqueProblem('Mein Vermieter gibt die Kaution nicht zurück');

    await test.step('a lawyer (no administrator) creates a template of their own under Meine Textbausteine', async () => {
      await lawyer.open(server.webUrl);
      await lawyer.login(PLAIN_LAWYER, server.seed.lawyer.password);
      const nav = lawyerPage.getByRole('navigation', { name: 'Hauptnavigation' });
      await expect(nav.getByRole('link', { name: 'Textbausteine', exact: true })).toHaveCount(0);
      await nav.getByRole('link', { name: 'Meine Textbausteine' }).click();
      await expect(lawyerPage).toHaveURL(/\/konsole\/textbausteine$/);
      await createTemplate(lawyerPage, 'Bitte um Unterlagen', ownText);
      await expectAccessible(lawyerPage, 'own text templates');
    });

    await test.step('Escape in a dialog with typed input asks first: „Weiter bearbeiten“ keeps it, „Verwerfen“ closes', async () => {
      await lawyerPage.getByRole('button', { name: 'Neuer Textbaustein' }).click();
      const dialog = lawyerPage.getByRole('dialog', { name: 'Neuer Textbaustein' });
      const title = dialog.getByRole('textbox', { name: 'Titel' });
      await expect(title).toBeFocused();
      await lawyerPage.keyboard.type('Halb fertig');
      await lawyerPage.keyboard.press('Escape');
      const question = lawyerPage.getByRole('alertdialog', { name: 'Eingaben verwerfen?' });
      await expect(question.getByRole('button', { name: 'Weiter bearbeiten' })).toBeFocused();
      await expectAccessible(lawyerPage, 'discard question');
      await lawyerPage.keyboard.press('Escape');
      await expect(question).toHaveCount(0);
      await expect(title).toBeFocused();
      await expect(title).toHaveValue('Halb fertig');
      await lawyerPage.keyboard.press('Escape');
      await question.getByRole('button', { name: 'Verwerfen' }).click();
      await expect(dialog).toHaveCount(0);
      await expect(lawyerPage.getByText('Halb fertig')).toHaveCount(0);
      await lawyerPage.getByRole('navigation', { name: 'Hauptnavigation' }).getByRole('link', { name: 'Arbeitsplatz' }).click();
    });

    await test.step('the client waits in the queue and the lawyer accepts the chat', async () => {
      await chat.open(server.seed);
      await chat.onboardWithoutEmail(problem);
      await expect(async () => {
        await lawyerPage.getByRole('tab', { name: /Warteschlange/ }).click();
        await expect(lawyer.queueEntry(problem)).toBeVisible({ timeout: 2_000 });
      }).toPass({ timeout: 20_000 });
      await lawyer.queueEntry(problem).getByRole('button', { name: 'Annehmen' }).click();
      await expect(lawyer.messageInput).toBeFocused();
    });

    await test.step('by keyboard only: the template goes in at the caret, nothing is sent, the answer field has the focus again', async () => {
      await lawyerPage.keyboard.type('Guten Tag! ');
      const insert = lawyerPage.getByRole('button', { name: 'Textbaustein einfügen' });
      await tabTo(lawyerPage, insert);
      await lawyerPage.keyboard.press('Enter');
      const dialog = lawyerPage.getByRole('dialog', { name: 'Textbaustein einfügen' });
      const search = dialog.getByRole('searchbox', { name: 'Suchen' });
      await expect(search).toBeFocused();
      await expect(dialog.getByRole('region', { name: 'Meine Textbausteine' })).toContainText('Bitte um Unterlagen');
      await expect(dialog.getByRole('region', { name: 'Textbausteine der Kanzlei' })).toContainText('Verabschiedung');
      await expectAccessible(lawyerPage, 'insert text template dialog');
      await lawyerPage.keyboard.type('mietvertrag');
      await expect(dialog.getByRole('region', { name: 'Textbausteine der Kanzlei' })).toHaveCount(0);
      const choice = dialog.getByRole('button', { name: /Bitte um Unterlagen/ });
      await tabTo(lawyerPage, choice);
      await lawyerPage.keyboard.press('Enter');
      await expect(dialog).toHaveCount(0);
      await expect(lawyer.messageInput).toBeFocused();
      await expect(lawyer.messageInput).toHaveValue(`Guten Tag! ${ownText}`);
      await expect(chat.messages(ownText)).toHaveCount(0);
    });

    await test.step('the lawyer adds to the text at the caret and sends; the client receives it', async () => {
      await lawyerPage.keyboard.type(' Danke!');
      const sent = `Guten Tag! ${ownText} Danke!`;
      await expect(lawyer.messageInput).toHaveValue(sent);
      await lawyerPage.keyboard.press('Enter');
      await expect(lawyer.messageInput).toHaveValue('');
      await expect(chat.messages(sent)).toHaveCount(1);
      await expect(lawyer.log.getByText(sent, { exact: true })).toHaveCount(1);
      await expectAccessible(lawyerPage, 'console chat after a text template');
    });

    await test.step('750 emoji are a whole message: the field holds 750 (not 375), counts down to 0, and the client receives them', async () => {
      const emoji = '😀'.repeat(750);
      await lawyer.messageInput.fill(`${emoji}😀`);
      await expect(lawyer.messageInput).toHaveValue(emoji);
      await expect(lawyerPage.getByText(/Noch 0 Zeichen/)).toBeVisible();
      await lawyerPage.keyboard.press('Enter');
      await expect(lawyer.messageInput).toHaveValue('');
      await expect(chat.messages(emoji)).toHaveCount(1);
    });
  } finally {
    await clientContext.close();
    await lawyerContext.close();
  }
});
