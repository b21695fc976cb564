// Never lose a chat: a lost network is shown at once; a laptop that wakes from sleep is connected again within seconds
// (not at the next step of the reconnect schedule, up to 30 s later); after a kill -9 of the server mid-chat, the console
// shows that it reconnects (in view of the answer field), keeps the chat tab, shows every message once, and messages
// flow both ways again.
import { ChatPage, uniqueProblem } from '../support/chatPage.js';
import { ConsoleWorkspace } from '../support/consolePage.js';
import { DeviceNetwork } from '../support/deviceNetwork.js';
import { DESKTOP_VIEWPORT, expect, expectAccessible, PHONE_VIEWPORT, test } from '../support/fixtures.js';
import { JOURNEY_BROWSER } from '../support/locale.js';

test.use({ viewport: DESKTOP_VIEWPORT });

test('after a server crash mid-chat the console reconnects, keeps the chat and shows every message once', async ({ page, browser, server }) => {
  // The onboarding, 14 s of sleep and a kill -9 with the server's restart.
  test.setTimeout(150_000);
  const lawyer = new ConsoleWorkspace(page);
  const network = await DeviceNetwork.of(page);
  const clientContext = await browser.newContext({ ...JOURNEY_BROWSER, viewport: PHONE_VIEWPORT, baseURL: server.webUrl });
  const chat = new ChatPage(await clientContext.newPage());
  const problem = uniqueProblem('Mein Reiseveranstalter erstattet die Anzahlung nicht');
  try {
    await lawyer.open(server.webUrl);
    await lawyer.login(server.seed.lawyer.email, server.seed.lawyer.password);
    await lawyer.tab(/Warteschlange/).click();
    await chat.open(server.seed);
    await chat.onboardWithoutEmail(problem);
    await lawyer.queueEntry(problem).getByRole('button', { name: 'Annehmen' }).click();
    const before = { lawyer: 'Wann haben Sie die Reise storniert?', client: 'Am zwölften August, schriftlich.' };
    await lawyer.messageInput.fill(before.lawyer);
    await lawyer.messageInput.press('Enter');
    await expect(chat.messages(before.lawyer)).toHaveCount(1);
    await chat.sendMessage(before.client);
    await expect(lawyer.log.getByText(before.client, { exact: true })).toHaveCount(1);

    await test.step('the device loses its network: the console says so at once, in view of the answer field', async () => {
      // At the end of the chat, as a lawyer writing an answer is: the page scrolled under the sticky tab rows.
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      await page.context().setOffline(true);
      const offline = lawyer.statusText('Ihr Gerät hat keine Netzwerkverbindung');
      await expect(offline).toBeInViewport();
      // Seen, not only in the viewport: the tab rows, sticky at the same top, lay over it (outside-in pass 2026-12-07).
      const covered = await offline.evaluate((alert) => {
        const box = alert.getBoundingClientRect();
        const top = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
        return top !== null && !alert.contains(top) ? (top.textContent ?? top.tagName).slice(0, 60) : null;
      });
      expect(covered, 'the offline notice lies under another element').toBeNull();
      await expect(lawyer.messageInput).toBeInViewport();
      await page.context().setOffline(false);
      await expect(offline).toBeHidden();
    });

    await test.step('the laptop sleeps 14 s (network and socket gone) and wakes: connected again within seconds, with what the client wrote', async () => {
      await network.goOffline();
      await expect(lawyer.statusText('Ihr Gerät hat keine Netzwerkverbindung')).toBeVisible();
      const meanwhile = 'Ich habe die Stornobestätigung gefunden.';
      await chat.sendMessage(meanwhile);
      // The sleep itself, the journey's premise: past the reconnect's third attempt, the next one 30 s away.
      await page.waitForTimeout(14_000);
      await expect(lawyer.log.getByText(meanwhile, { exact: true })).toHaveCount(0);
      await network.goOnline();
      await expect(lawyer.statusText('Die Verbindung wird wiederhergestellt')).toBeHidden({ timeout: 5_000 });
      await expect(lawyer.log.getByText(meanwhile, { exact: true })).toHaveCount(1, { timeout: 5_000 });
    });

    await test.step('kill -9: the console says it reconnects, then the notice goes away', async () => {
      const restarted = server.restart();
      const notice = lawyer.statusText('Die Verbindung wird wiederhergestellt');
      await expect(notice).toBeVisible();
      // The lawyer was writing at the end of the chat, far below the top of the page: the notice is where they look.
      await expect(notice).toBeInViewport();
      await expectAccessible(page, 'console reconnecting');
      await restarted;
      await expect(notice).toBeHidden({ timeout: 45_000 });
      await expect(lawyer.statusText('Keine Verbindung')).toHaveCount(0);
    });

    await test.step('the chat tab stays, every message once; messages flow both ways again', async () => {
      await expect(lawyer.chatTab(problem)).toHaveAttribute('aria-selected', 'true');
      await expect(lawyer.log.getByText(before.lawyer, { exact: true })).toHaveCount(1);
      await expect(lawyer.log.getByText(before.client, { exact: true })).toHaveCount(1);
      const after = { lawyer: 'Dann steht Ihnen die Anzahlung zu.', client: 'Vielen Dank für die Auskunft.' };
      await lawyer.messageInput.fill(after.lawyer);
      await lawyer.messageInput.press('Enter');
      await expect(chat.messages(after.lawyer)).toHaveCount(1, { timeout: 45_000 });
      await chat.sendMessage(after.client);
      await expect(lawyer.log.getByText(after.client, { exact: true })).toHaveCount(1);
      await expect(lawyer.log.getByText(after.lawyer, { exact: true })).toHaveCount(1);
    });

    // The demo lawyer should not keep this chat open for the journeys that follow.
    await lawyer.button('Chat beenden').click();
    await lawyer.button('Ja, Chat beenden').click();
    await expect(lawyer.statusText('Der Chat ist beendet.')).toBeVisible();
  } finally {
    await clientContext.close();
  }
});
