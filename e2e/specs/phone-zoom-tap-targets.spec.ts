// At 200 % zoom (half a phone's CSS pixels) nothing scrolls sideways – the header wraps, German words
// break at syllables (hyphens: auto, lang="de") and long e-mail addresses wrap – and on a touch phone every control of
// the header, the footer and the chat is at least 44 × 44 px: answer buttons, callback radios, file links, stars; at
// 360 px every link and button on its own on the client's screens is 44 × 44 px too (links inside a sentence are
// exempt), and the protocol pages' headings break without leaving „E-“ at a line's end.
import { createCaseFile, signIn } from '../support/caseFile.js';
import { ChatPage, pauseClock, Texts, uniqueProblem } from '../support/chatPage.js';
import { expect, expectAccessible, test } from '../support/fixtures.js';
import { LawyerDriver } from '../support/lawyer.js';
import {
  ANDROID_360,
  expectHeadingWrapsWell,
  expectNoSidewaysScroll,
  expectStandaloneTapTargets,
  expectTapTargets,
  PHONE_SIZES,
  touchPhone,
  zoomed200,
} from '../support/phone.js';
import type { Page } from '@playwright/test';

test.use(touchPhone);

/** Portrait and landscape at 200 % zoom, and the 320 px phone as it is. */
const NARROW_SIZES = {
  'portrait at 200 %': zoomed200(PHONE_SIZES.portrait),
  'landscape at 200 %': zoomed200(PHONE_SIZES.landscape),
  narrow: PHONE_SIZES.narrow,
};
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n', 'latin1');
const LONG_EMAIL = 'vorname.nachname.mit.zweitem.vornamen@kanzlei-fuer-miet-und-wohnungseigentumsrecht.example.de';

async function expectNoSidewaysScrollAtNarrowSizes(page: Page, context: string): Promise<void> {
  for (const [label, size] of Object.entries(NARROW_SIZES)) {
    await page.setViewportSize(size);
    await expectNoSidewaysScroll(page, `${context}, ${label}`);
  }
  await page.setViewportSize(PHONE_SIZES.portrait);
}

test('a static page: header and footer wrap at 200 % zoom, German text hyphenates, links and buttons are 44 px', async ({ page, server }) => {
  // Signed in, the header carries "Abmelden" beside the service name.
  await new ChatPage(page).open(server.seed);
  await page.goto('/chat/datenschutz');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('banner').getByRole('button', { name: 'Abmelden' })).toBeVisible();
  await expectNoSidewaysScrollAtNarrowSizes(page, 'privacy page');
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await expect(page.getByRole('main').locator('p').first()).toHaveCSS('hyphens', 'auto');
  for (const [label, size] of [
    ['portrait', PHONE_SIZES.portrait],
    ['portrait at 200 %', NARROW_SIZES['portrait at 200 %']],
  ] as const) {
    await page.setViewportSize(size);
    await expectTapTargets(page.locator('header a, header button, footer a'), `header and footer, ${label}`);
  }
  await expectAccessible(page, 'privacy page at 200 % zoom');
});

test('at 360 px every link and button on its own is 44 × 44 px: chat, legal pages, protocol, case file', async ({ page, server }) => {
  await page.setViewportSize(ANDROID_360);
  await new ChatPage(page).open(server.seed);
  await expectStandaloneTapTargets(page, 'chat start');
  // The firm's phone and e-mail on the legal pages, the accessibility statement's link to the imprint: 17 px before;
  // chat/rueckruf without a callback leads on to the service's page and the chat.
  for (const path of ['/chat/datenschutz', '/chat/nutzungsbedingungen', '/impressum', '/barrierefreiheit', '/agb', '/chat/rueckruf', '/protokoll']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectStandaloneTapTargets(page, path);
  }
  await expect(page.getByRole('button', { name: 'Protokoll herunterladen' })).toBeVisible();
  await expectStandaloneTapTargets(page, '/protokoll signed in');

  const access = await createCaseFile(server);
  await page.goto(access.path);
  await expect(page.getByRole('heading', { level: 1, name: 'Anmelden' })).toBeVisible();
  await expectStandaloneTapTargets(page, 'case-file login');
  await signIn(page, access);
  const lawyerEmail = server.seed.lawyer.email;
  // „Alle Falldaten ansehen“ and the contact person's e-mail and phone: 17 px before.
  await expect(page.getByRole('link', { name: lawyerEmail })).toBeVisible();
  await expectStandaloneTapTargets(page, 'case-file overview');
  for (const [path, ready] of [
    ['falldaten', page.getByRole('heading', { level: 1, name: 'Falldaten' })],
    ['dokumente', page.getByRole('heading', { level: 1, name: 'Dokumente' })],
    ['anwalt', page.getByRole('link', { name: lawyerEmail })],
    ['persoenlich', page.getByRole('heading', { level: 1, name: 'Persönliche Daten' })],
    ['kontakt', page.getByRole('button', { name: 'Nachricht senden' })],
    // „Vollmacht als PDF ansehen“: 17 px before.
    ['vollmacht', page.getByRole('link', { name: /Vollmacht als PDF ansehen/ })],
    ['datenschutz', page.getByRole('heading', { level: 1 })],
  ] as const) {
    await page.goto(`${access.path}/uebersicht/${path}`);
    await expect(ready).toBeVisible();
    await expectStandaloneTapTargets(page, `case file ${path}`);
  }
  // The contact form's confirmation: „Zu Ihrer Nachricht“ was 17 px of inline text after its sentence.
  await page.goto(`${access.path}/uebersicht/kontakt`);
  await page.getByLabel('Betreff').fill('Rückfrage zur Frist');
  await page.getByLabel('Ihre Nachricht').fill('Bis wann muss ich antworten?');
  await page.getByRole('button', { name: 'Nachricht senden' }).click();
  const toMessage = page.getByRole('link', { name: 'Zu Ihrer Nachricht' });
  await expect(toMessage).toBeVisible();
  await expectTapTargets(toMessage, '„Zu Ihrer Nachricht“ after sending');
  await expectStandaloneTapTargets(page, 'case file kontakt, sent');
});

test('the protocol pages’ headings break at 360 px without leaving „E-“ at a line’s end', async ({ page }) => {
  await page.setViewportSize(ANDROID_360);
  for (const [path, heading] of [
    // Broke as „Chatprotokoll per E-“ / „Mail“ (PageHeading keeps short compounds together).
    ['/protokoll/bestaetigen', 'Chatprotokoll per E-Mail'],
    ['/protokoll', 'Chatprotokoll herunterladen'],
  ] as const) {
    await page.goto(path);
    const h1 = page.getByRole('heading', { level: 1, name: heading });
    await expect(h1).toBeVisible();
    await expectHeadingWrapsWell(h1, path);
    await expectNoSidewaysScroll(page, `${path} at 360 px`);
  }
});

test('the chat at 200 % zoom and its controls as touch targets, from the first answer to the rating', async ({ page, server }) => {
  const chat = new ChatPage(page);
  const lawyer = await LawyerDriver.login(server.chatUrl, server.seed.lawyer);
  const answerControls = page.locator('#chat-input button, #chat-input input:not([type=radio]), #chat-input textarea');
  try {
    await page.clock.install();
    await chat.open(server.seed);
    await expectTapTargets(answerControls, 'problem description');
    const problem = uniqueProblem('Mein Vermieter behält die Kaution, obwohl die Wohnungsübergabe ohne Mängel war');
    await chat.sendMessage(problem);
    await chat.sendEmail(LONG_EMAIL);

    await test.step('the confirmation with a long e-mail address wraps; "Ja" and "Nein" are 44 px', async () => {
      await expect(chat.button('Ja')).toBeVisible();
      await expectTapTargets(answerControls, 'Ja / Nein');
      await expectNoSidewaysScrollAtNarrowSizes(page, 'e-mail confirmation');
      await chat.answer('Ja');
      await chat.expectWaitingForLawyer();
    });

    await test.step('the callback form’s day-time radios and buttons are 44 px and fit at 200 %', async () => {
      await pauseClock(page);
      await page.clock.fastForward(60_000);
      await expect(chat.queue.getByText(Texts.callbackOffer)).toBeVisible();
      await page.clock.resume();
      await chat.button('Rückruf vereinbaren').click();
      const form = page.getByRole('form', { name: 'Rückruf vereinbaren' });
      await expect(form).toBeVisible();
      await expectTapTargets(form.locator('button, input:not([type=radio]), .ui-check__label'), 'callback form');
      await expectNoSidewaysScrollAtNarrowSizes(page, 'callback form');
    });

    const queued = await lawyer.waitForQueuedChat(problem.slice(-12));
    await lawyer.accept(queued.ChatId);
    await expect(chat.queue).toBeHidden();

    await test.step('an uploaded file’s link and the live chat’s controls are 44 px', async () => {
      await page
        .getByLabel('Datei zum Hochladen auswählen')
        .setInputFiles({ name: 'uebergabeprotokoll-mit-unterschriften.pdf', mimeType: 'application/pdf', buffer: PDF });
      const fileLink = chat.log.getByRole('button', { name: 'uebergabeprotokoll-mit-unterschriften.pdf herunterladen' });
      await expect(fileLink).toBeVisible();
      await expectTapTargets(fileLink, 'file link');
      await expectTapTargets(answerControls, 'live chat');
      await expectNoSidewaysScrollAtNarrowSizes(page, 'live chat');
    });

    await test.step('the rating’s stars are 44 px apart by 8 px', async () => {
      await lawyer.close(queued.ChatId, false);
      await expect(chat.phoneInput).toBeVisible();
      await expectTapTargets(answerControls, 'phone question');
      await chat.button('Überspringen').click();
      const stars = page.getByRole('group', { name: Texts.ratingLegend });
      await expect(stars).toBeVisible();
      const labels = stars.locator('label');
      await expectTapTargets(labels, 'stars');
      const [first, second] = [await labels.nth(0).boundingBox(), await labels.nth(1).boundingBox()];
      expect((second?.x ?? 0) - ((first?.x ?? 0) + (first?.width ?? 0)), 'gap between two stars').toBeGreaterThanOrEqual(8);
      await expectNoSidewaysScrollAtNarrowSizes(page, 'rating');
      await expectAccessible(page, 'rating on a phone');
    });
  } finally {
    await lawyer.dispose();
  }
});
