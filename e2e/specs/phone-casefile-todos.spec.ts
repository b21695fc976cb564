// Issue 27 points 5–7 on a touch phone: the to-dos in the menu with their state, done steps kept as "erledigt",
// a wrongly uploaded document removed (and recorded), 44 px file links, no sideways scrolling at 320 px, the
// Vollmacht's plain-German summary – at 390 × 844, 320 × 568 and in landscape, axe-clean.
import { createCaseFile, signIn } from '../support/caseFile.js';
import { expect, expectAccessible, test } from '../support/fixtures.js';
import { PHONE_SIZES, expectNoSidewaysScroll, expectTapTargets, touchPhone } from '../support/phone.js';

test.use(touchPhone);

const PDF = Buffer.from('%PDF-1.7\n1 0 obj\n<<>>\nendobj\n%%EOF');

test('case-file to-dos on a phone: menu state, erledigt, removing a wrong upload', async ({ page, server }) => {
  const access = await createCaseFile(server);
  await signIn(page, access);
  const steps = page.getByRole('region', { name: 'Nächste Schritte' });
  await expect(steps.getByRole('listitem')).toHaveText([/Fragebogen.*offen$/, /Vollmacht.*offen$/, /Unterlagen.*offen$/]);

  await page.getByRole('button', { name: 'Menü öffnen' }).click();
  const menu = page.getByRole('navigation', { name: 'Menü der Fallakte' });
  await expect(menu.getByRole('link', { name: 'Fragebogen offen' })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Vollmacht offen' })).toBeVisible();
  await menu.getByRole('link', { name: 'Dokumente offen' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Dokumente' })).toBeVisible();

  await page.locator('#document-file').setInputFiles({ name: 'Falsches Foto.pdf', mimeType: 'application/pdf', buffer: PDF });
  await expect(page.getByRole('link', { name: 'Falsches Foto.pdf herunterladen' })).toBeVisible();
  for (const [name, size] of Object.entries(PHONE_SIZES)) {
    await page.setViewportSize(size);
    await expectNoSidewaysScroll(page, `documents ${name}`);
    await expectTapTargets(page.locator('.casefile-documents a, .casefile-documents button'), `documents ${name}`);
  }
  await page.setViewportSize(PHONE_SIZES.portrait);
  await expectAccessible(page, 'case-file documents with a removable upload');

  // The upload step is done now, in the menu too.
  await page.getByRole('button', { name: 'Menü öffnen' }).click();
  await expect(menu.getByRole('link', { name: 'Dokumente erledigt' })).toBeVisible();
  await page.keyboard.press('Escape');

  await page.getByRole('button', { name: 'Falsches Foto.pdf entfernen' }).click();
  await expect(page.getByText('„Falsches Foto.pdf“ wurde entfernt.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Falsches Foto.pdf herunterladen' })).toHaveCount(0);
  await page.goto(`${access.path}/uebersicht/verlauf`);
  await expect(page.getByText('Dokument entfernt')).toBeVisible();

  // The Vollmacht: plain German above the legal text, readable at 320 px.
  await page.goto(`${access.path}/uebersicht/vollmacht`);
  const summary = page.getByRole('region', { name: 'Kurz gesagt' });
  await expect(summary).toContainText('Sie können die Vollmacht jederzeit widerrufen.');
  await page.setViewportSize(PHONE_SIZES.narrow);
  await expectNoSidewaysScroll(page, 'Vollmacht 320 px');
  await expectAccessible(page, 'case-file Vollmacht with summary, 320 px');
});
