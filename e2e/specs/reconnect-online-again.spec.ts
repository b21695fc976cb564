// A phone that was offline for a while reconnects as soon as the network is back – not at the next step of the
// reconnect schedule (0, 2, 10, 30 s), which after an outage of a dozen seconds lay up to 30 s away – and the messages
// typed while offline reach the lawyer once each, in order.
import { ChatPage, uniqueProblem } from '../support/chatPage.js';
import { DeviceNetwork } from '../support/deviceNetwork.js';
import { expect, test } from '../support/fixtures.js';
import { LawyerDriver } from '../support/lawyer.js';
import { touchPhone } from '../support/phone.js';

test.use(touchPhone);

/**
 * How long the phone is offline: past the third attempt of the reconnect schedule (about 12 s after the loss), so that
 * without the online event the next attempt would come 30 s after that one – some 28 s after the network is back.
 */
const OFFLINE_MS = 14_000;
/** What "at once" may take here: the new connection, the rejoin and the resend – far below the schedule's 30 s step. */
const BACK_WITHIN_MS = 5_000;

test('back online after 14 s offline, the chat reconnects at once and delivers what was typed offline, once each and in order', async ({ page, server }) => {
  test.setTimeout(120_000);
  const chat = new ChatPage(page);
  const network = await DeviceNetwork.of(page);
  const problem = uniqueProblem('Meine Krankenkasse zahlt die Reha nicht');
  const lawyer = await LawyerDriver.login(server.chatUrl, server.seed.lawyer);
  try {
    await chat.open(server.seed);
    await chat.onboardWithoutEmail(problem);
    const { ChatId: chatId } = await lawyer.waitForQueuedChat(problem.slice(-12));
    await lawyer.accept(chatId);
    await lawyer.send(chatId, 'Wann kam der Bescheid?');
    await expect(chat.messages('Wann kam der Bescheid?')).toHaveCount(1);

    const offline = page.getByRole('status').filter({ hasText: 'Keine Verbindung.' });
    const reconnecting = page.getByRole('status').filter({ hasText: 'Die Verbindung wird wiederhergestellt …' });
    const typedOffline = ['Der Bescheid kam am Montag.', 'Ich habe schon Widerspruch eingelegt.'];
    const receivedByLawyer = () => lawyer.received.filter((m) => typedOffline.includes(m.Message)).map((m) => m.Message);

    await test.step('offline: the notice says so, and what is typed waits in the log', async () => {
      await network.goOffline();
      await expect(offline).toBeVisible();
      for (const text of typedOffline) await chat.sendMessage(text);
      for (const text of typedOffline) await expect(chat.messages(text)).toHaveCount(1);
      // The length of the outage, the journey's premise – not a wait for an outcome.
      await page.waitForTimeout(OFFLINE_MS);
      expect(receivedByLawyer()).toEqual([]);
    });

    await test.step('back online: connected again within seconds, and the lawyer has each message once, in order', async () => {
      await network.goOnline();
      await expect(offline).toBeHidden();
      await expect(reconnecting).toBeHidden({ timeout: BACK_WITHIN_MS });
      await expect.poll(receivedByLawyer, { timeout: BACK_WITHIN_MS }).toEqual(typedOffline);
      for (const text of typedOffline) await expect(chat.messages(text)).toHaveCount(1);
    });

    await test.step('the chat goes on both ways', async () => {
      await lawyer.send(chatId, 'Gut, dann warten wir die Antwort der Kasse ab.');
      await expect(chat.messages('Gut, dann warten wir die Antwort der Kasse ab.')).toHaveCount(1);
      await chat.sendMessage('Danke für Ihre Hilfe.');
      await lawyer.waitForMessage('Danke für Ihre Hilfe.');
      expect(receivedByLawyer()).toEqual(typedOffline);
    });

    await test.step('offline again while the lawyer ends the chat: what was typed says it was not delivered', async () => {
      const late = 'Eine letzte Frage noch zur Frist.';
      await network.goOffline();
      await expect(offline).toBeVisible();
      await chat.sendMessage(late);
      await expect(chat.messages(late)).toContainText('wird gesendet');
      await lawyer.close(chatId, false);
      await network.goOnline();
      await expect(chat.messages(late)).toContainText('nicht zugestellt, der Chat war bereits beendet', { timeout: BACK_WITHIN_MS });
      await expect(chat.messages(late)).not.toContainText('wird gesendet');
      expect(lawyer.received.map((m) => m.Message)).not.toContain(late);
    });
  } finally {
    await lawyer.dispose();
  }
});
