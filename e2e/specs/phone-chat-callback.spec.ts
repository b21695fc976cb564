// On a touch phone: "Rückruf vereinbaren" brings the form into view with the phone field focused and
// the chat's own input hidden (portrait, 320 px, landscape); a booked callback leaves the lawyers' live queue.
import { ChatPage, pauseClock, uniqueProblem } from '../support/chatPage.js';
import { expect, expectAccessible, test } from '../support/fixtures.js';
import { LawyerDriver } from '../support/lawyer.js';
import { expectFullyInView, PHONE_SIZES, touchPhone } from '../support/phone.js';

test.use(touchPhone);

test('the callback form comes into view without the chat input, and the booked callback leaves the live queue', async ({ page, server }) => {
  const chat = new ChatPage(page);
  const problem = uniqueProblem('Mein Arbeitgeber zahlt seit zwei Monaten keinen Lohn');
  const lawyer = await LawyerDriver.login(server.chatUrl, server.seed.lawyer);
  try {
    await page.clock.install();
    await chat.open(server.seed);
    await chat.onboardWithoutEmail(problem);
    const queued = await lawyer.waitForQueuedChat(problem.slice(-12));
    await pauseClock(page);
    await page.clock.fastForward(59_000);
    await page.clock.resume();

    const form = page.getByRole('form', { name: 'Rückruf vereinbaren' });
    const phone = form.getByRole('textbox', { name: 'Telefonnummer' });
    for (const [name, size] of Object.entries(PHONE_SIZES)) {
      await test.step(`${name}: the form's phone field in view and focused, no chat input`, async () => {
        await page.setViewportSize(size);
        await chat.button('Rückruf vereinbaren').tap();
        await expect(phone).toBeFocused();
        await expectFullyInView(page, phone, `phone field (${name})`);
        await expect(chat.messageInput).toBeHidden();
        await expect(chat.button('Senden')).toBeHidden();
        if (name === 'portrait') await expectAccessible(page, 'callback form on a phone');
        await form.getByRole('button', { name: 'Abbrechen' }).tap();
        await expect(chat.messageInput).toBeVisible();
      });
    }

    await test.step('booked: the confirmation, and the chat is gone from the lawyers’ queue', async () => {
      await page.setViewportSize(PHONE_SIZES.portrait);
      await chat.button('Rückruf vereinbaren').tap();
      await phone.fill('0151 23456789');
      await form.getByRole('button', { name: 'Rückruf anfordern' }).tap();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Ihr Rückruf ist vereinbart');
      await expect(page.getByRole('region', { name: 'Ihre Angaben' })).toContainText('0151 23456789');
      await expect.poll(async () => (await lawyer.queue()).map((q) => q.ChatId)).not.toContain(queued.ChatId);
      expect((await lawyer.callbacks()).some((c) => c.ChatId === queued.ChatId)).toBe(true);
    });
  } finally {
    await lawyer.dispose();
  }
});
