// Digitale Fallakte: the base-data questionnaire – validation, cancel page, send page, and the entry in the history.
import { test, expect, expectAccessible, screenshotBothSizes, DESKTOP_VIEWPORT, PHONE_VIEWPORT } from '../support/fixtures.js';
import { createCaseFile, signIn } from '../support/caseFile.js';
import type { Page } from '@playwright/test';

test.use({ viewport: PHONE_VIEWPORT });

/** Until the page stands still (a scroll the send may have started, smooth or not, has ended). */
async function untilScrollStops(page: Page): Promise<void> {
  let lastScroll = -1;
  await expect
    .poll(
      async () => {
        const scroll = await page.evaluate(() => scrollY);
        const still = scroll === lastScroll;
        lastScroll = scroll;
        return still;
      },
      { intervals: [100] },
    )
    .toBe(true);
}

/**
 * The focused field's question – a field's label, a radio's legend – and the field itself within the window, below the
 * sticky header: what does not stand there, by its text.
 */
async function focusedQuestionOutOfSight(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const headerBottom = document.querySelector('.casefile-header')?.getBoundingClientRect().bottom ?? 0;
    const focused = document.activeElement as HTMLInputElement;
    const question = focused.type === 'radio' ? focused.closest('fieldset')?.querySelector('legend') : document.querySelector(`label[for="${focused.id}"]`);
    return [question, focused]
      .filter((element): element is Element => element !== null && element !== undefined)
      .filter((element) => element.getBoundingClientRect().top < headerBottom || element.getBoundingClientRect().bottom > innerHeight)
      .map((element) => element.textContent || element.id);
  });
}

test('the questionnaire can be cancelled without sending anything', async ({ page, server }) => {
  const access = await createCaseFile(server);
  await signIn(page, access);
  await page.getByRole('link', { name: 'Fragebogen mit Ihren Basisdaten ausfüllen' }).click();
  await expect(page).toHaveURL(`${access.path}/fragebogen`);
  await expect(page.getByRole('heading', { level: 1, name: 'Fragebogen' })).toBeVisible();
  await page.getByLabel('Beruf').fill('Lehrerin');
  await page.getByRole('button', { name: 'Abbrechen' }).click();
  // Typed input is not thrown away unasked: the dialog starts on "Weiter ausfüllen".
  const confirm = page.getByRole('alertdialog', { name: 'Fragebogen wirklich abbrechen?' });
  await expect(confirm.getByRole('button', { name: 'Weiter ausfüllen' })).toBeFocused();
  await expectAccessible(page, 'case-file questionnaire cancel confirmation');
  await confirm.getByRole('button', { name: 'Eingaben löschen und abbrechen' }).click();
  await expect(page).toHaveURL(`${access.path}/fragebogen/abbrechen`);
  await expect(page.getByRole('heading', { level: 1, name: 'Fragebogen abgebrochen' })).toBeVisible();
  await expectAccessible(page, 'case-file questionnaire cancelled');
  await page.goto(`${access.path}/uebersicht/verlauf`);
  await expect(page.getByText('Fragebogen übermittelt')).toHaveCount(0);
});

test('the questionnaire names every missing answer, then sends the base data and shows the sent page', async ({ page, server }) => {
  const access = await createCaseFile(server);
  await signIn(page, access);
  await page.goto(`${access.path}/fragebogen`);
  await expectAccessible(page, 'case-file questionnaire');
  await screenshotBothSizes(page, 'casefile-questionnaire');

  await test.step('with the on-screen keyboard open, Shift+Tab never leaves the focused field under the sticky header', async () => {
    // The keyboard takes half the phone's height (interactive-widget=resizes-content).
    await page.setViewportSize({ width: PHONE_VIEWPORT.width, height: 450 });
    await page.getByRole('button', { name: 'Fragebogen senden' }).focus();
    for (let step = 0; step < 9; step += 1) {
      await page.keyboard.press('Shift+Tab');
      const covered = await page.evaluate(() => {
        const headerBottom = document.querySelector('.casefile-header')?.getBoundingClientRect().bottom ?? 0;
        const focused = document.activeElement as HTMLElement;
        return focused.getBoundingClientRect().top < headerBottom ? focused.id || focused.tagName : null;
      });
      expect(covered, 'a focused field hidden under the header').toBeNull();
    }
    await page.setViewportSize(PHONE_VIEWPORT);
  });
  await page.getByRole('button', { name: 'Fragebogen senden' }).click();
  await expect(page.getByText('Bitte geben Sie Ihr Geburtsdatum an.')).toBeVisible();
  await expect(page.getByText('Bitte wählen Sie Ja oder Nein.')).toBeVisible();
  await expect(page.getByText('Bitte beschreiben Sie kurz, was passiert ist.')).toBeVisible();
  await expect(page.getByText('Bitte wählen Sie, wie wir Sie erreichen sollen.')).toBeVisible();
  await expect(page.getByLabel('Geburtsdatum')).toBeFocused();
  await expectAccessible(page, 'case-file questionnaire with errors');

  await page.getByLabel('Geburtsdatum').fill('1980-05-17');
  await page.getByRole('radio', { name: 'Ja' }).check();
  await page.getByRole('button', { name: 'Fragebogen senden' }).click();
  await expect(page.getByText('Bitte geben Sie den Namen Ihrer Versicherung an.')).toBeVisible();
  await page.getByLabel('Name der Versicherung').fill('ARAG');
  await page.getByLabel('Versicherungsnummer').fill('RS-2024/1187');
  await page.getByLabel('Gegenseite (Name oder Firma)').fill('Wohnbau GmbH');
  await page.getByLabel('Was ist passiert?').fill('kurz');
  await page.getByRole('button', { name: 'Fragebogen senden' }).click();
  await expect(page.getByText('Bitte beschreiben Sie Ihr Anliegen mit mindestens 20 Zeichen.')).toBeVisible();
  await page.getByLabel('Was ist passiert?').fill('Seit März ist das Schlafzimmer feucht, der Vermieter reagiert nicht.');
  await page.getByRole('radio', { name: 'per E-Mail' }).check();
  await page.getByRole('button', { name: 'Fragebogen senden' }).click();

  await expect(page).toHaveURL(`${access.path}/fragebogen/versendet`);
  await expect(page.getByRole('heading', { level: 1, name: 'Fragebogen gesendet' })).toBeVisible();
  await expectAccessible(page, 'case-file questionnaire sent');
  await screenshotBothSizes(page, 'casefile-questionnaire-sent');
  await page.getByRole('link', { name: 'Zur Übersicht' }).click();
  // Done steps stay on the overview and say so.
  await expect(page.getByRole('listitem').filter({ hasText: 'Fragebogen mit Ihren Basisdaten ausfüllen' })).toContainText('erledigt');
  await page.goto(`${access.path}/uebersicht/verlauf`);
  await expect(page.getByText('Fragebogen übermittelt')).toBeVisible();
  // Opened again, the form shows the stored answers and says that sending replaces them.
  await page.goto(`${access.path}/fragebogen`);
  await expect(page.getByText('Sie haben den Fragebogen bereits gesendet.', { exact: false })).toBeVisible();
  await expect(page.getByLabel('Name der Versicherung')).toHaveValue('ARAG');
});

for (const [screen, viewport] of [
  ['a phone', PHONE_VIEWPORT],
  ['a desktop screen', DESKTOP_VIEWPORT],
] as const) {
  test(`on ${screen}, a refused send by Enter shows the focused answer with its question fully below the header`, async ({ page, server }) => {
    await page.setViewportSize(viewport);
    const access = await createCaseFile(server);
    await signIn(page, access);
    await page.goto(`${access.path}/fragebogen`);
    await page.getByLabel('Geburtsdatum').fill('1980-05-17');
    await page.getByRole('radio', { name: 'Nein' }).check();
    await page.getByRole('radio', { name: 'per E-Mail' }).check();
    const send = page.getByRole('button', { name: 'Fragebogen senden' });
    await send.focus();
    await page.keyboard.press('Enter');
    // „Was ist passiert?“, far down the form: the focus scroll left its label under the header, and the form's smooth
    // scroll to its top then took the field out of the window (keyboard and screen-reader pass, 2026-12-07).
    await expect(page.getByLabel('Was ist passiert?')).toBeFocused();
    await untilScrollStops(page);
    expect(await focusedQuestionOutOfSight(page)).toEqual([]);
    await page.getByLabel('Was ist passiert?').fill('Mir wurde fristlos gekündigt, ohne Abmahnung vorher.');
    await page.getByLabel('Geburtsdatum').fill('');
    await send.focus();
    await page.keyboard.press('Enter');
    // The birth date, at the form's top, with „Geburtsdatum“ above it.
    await expect(page.getByLabel('Geburtsdatum')).toBeFocused();
    await untilScrollStops(page);
    expect(await focusedQuestionOutOfSight(page)).toEqual([]);
  });
}

test.describe('on a desktop screen', () => {
  test.use({ viewport: DESKTOP_VIEWPORT });

  test('a radio answered with Space after a refused send keeps the focused answer on screen below the header', async ({ page, server }) => {
    const access = await createCaseFile(server);
    await signIn(page, access);
    await page.goto(`${access.path}/fragebogen`);
    await page.getByLabel('Geburtsdatum').fill('1980-05-17');
    await page.getByLabel('Was ist passiert?').fill('Mir wurde fristlos gekündigt, ohne Abmahnung vorher.');
    await page.getByRole('radio', { name: 'per E-Mail' }).check();
    await page.getByRole('button', { name: 'Fragebogen senden' }).focus();
    await page.keyboard.press('Enter');
    const yes = page.getByRole('radio', { name: 'Ja' });
    await expect(yes).toBeFocused();
    await untilScrollStops(page);
    await page.keyboard.press('Space');
    await expect(yes).toBeChecked();
    await expect(page.getByLabel('Name der Versicherung')).toBeVisible();
    // The insurer's fields appear below the answer: the browser's scroll anchoring had moved the page by their height,
    // and the focused „Ja“ went out of sight above the sticky header.
    const yesTop = await yes.evaluate((radio) => radio.getBoundingClientRect().top);
    const headerBottom = await page.locator('.casefile-header').evaluate((header) => header.getBoundingClientRect().bottom);
    expect(yesTop).toBeGreaterThanOrEqual(headerBottom);
  });
});
