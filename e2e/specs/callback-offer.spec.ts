// After 59 s of waiting for a lawyer the participant is offered a callback instead.
import { ChatPage, pauseClock, Texts, uniqueProblem } from '../support/chatPage.js';
import { ConsoleWorkspace } from '../support/consolePage.js';
import { DESKTOP_VIEWPORT, expect, expectAccessible, PHONE_VIEWPORT, screenshotBothSizes, test } from '../support/fixtures.js';
import { expectGermanBrowser, JOURNEY_BROWSER } from '../support/locale.js';
import { LawyerDriver } from '../support/lawyer.js';

test.use({ viewport: PHONE_VIEWPORT });

test('a participant waiting 59 s for a lawyer is offered a callback and can arrange one', async ({ page, browser, server }) => {
  const chat = new ChatPage(page);
  const problem = uniqueProblem('Mein Arbeitgeber zahlt seit zwei Monaten keinen Lohn');
  // Fake timers from the first script on; time still flows, so the bot runs at its normal pace.
  await page.clock.install();
  await chat.open(server.seed);
  await chat.onboardWithoutEmail(problem);

  await test.step('no offer at 56 s, the offer at 59 s', async () => {
    // Paused, the page's time moves only with the test: real seconds on a slow machine do not count.
    await pauseClock(page);
    // The queue showed a moment before the pause: allow the page up to 2.5 real seconds for that.
    await page.clock.fastForward(56_000);
    await expect(page.getByText(Texts.callbackOffer)).toBeHidden();
    await page.clock.fastForward(3_000);
    await expect(chat.queue.getByText(Texts.callbackOffer)).toBeVisible();
    // axe-core and screenshots run on timers of their own.
    await page.clock.resume();
    await screenshotBothSizes(page, 'chat-waiting-callback-offer');
    await expectAccessible(page, 'waiting with callback offer');
  });

  await test.step('phone, day and slot are sent and confirmed', async () => {
    await chat.button('Rückruf vereinbaren').click();
    const form = page.getByRole('form', { name: 'Rückruf vereinbaren' });
    await expect(form).toBeVisible();
    // An empty phone number is refused next to its field.
    await form.getByRole('button', { name: 'Rückruf anfordern' }).click();
    await expect(form.getByRole('textbox', { name: 'Telefonnummer' })).toHaveAttribute('aria-invalid', 'true');
    await screenshotBothSizes(page, 'chat-callback-form');
    await expectAccessible(page, 'callback form');

    await form.getByRole('textbox', { name: 'Telefonnummer' }).fill('030 1234567');
    await expectGermanBrowser(page);
    const tomorrow = await page.evaluate(() => new Date(Date.now() + 86_400_000).toLocaleDateString('sv-SE', { timeZone: 'Europe/Berlin' }));
    const [year, month, day] = tomorrow.split('-');
    // Typed as a German client types it into the native field (TT.MM.JJJJ), day first – not filled with the ISO day,
    // which would pass in an English field too.
    const dateField = form.getByLabel('Wunschtermin');
    await dateField.focus();
    await page.keyboard.type(`${day}${month}${year}`);
    await expect(dateField).toHaveValue(tomorrow);
    await expect(form.getByText(`Gewählter Tag: ${day}.${month}.${year}`)).toBeVisible();
    await form.getByRole('radio', { name: /nachmittags/ }).check();
    await form.getByRole('button', { name: 'Rückruf anfordern' }).click();
    // chat/rueckruf: the confirmation page shows the number and the chosen time – the number not in the address (it
    // would stay in the browser's history), and a reload keeps showing it.
    await expect(page).toHaveURL(/\/chat\/rueckruf$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Ihr Rückruf ist vereinbart');
    const details = page.getByRole('region', { name: 'Ihre Angaben' });
    await expect(details).toContainText('030 1234567');
    await expect(details).toContainText('12:00–18:00 Uhr');
    await expectAccessible(page, 'callback confirmation');
    await page.reload();
    await expect(page.getByRole('region', { name: 'Ihre Angaben' })).toContainText('030 1234567');
  });

  await test.step('the callback reaches the lawyers with phone and availability', async () => {
    const lawyer = await LawyerDriver.login(server.chatUrl, server.seed.lawyer);
    try {
      const callbacks = await lawyer.callbacks();
      const [year, month, day] = (
        await page.evaluate(() => new Date(Date.now() + 86_400_000).toLocaleDateString('sv-SE', { timeZone: 'Europe/Berlin' }))
      ).split('-');
      const mine = callbacks.find((c) => c.Phone.replace(/\D/g, '').endsWith('301234567'));
      expect(mine?.Availability).toContain(`${day}.${month}.${year}`);
      expect(mine?.Availability).toContain('12:00–18:00 Uhr');
    } finally {
      await lawyer.dispose();
    }
  });

  await test.step('the lawyer takes it on, gives it back and takes it again, then marks it done; the list says who and when', async () => {
    const context = await browser.newContext({ ...JOURNEY_BROWSER, viewport: DESKTOP_VIEWPORT, baseURL: server.webUrl });
    try {
      const console_ = new ConsoleWorkspace(await context.newPage());
      await console_.open(server.webUrl);
      await console_.login(server.seed.lawyer.email, server.seed.lawyer.password);
      await console_.tab(/^Rückrufe/).click();
      const done = console_.page.getByRole('checkbox', { name: 'Rückruf an +49 30 1234567 erledigt' });
      await expect(done).not.toBeChecked();
      const entry = console_.page.getByRole('listitem').filter({ has: done });
      // Booked while waiting, before any lawyer took the chat: the firm's to take, and a lawyer takes it on (by keyboard,
      // as every control of the console), so no colleague calls the same client.
      await expect(entry).toContainText('Noch niemandem zugeordnet');
      const claim = entry.getByRole('button', { name: /^Rückruf an \+49 30 1234567 übernehmen/ });
      await claim.focus();
      await console_.page.keyboard.press('Enter');
      await expect(entry).toContainText('Von Ihnen übernommen');
      await expect(claim).toHaveCount(0);
      await expect(console_.page.getByRole('status').filter({ hasText: 'Sie haben den Rückruf an +49 30 1234567 übernommen' })).toHaveCount(1);
      // The button is gone; the focus is on the entry's done box.
      await expect(done).toBeFocused();
      // Taken by mistake: „Zurückgeben“ makes it nobody's again, and the focus lands on „Übernehmen“ to take it once more.
      await entry.getByRole('button', { name: /^Rückruf an \+49 30 1234567 zurückgeben/ }).click();
      await expect(entry).toContainText('Noch niemandem zugeordnet');
      await expect(claim).toBeFocused();
      await console_.page.keyboard.press('Enter');
      await expect(entry).toContainText('Von Ihnen übernommen');
      await expect(done).toBeFocused();
      // Space ticks it: the entry moves under „Erledigt“, the focus with it.
      await console_.page.keyboard.press('Space');
      await expect(done).toBeChecked();
      await expect(console_.page.getByRole('list', { name: 'Erledigt' })).toContainText('+49 30 1234567');
      await expect(done).toBeFocused();
      await expect(entry).toContainText(/Erledigt von Dr\. Anna Berger am \d\d\.\d\d\.\d{4}, \d\d:\d\d/);
      await expect(entry).not.toContainText('Noch niemandem zugeordnet');
      await expectAccessible(console_.page, 'callback taken on and marked done with who and when');
      // Undone, nobody is named as having done it (the box follows the server's list, so it is clicked and then checked);
      // it stays the lawyer's who took it on.
      await done.click();
      await expect(done).not.toBeChecked();
      await expect(entry).not.toContainText('Erledigt von');
      await expect(entry).toContainText('Von Ihnen übernommen');
    } finally {
      await context.close();
    }
  });
});
