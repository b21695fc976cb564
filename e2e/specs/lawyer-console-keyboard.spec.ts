// A lawyer's working day by keyboard only: every stop shows a clear focus ring (the mute switch's ring was as good as
// invisible, the others a faint ripple), Enter opens the file chooser on „Datei an die ratsuchende Person senden“ (it
// was a label that reacted to Space only) and the focus comes back to it once the file arrived, and the close
// confirmation starts on „Abbrechen“ and yields to Escape; „Zum Inhalt springen“ skips the navigation.
import type { Locator, Page } from '@playwright/test';
import { ChatPage, uniqueProblem } from '../support/chatPage.js';
import { ConsoleWorkspace } from '../support/consolePage.js';
import { DESKTOP_VIEWPORT, expect, expectAccessible, PHONE_VIEWPORT, test } from '../support/fixtures.js';
import { JOURNEY_BROWSER } from '../support/locale.js';

test.use({ viewport: DESKTOP_VIEWPORT });

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n', 'latin1');

/** The outline of the keyboard-focused control (for a switch or checkbox: its round base around the hidden input). */
async function focusRing(page: Page): Promise<{ name: string; style: string; width: number; color: string; background: string }> {
  return page.evaluate(() => {
    const focused = document.activeElement as HTMLElement;
    const ringed = (focused.closest('.Mui-focusVisible') as HTMLElement | null) ?? focused;
    const style = getComputedStyle(ringed);
    // The colour the ring is drawn on: the nearest ancestor with a background of its own (white page, blue header).
    let background = 'rgb(255, 255, 255)';
    for (let element = ringed.parentElement; element; element = element.parentElement) {
      const colour = getComputedStyle(element).backgroundColor;
      if (colour !== 'rgba(0, 0, 0, 0)' && colour !== 'transparent') {
        background = colour;
        break;
      }
    }
    return {
      name: focused.getAttribute('aria-label') ?? focused.textContent?.trim() ?? '',
      style: style.outlineStyle,
      width: parseFloat(style.outlineWidth),
      color: style.outlineColor,
      background,
    };
  });
}

async function expectRing(page: Page): Promise<void> {
  const ring = await focusRing(page);
  expect(ring.style, `focus ring of „${ring.name}“`).toBe('solid');
  expect(ring.width, `focus ring of „${ring.name}“`).toBeGreaterThanOrEqual(2);
  // A ring in the colour it is drawn on is no ring (white on the page: the switch's thumb, a contained button's text).
  expect(ring.color, `focus ring of „${ring.name}“`).not.toBe(ring.background);
}

/** Presses Tab until the focus is on `target` (at most 40 times), checking the ring at every button, link, tab and box. */
async function tabTo(page: Page, target: Locator): Promise<void> {
  for (let i = 0; i < 40; i++) {
    await page.keyboard.press('Tab');
    const control = await page.evaluate(() =>
      Boolean(document.activeElement?.matches('button, [role="tab"], input[type="checkbox"], .MuiButtonBase-root, .MuiButtonBase-root input')),
    );
    if (control) await expectRing(page);
    if (await target.evaluate((element) => element === document.activeElement)) return;
  }
  throw new Error(`Tab never reached ${target.toString()}`);
}

test('by keyboard only: a visible focus everywhere, a file by Enter, and a close confirmation that starts on „Abbrechen“', async ({
  page,
  browser,
  server,
}) => {
  const lawyer = new ConsoleWorkspace(page);
  const clientContext = await browser.newContext({ ...JOURNEY_BROWSER, viewport: PHONE_VIEWPORT, baseURL: server.webUrl });
  const chat = new ChatPage(await clientContext.newPage());
  const problem = uniqueProblem('Mein Vermieter hat die Nebenkostenabrechnung nicht geschickt');
  try {
    await test.step('sign in and reach the mute switch and the queue: every stop shows its ring', async () => {
      await lawyer.open(server.webUrl);
      await lawyer.login(server.seed.lawyer.email, server.seed.lawyer.password);
      await expect(lawyer.tab(/Warteschlange/)).toBeVisible();
      await expect(async () => {
        await lawyer.tab(/Warteschlange/).click();
        await expect(lawyer.queue).toBeVisible({ timeout: 2_000 });
      }).toPass({ timeout: 20_000 });
      await chat.open(server.seed);
      await chat.onboardWithoutEmail(problem);
      await expect(lawyer.queueEntry(problem)).toBeVisible();
      await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
      await tabTo(page, page.getByRole('link', { name: 'Berichte' }));
      await tabTo(page, page.getByRole('switch', { name: 'Ton bei neuen Chats stumm' }));
      await tabTo(page, lawyer.queueEntry(problem).getByRole('button', { name: 'Annehmen' }));
      await page.keyboard.press('Enter');
      await expect(lawyer.chatTab(problem)).toHaveAttribute('aria-selected', 'true');
      await expect(lawyer.messageInput).toBeFocused();
    });

    await test.step('Enter on „Datei an die ratsuchende Person senden“ opens the file chooser; the focus comes back there', async () => {
      const upload = page.getByRole('button', { name: 'Datei an die ratsuchende Person senden' });
      // Listening before the key press: Playwright then holds the chooser the page opens.
      const chooser = page.waitForEvent('filechooser');
      await tabTo(page, upload);
      await page.keyboard.press('Enter');
      await (await chooser).setFiles({ name: 'Merkblatt Nebenkosten.pdf', mimeType: 'application/pdf', buffer: PDF });
      await expect(chat.log.getByRole('button', { name: 'Merkblatt Nebenkosten.pdf herunterladen' })).toBeVisible();
      await expect(upload).toBeFocused();
      await expectRing(page);
    });

    await test.step('„Chat beenden“: the confirmation starts on „Abbrechen“, Escape cancels, Shift+Tab and Enter end the chat', async () => {
      await tabTo(page, page.getByRole('button', { name: 'Chat beenden', exact: true }));
      await page.keyboard.press('Enter');
      await expect(page.getByRole('button', { name: 'Abbrechen' })).toBeFocused();
      await expectAccessible(page, 'console close confirmation');
      await page.keyboard.press('Escape');
      await expect(page.getByRole('button', { name: 'Ja, Chat beenden' })).toHaveCount(0);
      await expect(page.getByRole('button', { name: 'Chat beenden', exact: true })).toBeFocused();
      await page.keyboard.press('Enter');
      await page.keyboard.press('Shift+Tab');
      await expect(page.getByRole('button', { name: 'Ja, Chat beenden' })).toBeFocused();
      await expectRing(page);
      await page.keyboard.press('Enter');
      await expect(lawyer.statusText('Der Chat ist beendet.')).toBeVisible();
      await expect(page.getByRole('button', { name: 'Tab schließen' })).toBeFocused();
    });

    await test.step('„Zum Inhalt springen“ lands below the navigation: the next Tab reaches the workspace, not the navigation', async () => {
      const skipLink = page.getByRole('link', { name: 'Zum Inhalt springen' });
      await skipLink.focus();
      await expect(skipLink).toBeVisible();
      await page.keyboard.press('Enter');
      await page.keyboard.press('Tab');
      const where = await page.evaluate(() => ({
        inMain: Boolean(document.activeElement?.closest('main')),
        inNavigation: Boolean(document.activeElement?.closest('nav')),
      }));
      expect(where).toEqual({ inMain: true, inNavigation: false });
      await expectRing(page);
    });
  } finally {
    await clientContext.close();
  }
});
