// A 1366 × 768 laptop leaves the browser a 1366 × 657 window (1280 × 720 a 1280 × 657 one). The workspace sat in an
// 852 px column there: the bot's facts above a 600 px log put the answer field two screens below the chat's heading,
// and the report stacked every chart above its table. Now the chat shows the facts and actions beside the log, every
// screen takes the window's width, and nothing scrolls sideways – the page as a whole, not only a table inside it.
import { ChatPage, uniqueProblem } from '../support/chatPage.js';
import { ConsoleWorkspace } from '../support/consolePage.js';
import { expect, expectAccessible, PHONE_VIEWPORT, test } from '../support/fixtures.js';
import { expectNoSidewaysScroll } from '../support/phone.js';
import { JOURNEY_BROWSER } from '../support/locale.js';

const LAPTOP = { width: 1366, height: 657 } as const;
const SMALL_LAPTOP = { width: 1280, height: 657 } as const;

test.use({ viewport: LAPTOP });

test('on a 1366 × 657 laptop window the chat has its answer field in view and the facts beside the log; chat, team, Protokoll and Berichte scroll not sideways, at 1280 px neither', async ({
  page,
  browser,
  server,
}) => {
  test.setTimeout(150_000);
  const lawyer = new ConsoleWorkspace(page);
  const clientContext = await browser.newContext({ ...JOURNEY_BROWSER, viewport: PHONE_VIEWPORT, baseURL: server.webUrl });
  const client = new ChatPage(await clientContext.newPage());
  // A German compound as clients write them: it widened the facts' column past the window (252 px sideways at 1366 px,
  // „Ändern“ beside the field of law out of sight) until a value could break inside a word (FactList).
  const problem = uniqueProblem(
    'Mein Vermieter will die Kaution nicht zurückzahlen, obwohl die Wohnungsübergabeprotokollunterzeichnungsbestätigungsschreiben vorliegen',
  );
  const navigation = page.getByRole('navigation', { name: 'Hauptnavigation' });
  try {
    await test.step('the chat: answer field and newest message in view, facts and actions beside the log', async () => {
      await lawyer.open(server.webUrl);
      await lawyer.login(server.seed.lawyer.email, server.seed.lawyer.password);
      await lawyer.showQueue();
      await expectNoSidewaysScroll(page, 'queue at 1366 px');
      await client.open(server.seed);
      await client.onboardWithoutEmail(problem);
      await lawyer.queueEntry(problem).getByRole('button', { name: 'Annehmen' }).click();

      await expect(lawyer.messageInput).toBeFocused();
      await expect(lawyer.log.getByText('Dr. Anna Berger ist dem Chat beigetreten.')).toBeVisible();
      await expect(lawyer.messageInput).toBeInViewport({ ratio: 1 });
      await expect(page.getByRole('button', { name: 'Senden', exact: true })).toBeInViewport({ ratio: 1 });
      await expect(lawyer.log.getByRole('listitem').last()).toBeInViewport();
      const question = 'Ist die Wohnung schon übergeben?';
      await client.sendMessage(question);
      await expect(lawyer.log.getByText(question, { exact: true })).toBeInViewport();
      await expect(lawyer.messageInput).toBeInViewport({ ratio: 1 });
      await expectNoSidewaysScroll(page, 'chat at 1366 px');
      const change = await page.getByRole('button', { name: 'Rechtsgebiet ändern' }).boundingBox();
      expect((change?.x ?? Infinity) + (change?.width ?? 0), '„Ändern“ beside the field of law within the window').toBeLessThanOrEqual(LAPTOP.width);

      // The side panel: the bot's facts and the chat's actions to the right of the log, not above and below it.
      const logBox = await lawyer.log.boundingBox();
      const factsBox = await page.getByRole('heading', { name: 'Angaben aus dem Chatbot' }).boundingBox();
      const actionsBox = await page.getByRole('group', { name: /^Aktionen für Fall RC-/ }).boundingBox();
      expect(logBox && factsBox && actionsBox).toBeTruthy();
      if (logBox && factsBox && actionsBox) {
        expect(factsBox.x, 'facts beside the log').toBeGreaterThanOrEqual(logBox.x + logBox.width);
        expect(actionsBox.x, 'actions beside the log').toBeGreaterThanOrEqual(logBox.x + logBox.width);
        // The log keeps most of the width for the conversation.
        expect(logBox.width).toBeGreaterThan(700);
      }
      // Each action's label on one line: no button grew to a stack of words.
      for (const name of ['Telefonnummer erfragen', 'Chat beenden']) {
        const box = await lawyer.button(name).boundingBox();
        expect(box?.height ?? 0, `${name}: one line`).toBeLessThan(44);
      }
      await expectAccessible(page, 'chat at 1366 × 657');

      await page.setViewportSize(SMALL_LAPTOP);
      await expectNoSidewaysScroll(page, 'chat at 1280 px');
      await lawyer.messageInput.scrollIntoViewIfNeeded();
      await expect(lawyer.messageInput).toBeInViewport({ ratio: 1 });
      await page.setViewportSize(LAPTOP);
    });

    await test.step('Team, Protokoll and Berichte: the page does not scroll sideways, the team table needs no scrolling of its own', async () => {
      for (const size of [LAPTOP, SMALL_LAPTOP]) {
        await page.setViewportSize(size);
        await navigation.getByRole('link', { name: 'Team' }).click();
        await expect(page.getByRole('table', { name: 'Anwältinnen und Anwälte der Kanzlei' })).toContainText('Markus Hoffmann');
        await expectNoSidewaysScroll(page, `team at ${size.width} px`);
        const region = page.getByRole('region', { name: 'Anwältinnen und Anwälte der Kanzlei' });
        expect(await region.evaluate((element) => element.scrollWidth - element.clientWidth), `team table at ${size.width} px`).toBeLessThanOrEqual(0);
        if (size === LAPTOP) await expectAccessible(page, 'team at 1366 × 657');

        await navigation.getByRole('link', { name: 'Protokoll' }).click();
        await expect(page.getByRole('button', { name: 'Filter anwenden' })).toBeVisible();
        await expectNoSidewaysScroll(page, `Protokoll at ${size.width} px`);

        await navigation.getByRole('link', { name: 'Berichte' }).click();
        await expect(page.getByRole('region', { name: /Tabelle/ }).first()).toBeVisible();
        await expectNoSidewaysScroll(page, `Berichte at ${size.width} px`);
      }
    });

    await test.step('the rows of views and chats stay on top, and nothing the keyboard focuses lies behind them', async () => {
      await page.setViewportSize(SMALL_LAPTOP);
      await navigation.getByRole('link', { name: 'Arbeitsplatz' }).click();
      await lawyer.tab('Profil').click();
      await expect(page.getByRole('button', { name: 'Passwort ändern' })).toBeVisible();
      // From the profile's end upwards, as a keyboard user goes back: each focused control below the rows, never under them.
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      await page.locator('#panel').locator('button, input, a[href]').last().focus();
      for (let step = 0; step < 14; step++) {
        await page.keyboard.press('Shift+Tab');
        const placement = await page.evaluate(() => {
          const focused = document.activeElement;
          const rows = [...document.querySelectorAll('[role="tablist"]')].map((list) => list.getBoundingClientRect().bottom);
          if (!(focused instanceof HTMLElement) || !focused.closest('#panel')) return null;
          return { top: focused.getBoundingClientRect().top, rowsBottom: Math.max(...rows), name: focused.textContent ?? focused.getAttribute('aria-label') };
        });
        if (placement) expect(placement.top, `„${placement.name}“ below the sticky rows`).toBeGreaterThanOrEqual(placement.rowsBottom - 1);
      }
      await expect(lawyer.tab(/Warteschlange/)).toBeInViewport();
      await page.setViewportSize(LAPTOP);
    });

    await test.step('the demo lawyer does not keep this chat for the journeys that follow', async () => {
      await page.setViewportSize(LAPTOP);
      await navigation.getByRole('link', { name: 'Arbeitsplatz' }).click();
      await lawyer.chatTab(problem).click();
      await lawyer.button('Chat beenden').click();
      await lawyer.button('Ja, Chat beenden').click();
      await expect(lawyer.statusText('Der Chat ist beendet.')).toBeVisible();
    });
  } finally {
    await clientContext.close();
  }
});
