// A message the server acknowledged survives a kill -9; the reconnecting client
// re-reads the case and shows every message exactly once; the chat goes on afterwards.
import { ChatPage, uniqueProblem } from '../support/chatPage.js';
import { expect, expectAccessible, PHONE_VIEWPORT, test } from '../support/fixtures.js';
import { LawyerDriver } from '../support/lawyer.js';

test.use({ viewport: PHONE_VIEWPORT });

test('after a server crash mid-chat the page reconnects, shows every message once and the chat goes on', async ({ page, server }) => {
  // Onboarding with the bot's pauses, an offline spell and a kill -9 with the server's restart: on a slow machine more
  // than the default 90 s.
  test.setTimeout(180_000);
  const chat = new ChatPage(page);
  const problem = uniqueProblem('Der Nachbar baut ohne Genehmigung an meine Grenze');
  const lawyer = await LawyerDriver.login(server.chatUrl, server.seed.lawyer);
  try {
    await chat.open(server.seed);
    await chat.onboardWithoutEmail(problem);
    const { ChatId: chatId, CaseId: caseId } = await lawyer.waitForQueuedChat(problem.slice(-12));
    await lawyer.accept(chatId);

    const before = { lawyer: 'Welche Höhe hat der Anbau?', participant: 'Etwa vier Meter, direkt an der Grenze.' };
    await lawyer.send(chatId, before.lawyer);
    await expect(chat.messages(before.lawyer)).toHaveCount(1);
    await chat.sendMessage(before.participant);
    await lawyer.waitForMessage(before.participant);

    const connectionNotice = (text: string) => page.getByRole('status').filter({ hasText: text });
    const reconnecting = connectionNotice('Die Verbindung wird wiederhergestellt …');
    await test.step('offline device: a notice right above the answer field says so at once and goes when the network is back', async () => {
      const offline = connectionNotice('Keine Verbindung. Ihre Nachrichten werden gesendet, sobald die Verbindung wieder besteht.');
      await page.context().setOffline(true);
      await expect(offline).toBeInViewport();
      await expect(chat.messageInput).toBeInViewport();
      await expectAccessible(page, 'offline');
      await page.context().setOffline(false);
      await expect(offline).toBeHidden();
      await expect(reconnecting).toBeHidden({ timeout: 45_000 });
    });

    await test.step('kill -9: the reconnect notice (icon and text) shows until the server is back', async () => {
      const restarted = server.restart();
      await expect(reconnecting).toBeVisible();
      await expect(reconnecting.locator('svg')).toBeVisible();
      await expectAccessible(page, 'reconnecting');
      await restarted;
      await expect(reconnecting).toBeHidden({ timeout: 45_000 });
    });

    await test.step('messages from before the crash are each shown exactly once', async () => {
      await expect(chat.messages(before.lawyer)).toHaveCount(1);
      await expect(chat.messages(before.participant)).toHaveCount(1);
    });

    const after = { lawyer: 'Ich prüfe jetzt den Bebauungsplan.', participant: 'Danke, ich warte auf Ihre Einschätzung.' };
    await test.step('messages after the restart flow both ways, once each', async () => {
      await lawyer.waitForReconnected();
      await lawyer.send(chatId, after.lawyer);
      await expect(chat.messages(after.lawyer)).toHaveCount(1);
      await chat.sendMessage(after.participant);
      await expect(chat.messages(after.participant)).toHaveCount(1);
      await lawyer.waitForMessage(after.participant);
      for (const text of [before.lawyer, before.participant, after.lawyer, after.participant]) {
        expect(await chat.countMessages(text), text).toBe(1);
      }
    });

    await test.step('opening the case route re-reads the stored case: still once each', async () => {
      await page.goto(`/chat/${caseId}`);
      for (const text of [before.lawyer, before.participant, after.lawyer, after.participant]) {
        await expect(chat.messages(text), text).toHaveCount(1);
      }
    });
  } finally {
    await lawyer.dispose();
  }
});
