// On a touch phone: one tap must not lose a request. "Abmelden" during the intake asks first (and
// staying keeps what was typed); Back from a second request that waits in the queue to the earlier, finished chat
// says that the new request still waits and leads back to it.
import { ChatPage, Texts, uniqueProblem } from '../support/chatPage.js';
import { expect, expectAccessible, test } from '../support/fixtures.js';
import { LawyerDriver } from '../support/lawyer.js';
import { expectFullyInView, PHONE_SIZES, touchPhone } from '../support/phone.js';

test.use(touchPhone);

test('"Abmelden" during the intake asks first, in view at every phone size; staying keeps the typed description', async ({ page, server }) => {
  const chat = new ChatPage(page);
  const typed = 'Mein Vermieter verlangt eine Nachzahlung von 900 Euro';
  await chat.open(server.seed);
  await chat.expectBotSays(Texts.problemNotice);
  await chat.messageInput.fill(typed);

  await page.getByRole('button', { name: 'Abmelden' }).tap();
  const dialog = page.getByRole('dialog', { name: 'Möchten Sie sich wirklich abmelden?' });
  await expect(dialog).toContainText('gehen Ihre bisherigen Angaben verloren');
  await expect(dialog.getByRole('button', { name: 'Im Chat bleiben' })).toBeFocused();
  await expectAccessible(page, 'logout question during the intake');
  for (const [name, size] of Object.entries(PHONE_SIZES)) {
    await page.setViewportSize(size);
    await expectFullyInView(page, dialog.getByRole('button', { name: 'Im Chat bleiben' }), `stay (${name})`);
    await expectFullyInView(page, dialog.getByRole('button', { name: 'Abmelden' }), `log out (${name})`);
  }
  await page.setViewportSize(PHONE_SIZES.portrait);

  await dialog.getByRole('button', { name: 'Im Chat bleiben' }).tap();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/chat\/new$/);
  await expect(chat.messageInput).toHaveValue(typed);
});

test('Back from a second request waiting in the queue to the finished first chat says it still waits and leads back to it', async ({ page, server }) => {
  const chat = new ChatPage(page);
  const first = uniqueProblem('Mein Arbeitgeber hat mir eine Abmahnung geschickt');
  const second = uniqueProblem('Meine Reise wurde kurzfristig abgesagt');
  const lawyer = await LawyerDriver.login(server.chatUrl, server.seed.lawyer);
  try {
    await chat.open(server.seed);
    await chat.onboardWithoutEmail(first);
    const queued = await lawyer.waitForQueuedChat(first.slice(-12));
    await lawyer.accept(queued.ChatId);
    await lawyer.close(queued.ChatId, false);

    await test.step('the finished chat offers a new consultation where the bot says one can start again', async () => {
      await chat.expectBotSays(Texts.offboardingWelcomeBack);
      // Phone and e-mail skipped, five stars: the shortest way to the end.
      await expect(chat.phoneInput).toBeVisible();
      await chat.button('Überspringen').tap();
      await expect(chat.emailInput).toBeVisible();
      await chat.button('Überspringen').tap();
      await page.locator('label').filter({ hasText: '5 Sterne' }).tap();
      await chat.button('Bewertung senden').tap();
      await expect(page.getByRole('status').filter({ hasText: Texts.chatDone })).toBeVisible();
      await page.getByRole('link', { name: 'Neue Beratung beginnen' }).tap();
    });

    await test.step('the second request waits in the queue', async () => {
      const usage = page.getByRole('dialog', { name: 'Nutzungsbestätigung' });
      await expect(usage).toBeVisible();
      await usage.getByRole('button', { name: 'Schließen' }).tap();
      await chat.expectBotSays(Texts.problemNotice);
      await chat.onboardWithoutEmail(second);
      await lawyer.waitForQueuedChat(second.slice(-12));
    });
    const secondUrl = page.url();

    await test.step('Back shows the earlier chat with the hint that the new request still waits', async () => {
      await page.goBack();
      await expect(page).toHaveURL(new RegExp(`/chat/${queued.CaseId}$`));
      await expect(chat.messages(first)).toHaveCount(1);
      const hint = page.getByRole('status').filter({ hasText: 'Sie warten noch auf die Beratung zu Ihrer neuen Anfrage.' });
      await expect(hint).toBeVisible();
      await expectAccessible(page, 'earlier chat with the hint of the waiting request');
      for (const [name, size] of Object.entries(PHONE_SIZES)) {
        await page.setViewportSize(size);
        await page.evaluate(() => window.scrollTo(0, 0));
        await expectFullyInView(page, hint.getByRole('link', { name: 'Zurück zu Ihrer Anfrage' }), `way back (${name})`);
      }
      await page.setViewportSize(PHONE_SIZES.portrait);
      await hint.getByRole('link', { name: 'Zurück zu Ihrer Anfrage' }).tap();
    });

    await test.step('the link leads into the waiting request', async () => {
      await expect(page).toHaveURL(secondUrl);
      await expect(chat.messages(second)).toHaveCount(1);
      await expect(chat.queue).toBeVisible();
    });
  } finally {
    await lawyer.dispose();
  }
});
