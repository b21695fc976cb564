// On a touch phone: the problem and the rating are asked once each, today's messages carry the time
// only, the rating comment is shown back, "Neue Beratung beginnen" follows the end, and the usage-confirmation dialog
// says what the document is for; the waiting client sees their place in the queue; the closing words name the lawyer and say where the protocol goes:
// first a confirmation mail to the address typed in the intake, whose link – opened on another device after it expired –
// sends a new link to the same address, which sends the protocol.
import { ChatPage, Texts, uniqueProblem } from '../support/chatPage.js';
import { expect, expectAccessible, test } from '../support/fixtures.js';
import { JOURNEY_BROWSER } from '../support/locale.js';
import { LawyerDriver } from '../support/lawyer.js';
import { mailsTo } from '../support/outbox.js';
import { confirmationLinkTo, confirmProtocolLink, expireConfirmationLinks, renewExpiredLink } from '../support/protocolConfirmation.js';
import { expectFullyInView, PHONE_SIZES, touchPhone } from '../support/phone.js';

test.use(touchPhone);

test('feedback at the end: no repeated questions, time-only stamps, the comment shown back, a new consultation offered and explained', async ({
  page,
  server,
}) => {
  const chat = new ChatPage(page);
  const problem = uniqueProblem('Mein Fitnessstudio bucht nach der Kündigung weiter ab');
  const lawyer = await LawyerDriver.login(server.chatUrl, server.seed.lawyer);
  try {
    await chat.open(server.seed);
    await chat.expectBotSays(Texts.problemNotice);
    await expect(chat.log.getByRole('listitem').filter({ hasText: 'Was ist passiert' })).toHaveCount(1);
    // Today's messages: "14:05", not "28.11.2026, 14:05".
    await expect(chat.log.locator('time').first()).toHaveText(/^\d{2}:\d{2}$/);

    await chat.onboardWithoutEmail(problem);
    // While waiting, the place in the queue the server reports (the journey's server may hold other waiting chats, and
    // when other journeys took five chats, the expected wait follows; phone-chat-queue-wait checks both exactly).
    await expect(
      page.getByRole('status').filter({
        hasText:
          /^Ihre Anfrage ist (als Nächste an der Reihe|an Position \d+ der Warteschlange)\.( Voraussichtliche Wartezeit: etwa (eine Minute|\d+ Minuten)\.)?$/,
      }),
    ).toBeVisible();
    const queued = await lawyer.waitForQueuedChat(problem.slice(-12));
    await lawyer.accept(queued.ChatId);
    await lawyer.close(queued.ChatId, false);
    await expect(chat.phoneInput).toBeVisible();
    await chat.button('Überspringen').tap();
    await expect(chat.emailInput).toBeVisible();
    await chat.button('Überspringen').tap();

    await test.step('the rating is asked once and its comment shown back', async () => {
      await expect(page.getByText(Texts.ratingLegend, { exact: true })).toBeVisible();
      await expect(chat.log).not.toContainText('Wie zufrieden');
      await page.locator('label').filter({ hasText: '4 Sterne' }).tap();
      await page.getByRole('textbox', { name: 'Ihr Kommentar (optional)' }).fill('Sehr verständlich erklärt.');
      await chat.button('Bewertung senden').tap();
      await expect(chat.messages('4 von 5 Sternen – Kommentar: „Sehr verständlich erklärt.“')).toHaveCount(1);
    });

    await test.step('"Neue Beratung beginnen" where one can start again, in view at every size', async () => {
      await expect(page.getByRole('status').filter({ hasText: Texts.chatDone })).toBeVisible();
      const again = page.getByRole('link', { name: 'Neue Beratung beginnen' });
      for (const [name, size] of Object.entries(PHONE_SIZES)) {
        await page.setViewportSize(size);
        await again.scrollIntoViewIfNeeded();
        await expectFullyInView(page, again, `new consultation (${name})`);
      }
      await page.setViewportSize(PHONE_SIZES.portrait);
      await expectAccessible(page, 'end of the chat with a new consultation offered');
      await again.tap();
    });

    await test.step('the usage-confirmation dialog says what it is for', async () => {
      const dialog = page.getByRole('dialog', { name: 'Nutzungsbestätigung' });
      await expect(dialog).toContainText('Sie bestätigt, dass Sie die Rechtsberatung an diesem Tag genutzt haben');
      await expectAccessible(page, 'usage-confirmation dialog');
      await dialog.getByRole('button', { name: 'Schließen' }).tap();
      await chat.expectBotSays(Texts.problemNotice);
      await expect(chat.messages(problem)).toHaveCount(0);
    });
  } finally {
    await lawyer.dispose();
  }
});

test('the closing words name the lawyer and say where the protocol goes when the address came with the request, whose expired link is renewed', async ({
  page,
  server,
  browser,
}) => {
  const chat = new ChatPage(page);
  const problem = uniqueProblem('Mein Vermieter behält die Kaution seit einem Jahr ein');
  const email = `protokoll-${Date.now().toString(36)}@example.org`;
  const lawyer = await LawyerDriver.login(server.chatUrl, server.seed.lawyer);
  try {
    await chat.open(server.seed);
    await chat.sendMessage(problem);
    await chat.sendEmail(email);
    await chat.expectBotSays(`Ist die E-Mail-Adresse ${email} richtig?`);
    await chat.button('Ja').tap();
    await chat.expectWaitingForLawyer();
    const queued = await lawyer.waitForQueuedChat(problem.slice(-12));
    await lawyer.accept(queued.ChatId);
    await lawyer.close(queued.ChatId, false);

    await chat.expectBotSays('Die Beratung mit Dr. Anna Berger ist beendet. Vielen Dank für Ihr Vertrauen.');
    await expect(chat.phoneInput).toBeVisible();
    await chat.button('Überspringen').tap();
    // Said only because it is true: the address was only retyped, so the server sent its confirmation mail first.
    await chat.expectBotSays(
      `Wir haben Ihnen an ${email} eine E-Mail geschickt. Bitte bestätigen Sie darin Ihre Adresse, dann senden wir Ihnen das Protokoll dieser Beratung als PDF.`,
    );
    const link = await confirmationLinkTo(server.dataDir, email);
    expect(mailsTo(server.dataDir, email)).toHaveLength(1);
    // The address is not asked for a second time.
    await expect(page.getByText(Texts.ratingLegend, { exact: true })).toBeVisible();
    await expect(chat.emailInput).toHaveCount(0);
    await expectAccessible(page, 'closing words with the lawyer named and the protocol address');
    // The mail is read on another device, without the chat's session, but only after its 48 hours: the expired link's
    // page sends a new one to the same address, and that link alone sends the protocol.
    expireConfirmationLinks(server.dataDir, email);
    const otherDevice = await browser.newContext({ ...touchPhone, ...JOURNEY_BROWSER });
    try {
      const reader = await otherDevice.newPage();
      const renewed = await renewExpiredLink(reader, link, email, server.dataDir);
      await confirmProtocolLink(reader, renewed, email, server.dataDir);
    } finally {
      await otherDevice.close();
    }
  } finally {
    await lawyer.dispose();
  }
});
