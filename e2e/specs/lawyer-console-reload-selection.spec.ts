// Outside-in D1: with two accepted chats, a reload of the console kept showing the first (oldest) one, and the
// lawyer's next message went to the wrong client. The selected chat now survives a reload of the tab, and tab,
// answer field and actions name the case they belong to. Finished chats no longer vanish on a reload: they come back
// as ended, read-only tabs (the last 12 hours) that say when they ended, and one whose tab the lawyer closed stays
// closed, also after signing out and in again. A view tab pressed while the held chats come back wins over them, and
// so does „Annehmen“ pressed in the queue: the click lands and takes that client.
import type { Browser, Page } from '@playwright/test';
import { ChatPage, uniqueProblem } from '../support/chatPage.js';
import { ConsoleWorkspace, sameChatTab } from '../support/consolePage.js';
import { DESKTOP_VIEWPORT, expect, expectAccessible, PHONE_VIEWPORT, test } from '../support/fixtures.js';
import type { ServerHandle } from '../support/server.js';
import { JOURNEY_BROWSER } from '../support/locale.js';

test.use({ viewport: DESKTOP_VIEWPORT });

async function clientPage(browser: Browser, server: ServerHandle): Promise<ChatPage> {
  const context = await browser.newContext({ ...JOURNEY_BROWSER, viewport: PHONE_VIEWPORT, baseURL: server.webUrl });
  return new ChatPage(await context.newPage());
}

test('after a reload the chat the lawyer worked in stays selected and the next message reaches that client', async ({ page, browser, server }) => {
  const lawyer = new ConsoleWorkspace(page);
  await lawyer.open(server.webUrl);
  await lawyer.login(server.seed.lawyer.email, server.seed.lawyer.password);
  await lawyer.showQueue();
  const clientA = await clientPage(browser, server);
  const clientB = await clientPage(browser, server);
  const clientC = await clientPage(browser, server);
  // Two problems that start alike: the first 28 characters alone cannot tell them apart.
  const problemA = uniqueProblem('Mein Nachbar parkt seit Wochen vor meiner Einfahrt');
  const problemB = uniqueProblem('Mein Nachbar parkt seit Wochen auf meinem Stellplatz');
  const problemC = uniqueProblem('Meine Vermieterin behält die Kaution ein');
  const selectedTab = page.getByRole('tab', { selected: true });
  try {
    let nameA = '';
    let nameB = '';
    let nameC = '';
    await test.step('the lawyer takes both chats; their tabs name different cases', async () => {
      await clientA.open(server.seed);
      await clientA.onboardWithoutEmail(problemA);
      await clientB.open(server.seed);
      await clientB.onboardWithoutEmail(problemB);
      await lawyer.queueEntry(problemA).getByRole('button', { name: 'Annehmen' }).click();
      await expect(lawyer.log).toBeVisible();
      // The chat's own tab is selected once it opened (the queue tab has no aria-label of this shape).
      const chatTabName = /^Chat \d+, Fall RC-[0-9A-Z_-]{8}, angenommen um \d\d:\d\d Uhr: Mein Nachbar parkt/;
      await expect(selectedTab).toHaveAttribute('aria-label', chatTabName);
      nameA = (await selectedTab.getAttribute('aria-label')) ?? '';
      await lawyer.tab(/Warteschlange/).click();
      await lawyer.queueEntry(problemB).getByRole('button', { name: 'Annehmen' }).click();
      await expect(selectedTab).toHaveAttribute('aria-label', chatTabName);
      await expect(selectedTab).not.toHaveAttribute('aria-label', nameA);
      nameB = (await selectedTab.getAttribute('aria-label')) ?? '';
      expect(nameA).toMatch(/^Chat \d+, Fall RC-[0-9A-Z_-]{8}, angenommen um \d\d:\d\d Uhr: Mein Nachbar parkt/);
      expect(nameB).toMatch(/^Chat \d+, Fall RC-[0-9A-Z_-]{8}, angenommen um \d\d:\d\d Uhr: Mein Nachbar parkt/);
      expect(nameA.match(/RC-[0-9A-Z_-]{8}/)?.[0]).not.toBe(nameB.match(/RC-[0-9A-Z_-]{8}/)?.[0]);
    });

    const referenceB = nameB.match(/RC-[0-9A-Z_-]{8}/)?.[0] ?? 'RC-?';
    await test.step('the lawyer works in the first chat, then chooses the second and reloads: the second stays selected', async () => {
      await page.getByRole('tab', { name: nameA, exact: true }).click();
      await expect(page.getByRole('tab', { name: nameA, exact: true })).toHaveAttribute('aria-selected', 'true');
      await page.getByRole('tab', { name: nameB, exact: true }).click();
      await expect(page.getByRole('tab', { name: nameB, exact: true })).toHaveAttribute('aria-selected', 'true');
      await page.reload();
      await expect(lawyer.log).toBeVisible();
      // After the reload the tab's number may differ (sameChatTab): the case, the time and the problem name the chat.
      await expect(page.getByRole('tab', { name: sameChatTab(nameB) })).toHaveAttribute('aria-selected', 'true');
      await expect(page.getByRole('tab', { name: sameChatTab(nameA) })).toHaveAttribute('aria-selected', 'false');
      await expect(page.getByRole('region', { name: 'Chat' })).toContainText(problemB);
      await expect(page.getByRole('textbox', { name: `Ihre Nachricht an Fall ${referenceB}` })).toBeVisible();
      await expect(page.getByRole('group', { name: `Aktionen für Fall ${referenceB}` })).toBeVisible();
      await expectAccessible(page, 'console after reload with two chats');
    });

    await test.step('a message sent after the reload reaches client B, not client A', async () => {
      const text = 'Danke. Nach dem Neuladen: Bitte machen Sie Fotos.';
      await lawyer.messageInput.fill(text);
      await lawyer.messageInput.press('Enter');
      await expect(clientB.messages(text)).toHaveCount(1);
      await expect(lawyer.log.getByText(text, { exact: true })).toHaveCount(1);
      expect(await clientA.countMessages(text)).toBe(0);
    });

    await test.step('a view pressed while the held chats come back opens on release, though a chat arrived in between', async () => {
      // The held chats are answered only once the lawyer pressed „Profil“: they arrive before the release, as they may
      // after a login. Before, the remembered chat then opened in front, took the focus and, once its history was in,
      // scrolled the page under the pointer – the release landed beside the tab and the click was lost.
      const heldChats = await holdHeldChats(page);
      await page.reload();
      const profile = lawyer.tab('Profil');
      await expect(profile).toBeVisible();
      const box = await profile.boundingBox();
      if (box === null) throw new Error('„Profil“ has no box');
      await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
      await page.mouse.down();
      const history = page.waitForResponse(/api\/chat\/message\/for-case\//);
      heldChats.release();
      await expect(page.getByRole('tab', { name: sameChatTab(nameB) })).toBeVisible();
      await history;
      // The chats wait in their tabs: neither the screen nor the focus was taken from the pressed tab.
      await expect(profile).toBeFocused();
      await expect(lawyer.log).toHaveCount(0);
      await page.mouse.up();
      await expect(profile).toHaveAttribute('aria-selected', 'true');
      await expect(page.getByRole('list', { name: 'Angemeldete Geräte' })).toBeVisible();
      await heldChats.stop();
    });

    await test.step('„Annehmen“ pressed in the queue while the held chats come back takes that client, though a chat arrived in between', async () => {
      await clientC.open(server.seed);
      await clientC.onboardWithoutEmail(problemC);
      // A chat is the remembered selection again: it would open in front when the held chats come back.
      await page.getByRole('tab', { name: sameChatTab(nameB) }).click();
      await expect(lawyer.log).toBeVisible();
      const heldChats = await holdHeldChats(page);
      await page.reload();
      const accept = lawyer.queueEntry(problemC).getByRole('button', { name: 'Annehmen' });
      await expect(accept).toBeEnabled();
      const box = await accept.boundingBox();
      if (box === null) throw new Error('„Annehmen“ has no box');
      await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
      await page.mouse.down();
      const histories = page.waitForResponse(/api\/chat\/message\/for-case\//);
      heldChats.release();
      await histories;
      // The held chats wait in their tabs: the queue, the pressed button and its place under the pointer stay.
      await expect(accept).toBeFocused();
      await expect(lawyer.log).toHaveCount(0);
      expect(await accept.boundingBox(), '„Annehmen“ has not moved under the pointer').toEqual(box);
      await page.mouse.up();
      await expect(lawyer.messageInput).toBeFocused();
      await expect(page.getByRole('region', { name: 'Chat' })).toContainText(problemC);
      nameC = (await selectedTab.getAttribute('aria-label')) ?? '';
      expect(nameC).toMatch(/^Chat \d+, Fall RC-[0-9A-Z_-]{8}, angenommen um \d\d:\d\d Uhr: Meine Vermieterin/);
      // The restored chats are there, in their tabs.
      await expect(page.getByRole('tab', { name: sameChatTab(nameA) })).toBeVisible();
      await expect(page.getByRole('tab', { name: sameChatTab(nameB) })).toBeVisible();
      await heldChats.stop();
    });

    // The demo lawyer should not keep these chats open for the journeys that follow.
    for (const name of [nameC, nameB, nameA]) {
      await page.getByRole('tab', { name: sameChatTab(name) }).click();
      await lawyer.button('Chat beenden').click();
      await lawyer.button('Ja, Chat beenden').click();
      await expect(lawyer.statusText('Der Chat ist beendet.')).toBeVisible();
      // When it ended, as a finished chat shown again after a reload says it too.
      await expect(page.getByText(/^Beendet am \d{1,2}\. \p{L}+ \d{4} um \d{2}:\d{2} Uhr\.$/u)).toBeVisible();
    }

    const referenceA = nameA.match(/RC-[0-9A-Z_-]{8}/)?.[0] ?? 'RC-?';
    await test.step('after another reload both finished chats are still there, ended and read-only, and stay closed once closed', async () => {
      await page.reload();
      const endedA = lawyer.endedChatTab(nameA);
      const endedB = lawyer.endedChatTab(nameB);
      await expect(endedA).toBeVisible();
      await expect(endedB).toBeVisible();
      // The lawyer was reading the first one when reloading: it is shown again, with what was said and how it ended.
      await expect(endedA).toHaveAttribute('aria-selected', 'true');
      await expect(page.getByRole('region', { name: 'Chat' })).toContainText(problemA);
      await expect(lawyer.statusText('Der Chat ist beendet.')).toBeVisible();
      await expect(page.getByText(/^Beendet am \d{1,2}\. \p{L}+ \d{4} um \d{2}:\d{2} Uhr\.$/u)).toBeVisible();
      // The reload took nothing away from the lawyer: the focus is not put on „Tab schließen“ (a stray Enter closed it).
      await expect(lawyer.button('Tab schließen')).not.toBeFocused();
      await expect(page.getByRole('textbox', { name: `Ihre Nachricht an Fall ${referenceA}` })).toHaveCount(0);
      await expect(page.getByRole('button', { name: 'Chat beenden' })).toHaveCount(0);
      // By keyboard to the other ended tab: the message sent after the first reload is there.
      await endedA.focus();
      await page.keyboard.press('ArrowRight');
      await page.keyboard.press('Enter');
      await expect(endedB).toHaveAttribute('aria-selected', 'true');
      await expect(lawyer.log.getByText('Danke. Nach dem Neuladen: Bitte machen Sie Fotos.', { exact: true })).toHaveCount(1);
      await expectAccessible(page, 'console after reload with finished chats');
      await lawyer.button('Tab schließen').click();
      await expect(endedB).toHaveCount(0);
      await page.reload();
      await expect(endedA).toBeVisible();
      await expect(endedB).toHaveCount(0);
    });

    await test.step('signed out and in again (lunch, an expired session), the closed tab stays closed', async () => {
      await lawyer.signOut();
      await lawyer.login(server.seed.lawyer.email, server.seed.lawyer.password);
      await expect(lawyer.endedChatTab(nameA)).toBeVisible();
      await expect(lawyer.endedChatTab(nameB)).toHaveCount(0);
    });
  } finally {
    await Promise.all([clientA.page.context().close(), clientB.page.context().close(), clientC.page.context().close()]);
  }
});

/**
 * Holds the console's read of the lawyer's held chats (`api/lawyer/chats`) until `release()`: they come back at the
 * moment the journey chooses – after a reload, while the lawyer is pressing a control – as they may after a login.
 */
async function holdHeldChats(page: Page): Promise<{ release(): void; stop(): Promise<void> }> {
  let release = () => undefined as void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const url = /api\/lawyer\/chats$/;
  await page.route(url, async (route) => {
    await released;
    await route.continue();
  });
  return { release: () => release(), stop: () => page.unroute(url) };
}
