// On a touch phone: the to-dos in the menu with their state, done steps kept as "erledigt",
// a wrongly uploaded document removed after a confirmation (and recorded), 44 px file links, menu entries, step links
// and questionnaire choices, no sideways scrolling at 320 px and at 200 % zoom (header, overview, contact person with
// a long e-mail address, personal data), the Vollmacht's plain-German summary and its "bereits unterschrieben" notice
// at 320 px – at 390 × 844, 320 × 568 and in landscape, axe-clean; sideways with the keyboard open the header scrolls
// away and leaves the screen to the field being typed into.
import type { Page } from '@playwright/test';
import { createCaseFile, expectPowerOfAttorneySent, signIn } from '../support/caseFile.js';
import { expect, expectAccessible, test } from '../support/fixtures.js';
import { ANDROID_360, PHONE_SIZES, expectFullyInView, expectNoSidewaysScroll, expectTapTargets, touchPhone, zoomed200 } from '../support/phone.js';

test.use(touchPhone);

const PDF = Buffer.from('%PDF-1.7\n1 0 obj\n<<>>\nendobj\n%%EOF');
const LONG_EMAIL = 'erika.musterfrau-schmidt.privat@mieterverein-berlin-brandenburg.example.org';
/** The phone as it is, and portrait and landscape at 200 % browser zoom (half the CSS pixels). */
const ZOOMED = { 'portrait at 200 %': zoomed200(PHONE_SIZES.portrait), 'landscape at 200 %': zoomed200(PHONE_SIZES.landscape) };
const TAP_SIZES = { portrait: PHONE_SIZES.portrait, narrow: PHONE_SIZES.narrow };

async function atSizes(page: Page, sizes: Record<string, { width: number; height: number }>, check: (label: string) => Promise<void>): Promise<void> {
  for (const [label, size] of Object.entries(sizes)) {
    await page.setViewportSize(size);
    await check(label);
  }
  await page.setViewportSize(PHONE_SIZES.portrait);
}

test('case-file to-dos on a phone: menu state, erledigt, removing a wrong upload after asking', async ({ page, server }) => {
  const access = await createCaseFile(server);
  await signIn(page, access);
  const steps = page.getByRole('region', { name: 'Nächste Schritte' });
  await expect(steps.getByRole('listitem')).toHaveText([/Fragebogen.*offen$/, /Vollmacht.*offen$/, /Unterlagen.*offen$/]);

  await page.getByRole('button', { name: 'Menü öffnen' }).click();
  const menu = page.getByRole('navigation', { name: 'Menü der Fallakte' });
  await expect(menu.getByRole('link', { name: 'Fragebogen – Status: offen' })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Vollmacht – Status: offen' })).toBeVisible();
  await menu.getByRole('link', { name: 'Dokumente – Status: offen' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Dokumente' })).toBeVisible();

  await page.locator('#document-file').setInputFiles({ name: 'Falsches Foto.pdf', mimeType: 'application/pdf', buffer: PDF });
  await expect(page.getByRole('link', { name: 'Falsches Foto.pdf herunterladen' })).toBeVisible();
  await atSizes(page, PHONE_SIZES, async (name) => {
    await expectNoSidewaysScroll(page, `documents ${name}`);
    await expectTapTargets(page.locator('.casefile-documents a, .casefile-documents button'), `documents ${name}`);
  });
  await expectAccessible(page, 'case-file documents with a removable upload');

  // The upload step is done now, in the menu too.
  await page.getByRole('button', { name: 'Menü öffnen' }).click();
  await expect(menu.getByRole('link', { name: 'Dokumente – Status: erledigt' })).toBeVisible();
  await page.keyboard.press('Escape');

  await test.step('removing asks first; Escape keeps the document and returns the focus', async () => {
    const remove = page.getByRole('button', { name: 'Falsches Foto.pdf entfernen' });
    await remove.click();
    const dialog = page.getByRole('alertdialog', { name: 'Dokument „Falsches Foto.pdf“ entfernen?' });
    await expect(dialog).toContainText('Die Kanzlei hat es noch nicht geöffnet.');
    await expect(dialog.getByRole('button', { name: 'Abbrechen' })).toBeFocused();
    await atSizes(page, { narrow: PHONE_SIZES.narrow }, async () => {
      await expectFullyInView(page, dialog.getByRole('button', { name: 'Entfernen' }), 'confirmation at 320 px');
      await expectTapTargets(dialog.getByRole('button'), 'confirmation at 320 px');
    });
    await expectAccessible(page, 'case-file confirmation before removing a document');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(remove).toBeFocused();
    await expect(page.getByRole('link', { name: 'Falsches Foto.pdf herunterladen' })).toBeVisible();

    await remove.click();
    await dialog.getByRole('button', { name: 'Entfernen' }).click();
    await expect(page.getByText('„Falsches Foto.pdf“ wurde entfernt.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Falsches Foto.pdf herunterladen' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Datei auswählen und hochladen' })).toBeFocused();
    await page.goto(`${access.path}/uebersicht/verlauf`);
    await expect(page.getByText('Dokument entfernt')).toBeVisible();
  });

  // The Vollmacht: plain German above the legal text, readable at 320 px.
  await page.goto(`${access.path}/uebersicht/vollmacht`);
  const summary = page.getByRole('region', { name: 'Kurz gesagt' });
  await expect(summary).toContainText('Sie können die Vollmacht jederzeit widerrufen.');
  await test.step('the case reference stays on one line at 360 px, 320 px and 200 % zoom, without sideways scrolling', async () => {
    // It broke as „FA-“ / „2026-…“ at 360 px (phone pass, 2026-12-07).
    const reference = page.getByRole('article', { name: 'Vollmacht' }).getByText(/^FA-\d{4}-/);
    for (const [label, size] of [['360 px', ANDROID_360], ['320 px', PHONE_SIZES.narrow], ...Object.entries(ZOOMED)] as const) {
      await page.setViewportSize(size);
      expect(await reference.evaluate((element) => element.getClientRects().length), `the reference on one line, ${label}`).toBe(1);
      await expectNoSidewaysScroll(page, `Vollmacht ${label}`);
    }
  });
  await page.setViewportSize(PHONE_SIZES.narrow);
  await expectNoSidewaysScroll(page, 'Vollmacht 320 px');
  await expectAccessible(page, 'case-file Vollmacht with summary, 320 px');

  await test.step('signed, the notice keeps its text readable at 320 px and puts its button below', async () => {
    await page.getByLabel('Oder Namen eintippen (ohne Maus oder Touch)').fill('Erika Musterfrau');
    await page.getByLabel('Ort').fill('Berlin');
    await page.getByLabel('Ort').press('Enter');
    await expectPowerOfAttorneySent(page);
    await page.goto(`${access.path}/uebersicht/vollmacht`);
    const text = page.getByText('Sie haben die Vollmacht bereits unterschrieben.', { exact: false });
    await expect(text).toBeVisible();
    const button = page.getByRole('link', { name: 'Zu den Dokumenten' });
    const [textBox, buttonBox] = [await text.boundingBox(), await button.boundingBox()];
    expect(textBox?.width ?? 0, 'the notice text is not crushed beside its button').toBeGreaterThanOrEqual(200);
    expect(buttonBox?.y ?? 0, 'the button sits below the text').toBeGreaterThanOrEqual((textBox?.y ?? 0) + (textBox?.height ?? 0) - 1);
    await expectFullyInView(page, button, '"Zu den Dokumenten" at 320 px');
    await expectTapTargets(button, '"Zu den Dokumenten" at 320 px');
    await expectNoSidewaysScroll(page, 'signed Vollmacht 320 px');
  });
});

test('the case file at 200 % zoom and as touch targets: overview, menu, contact person, personal data, questionnaire', async ({ page, server }) => {
  const access = await createCaseFile(server, 'Mietminderung wegen Schimmelbefalls im Schlafzimmer', LONG_EMAIL);
  await signIn(page, access);
  const steps = page.getByRole('region', { name: 'Nächste Schritte' });
  // The contact person is the lawyer who created the file: her e-mail address is wider than the zoomed phone.
  const lawyerEmail = server.seed.lawyer.email;

  await test.step('the overview with header, case, contact person and steps does not scroll sideways at 200 %', async () => {
    await expect(page.getByRole('link', { name: lawyerEmail })).toBeVisible();
    await atSizes(page, ZOOMED, (label) => expectNoSidewaysScroll(page, `overview ${label}`));
    await atSizes(page, TAP_SIZES, (label) => expectTapTargets(steps.getByRole('link'), `step links ${label}`));
    await expect(page.getByRole('main').locator('p').first()).toHaveCSS('hyphens', 'auto');
  });

  await test.step('the menu entries are 44 px', async () => {
    await page.getByRole('button', { name: 'Menü öffnen' }).click();
    const menu = page.getByRole('navigation', { name: 'Menü der Fallakte' });
    await expect(menu).toBeVisible();
    await atSizes(page, TAP_SIZES, (label) => expectTapTargets(menu.locator('a, button'), `menu ${label}`));
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
  });

  for (const [path, heading, address] of [
    ['anwalt', /^(Ihre Anwältin|Ihr Anwalt)$/, lawyerEmail],
    ['persoenlich', 'Persönliche Daten', LONG_EMAIL],
  ] as const) {
    await test.step(`${path}: the e-mail address wraps at 200 %`, async () => {
      await page.goto(`${access.path}/uebersicht/${path}`);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await expect(page.getByText(address, { exact: false })).toBeVisible();
      await atSizes(page, ZOOMED, (label) => expectNoSidewaysScroll(page, `${path} ${label}`));
    });
  }
  await page.setViewportSize(ZOOMED['portrait at 200 %']);
  await expectAccessible(page, 'case-file personal data at 200 % zoom');
  await page.setViewportSize(PHONE_SIZES.portrait);

  await test.step('the questionnaire’s choices are 44 px', async () => {
    await page.goto(`${access.path}/fragebogen`);
    await expect(page.getByRole('heading', { level: 1, name: 'Fragebogen' })).toBeVisible();
    const labels = page.locator('.casefile-questionnaire .ui-check__label');
    await expect(labels.first()).toBeVisible();
    await atSizes(page, TAP_SIZES, async (label) => {
      await expectTapTargets(labels, `questionnaire choices ${label}`);
      await expectNoSidewaysScroll(page, `questionnaire ${label}`);
    });
  });
});

test('sideways with the on-screen keyboard open: the header scrolls away, the field being typed into has the screen', async ({ page, server }) => {
  // 740 × 360 turned sideways; the keyboard leaves about 170 px. The sticky header took 64 of them, and of „Was ist
  // passiert?“ being typed into one line showed under it.
  const access = await createCaseFile(server);
  await page.setViewportSize({ width: ANDROID_360.height, height: ANDROID_360.width });
  await signIn(page, access);
  await page.getByRole('link', { name: 'Fragebogen mit Ihren Basisdaten ausfüllen' }).tap();
  await expect(page.getByRole('heading', { level: 1, name: 'Fragebogen' })).toBeVisible();
  const field = page.getByRole('textbox', { name: /Was ist passiert/ });
  await field.tap();
  await page.setViewportSize({ width: ANDROID_360.height, height: 170 });
  await field.evaluate((element) => element.scrollIntoView({ block: 'start' }));
  await field.pressSequentially('Kündigung', { delay: 10 });
  const header = await page.locator('.casefile-header').boundingBox();
  const box = await field.boundingBox();
  expect(header, 'the header is rendered').not.toBeNull();
  expect(box, 'the field is rendered').not.toBeNull();
  if (!header || !box) return;
  expect(header.y + header.height, 'the header has scrolled off the screen').toBeLessThanOrEqual(0);
  expect(box.y, 'the field starts near the top of what the keyboard leaves').toBeLessThanOrEqual(16);
  expect(box.y + box.height, 'the field fits above the keyboard').toBeLessThanOrEqual(170);
  await expectNoSidewaysScroll(page, 'questionnaire sideways with the keyboard open');
});
