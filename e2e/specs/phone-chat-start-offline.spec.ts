// On a touch phone: the network goes as the intake hands the request over („Ich leite Ihr Anliegen jetzt weiter.“). The
// chat has not begun, so the page must not say it ended („Der Chat ist beendet. Vielen Dank, …“ with „Neue Beratung
// beginnen“ showed while StartChat waited and for good after it failed); the failure says to reload and offers the
// button for it, and once the phone is back online the page sends the request again by itself: it reaches the queue
// without the reload.
import { ChatPage, Texts, uniqueProblem } from '../support/chatPage.js';
import { DeviceNetwork } from '../support/deviceNetwork.js';
import { expect, expectAccessible, test } from '../support/fixtures.js';
import { LawyerDriver } from '../support/lawyer.js';
import { touchPhone } from '../support/phone.js';

test.use(touchPhone);

/** StartChat waits this long for the hub to come back (RECONNECT_WAIT_MS of the hub adapter, 35 s), then fails. */
const START_GIVES_UP_MS = 35_000;

test('offline as the intake hands the request over: no „chat ended“, a failure with „Seite neu laden“, and back online it starts by itself', async ({
  page,
  server,
}) => {
  test.setTimeout(150_000);
  // The page's clock, so the 35 s the start waits for the hub pass at once instead of in real time.
  await page.clock.install();
  const chat = new ChatPage(page);
  const network = await DeviceNetwork.of(page);
  const problem = uniqueProblem('Mein Vermieter will die Miete um 30 Prozent erhöhen');
  const ended = page.getByText(Texts.chatDone);
  const newConsultation = page.getByRole('link', { name: 'Neue Beratung beginnen' });
  const lawyer = await LawyerDriver.login(server.chatUrl, server.seed.lawyer);
  try {
    await chat.open(server.seed);
    await chat.messageInput.fill(problem);
    await chat.button('Senden').tap();
    await expect(chat.emailInput).toBeVisible();

    await test.step('the network goes; the request is handed over, and the page does not say the chat ended', async () => {
      await network.goOffline();
      await chat.button('Überspringen').tap();
      await chat.expectBotSays(Texts.forward);
      // While StartChat waits for the hub to come back, the page says nothing ended.
      await expect(page.getByRole('status').filter({ hasText: 'Keine Verbindung.' })).toBeVisible();
      await expect(ended).toBeHidden();
      await expect(newConsultation).toBeHidden();
    });

    const failure = page.getByRole('alert').filter({ hasText: 'Der Chat konnte nicht gestartet werden. Bitte laden Sie die Seite neu.' });
    await test.step('the start fails: the alert says to reload and offers the button for it, still no „chat ended“', async () => {
      await page.clock.fastForward(START_GIVES_UP_MS);
      await expect(failure).toBeVisible({ timeout: 15_000 });
      await expect(failure.getByRole('button', { name: 'Seite neu laden' })).toBeVisible();
      await expect(ended).toBeHidden();
      await expect(newConsultation).toBeHidden();
      await expectAccessible(page, 'failed start with the reload button');
    });

    await test.step('back online, the page sends the request again by itself: the failure goes and it waits in the queue', async () => {
      await network.goOnline();
      await chat.expectWaitingForLawyer();
      await expect(failure).toBeHidden();
      await expect(chat.messages(problem)).toHaveCount(1);
      await lawyer.waitForQueuedChat(problem.slice(-12));
    });
  } finally {
    await lawyer.dispose();
  }
});
