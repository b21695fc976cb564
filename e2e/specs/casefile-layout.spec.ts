// Digitale Fallakte: what only a real layout shows – a long file name does not widen the phone page, and the side
// menu does not squeeze the values of a description list mid-word.
import type { Page } from '@playwright/test';
import { test, expect, PHONE_VIEWPORT } from '../support/fixtures.js';
import { createCaseFile, signIn } from '../support/caseFile.js';

const pageScrollsSideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);

test('phone: a long file name wraps in the upload banner instead of scrolling the page sideways', async ({ page, server }) => {
  await page.setViewportSize(PHONE_VIEWPORT);
  const access = await createCaseFile(server);
  await signIn(page, access);
  await page.goto(`${access.path}/uebersicht/dokumente`);
  const name = `Mietvertrag_Nebenkostenabrechnung_${'2026'.repeat(12)}_Schimmelgutachten.pdf`;
  const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.getByRole('button', { name: 'Datei auswählen und hochladen' }).click()]);
  await chooser.setFiles({ name, mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n% Vertrag\n%%EOF') });
  await expect(page.getByText(`${name} wurde hochgeladen.`)).toBeVisible();
  expect(await pageScrollsSideways(page)).toBe(false);
});

test('610 px with the side menu open: description-list values stay whole words', async ({ page, server }) => {
  await page.setViewportSize({ width: 610, height: 900 });
  const access = await createCaseFile(server);
  await signIn(page, access);
  await page.goto(`${access.path}/uebersicht/falldaten`);
  await page.getByRole('button', { name: 'Menü öffnen' }).click();
  await expect(page.getByRole('navigation', { name: 'Menü der Fallakte' })).toBeVisible();
  const value = page.locator('dd', { hasText: /^Mietrecht$/ });
  await expect(value).toBeVisible();
  // One word on one line: its text makes a single line box.
  const lines = await value.evaluate((dd) => {
    const range = document.createRange();
    range.selectNodeContents(dd);
    return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
  });
  expect(lines).toBe(1);
  expect(await pageScrollsSideways(page)).toBe(false);
});

test('200 % zoom: when the case file cannot be loaded, the error stays readable with "Seite neu laden" below it', async ({ page, server }) => {
  // A phone on a weak network: the case file's chunk does not arrive, and the area's error takes the page.
  await page.setViewportSize({ width: 195, height: 422 });
  await page.route(/\/assets\/CaseFileArea-[\w-]+\.js$/, (route) => route.abort());
  const access = await createCaseFile(server);
  await page.goto(`${access.path}/uebersicht`);
  const alert = page.getByRole('alert').filter({ hasText: 'Dieser Bereich konnte nicht angezeigt werden' });
  await expect(alert).toBeVisible();
  // It used to be squeezed beside the button to a letter per line (4 px wide).
  const message = await alert.locator('.alert-message').boundingBox();
  expect(message?.width ?? 0).toBeGreaterThan(120);
  const reload = alert.getByRole('button', { name: 'Seite neu laden' });
  expect((await reload.boundingBox())?.y ?? 0).toBeGreaterThan((message?.y ?? 0) + (message?.height ?? 0) - 1);
  expect(await pageScrollsSideways(page)).toBe(false);
});
