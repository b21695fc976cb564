// The lawyer console in the browser: login, queue, accepting a chat, messages both ways, closing with a phone request.
import { ChatPage, Texts, uniqueProblem } from '../support/chatPage.js';
import { ConsolePage } from '../support/consolePage.js';
import { collectConsoleErrors, DESKTOP_VIEWPORT, expect, expectAccessible, PHONE_VIEWPORT, test } from '../support/fixtures.js';
import { announced } from '../support/liveRegion.js';
import { JOURNEY_BROWSER } from '../support/locale.js';

test.use({ viewport: DESKTOP_VIEWPORT });

test('a lawyer logs in to the console, accepts a waiting chat, advises and closes it with a phone request', async ({ page, browser, server }) => {
  const lawyer = new ConsolePage(page);
  // The participant browses in a context of their own, as on their own device.
  const participantContext = await browser.newContext({ ...JOURNEY_BROWSER, viewport: PHONE_VIEWPORT, baseURL: server.webUrl });
  const chat = new ChatPage(await participantContext.newPage());
  const problem = uniqueProblem('Mein Arbeitgeber zahlt die Überstunden nicht aus');
  try {
    await test.step('a wrong password is refused in German, the right one signs in', async () => {
      // Opening the console signed out logs no error: its "who am I" probe answers 200 null, not 401.
      const consoleErrors = collectConsoleErrors(page);
      await lawyer.open(server.webUrl);
      await expectAccessible(page, 'console login');
      expect(consoleErrors).toEqual([]);
      await lawyer.login(server.seed.lawyer.email, 'falsches-passwort');
      await expect(announced(page, 'Die Anmeldung ist fehlgeschlagen. Haben Sie die Zwei-Faktor-Anmeldung eingerichtet')).toBeVisible();
      await lawyer.login(server.seed.lawyer.email, server.seed.lawyer.password);
      // Chats still held from earlier journeys are restored and shown first.
      await page.getByRole('tab', { name: /Warteschlange/ }).click();
      await expect(lawyer.queue).toBeVisible();
      await expect(page.getByRole('button', { name: 'Abmelden' })).toBeVisible();
    });

    await test.step('a participant reaches the queue and the console shows the chat without reloading', async () => {
      await chat.open(server.seed);
      await chat.onboardWithoutEmail(problem);
      await expect(lawyer.queueEntry(problem)).toBeVisible();
      await expect(lawyer.queueEntry(problem)).toContainText(/wartet seit/);
      await expect(page.getByRole('tab', { name: /Rückrufe/ })).toBeVisible();
      await expectAccessible(page, 'console queue');
    });

    await test.step('the lawyer accepts and messages flow both ways as plain text', async () => {
      await lawyer.queueEntry(problem).getByRole('button', { name: 'Annehmen' }).click();
      // The problem comes from the queue entry; the case's stored messages follow in the log.
      await expect(page.getByRole('region', { name: 'Chat' })).toContainText(problem);
      await expect(lawyer.messageInput).toBeVisible();
      await expect(chat.queue).toBeHidden();

      const question = 'Wie viele <b>Überstunden</b> sind es?';
      await lawyer.messageInput.fill(question);
      await lawyer.messageInput.press('Enter');
      await expect(lawyer.messageInput).toHaveValue('');
      await expect(chat.messages(question)).toHaveCount(1);
      await expect(lawyer.log.getByText(question, { exact: true })).toHaveCount(1);

      // The participant's typing shows in the console before the message arrives.
      const reply = 'Etwa vierzig Stunden seit Januar.';
      await chat.messageInput.pressSequentially(reply);
      await expect(page.getByRole('status').filter({ hasText: 'Die ratsuchende Person schreibt …' })).toBeVisible();
      await chat.messageInput.press('Enter');
      await expect(lawyer.log.getByText(reply, { exact: true })).toHaveCount(1);
      await expectAccessible(page, 'console chat');

      // A long conversation: the log keeps the newest message in view while the lawyer reads the end.
      const atEnd = () => lawyer.log.evaluate((log) => log.scrollHeight > log.clientHeight && log.scrollTop + log.clientHeight >= log.scrollHeight - 2);
      for (let i = 1; i <= 8; i += 1) {
        await chat.messageInput.fill(`Ergänzung ${i}: die Abrechnung vom ${i}. Monat fehlt ebenfalls.`);
        await chat.messageInput.press('Enter');
        await expect(lawyer.log.getByText(`Ergänzung ${i}:`, { exact: false })).toHaveCount(1);
      }
      await expect.poll(atEnd).toBe(true);
      // Reading further up is left alone when the next message arrives.
      await lawyer.log.evaluate((log) => log.scrollTo({ top: 0 }));
      await chat.messageInput.fill('Noch eine Frage zum Urlaub.');
      await chat.messageInput.press('Enter');
      await expect(lawyer.log.getByText('Noch eine Frage zum Urlaub.')).toHaveCount(1);
      expect(await lawyer.log.evaluate((log) => log.scrollTop)).toBe(0);
      // The lawyer's own answer brings the end back into view.
      await lawyer.messageInput.fill('Dazu komme ich gleich.');
      await lawyer.messageInput.press('Enter');
      await expect(lawyer.log.getByText('Dazu komme ich gleich.')).toHaveCount(1);
      await expect.poll(atEnd).toBe(true);
    });

    await test.step('closing with a phone request starts the participant offboarding', async () => {
      await lawyer.button('Chat beenden und Telefonnummer erfragen').click();
      // Ending is final for the client: the console asks once more.
      await expect(page.getByRole('group', { name: /Chat zu Fall RC-[0-9A-Z_-]{8} wirklich beenden\?/ })).toBeVisible();
      await expectAccessible(page, 'console close confirmation');
      await lawyer.button('Ja, beenden und Telefonnummer erfragen').click();
      await expect(page.getByRole('status').filter({ hasText: 'Der Chat ist beendet.' })).toBeVisible();
      await chat.expectBotSays(Texts.offboardingWelcomeBack);
      await chat.expectBotSays(Texts.phoneRequested);
      await expect(chat.phoneInput).toBeVisible();
    });

    await test.step('back in the queue the chat is gone; logging out returns to the login', async () => {
      await lawyer.button('Tab schließen').click();
      // Keyboard users keep their place: focus moves to the tab now shown, not to the page.
      await expect(page.getByRole('tab', { selected: true })).toBeFocused();
      await expect(lawyer.queueEntry(problem)).toHaveCount(0);
      await lawyer.signOut();
    });
  } finally {
    await participantContext.close();
  }
});
