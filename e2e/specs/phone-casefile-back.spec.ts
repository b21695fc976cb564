// On a touch phone, the header's „Zurück“ behaves like the phone's back button: it adds no history entry, so pressing
// the phone's back button afterwards does not return to the screen just left (opened from the overview, and opened
// directly from a link).
import { createCaseFile, signIn } from '../support/caseFile.js';
import { expect, test } from '../support/fixtures.js';
import { touchPhone } from '../support/phone.js';

test.use(touchPhone);

test("the header's „Zurück“ adds no history entry: the phone's back button afterwards does not reopen the screen", async ({ page, server }) => {
  const access = await createCaseFile(server);
  await signIn(page, access);
  await expect(page.getByRole('heading', { level: 1, name: 'Übersicht' })).toBeVisible();
  const entries = () => page.evaluate(() => window.history.length);
  const atOverview = await entries();

  await page.getByRole('button', { name: 'Menü öffnen' }).click();
  await page.getByRole('navigation', { name: 'Menü der Fallakte' }).getByRole('link', { name: 'Verlauf' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Verlauf' })).toBeVisible();
  // A reload on the way must not matter.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Verlauf' })).toBeVisible();
  await page.getByRole('button', { name: 'Zurück' }).click();
  await expect(page).toHaveURL(`${access.path}/uebersicht`);
  await expect(page.getByRole('heading', { level: 1, name: 'Übersicht' })).toBeVisible();
  expect(await entries()).toBe(atOverview + 1);
  // Forward (not Back) leads to the screen just left: „Zurück“ went back.
  await page.goForward();
  await expect(page.getByRole('heading', { level: 1, name: 'Verlauf' })).toBeVisible();
  await page.goBack();
  await expect(page.getByRole('heading', { level: 1, name: 'Übersicht' })).toBeVisible();

  // A screen opened directly (a link in an e-mail): „Zurück“ puts the overview in its place.
  await page.goto(`${access.path}/uebersicht/dokumente`);
  await expect(page.getByRole('heading', { level: 1, name: 'Dokumente' })).toBeVisible();
  const direct = await entries();
  await page.getByRole('button', { name: 'Zurück' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Übersicht' })).toBeVisible();
  expect(await entries()).toBe(direct);
  await page.goBack();
  await expect(page).not.toHaveURL(`${access.path}/uebersicht/dokumente`);
});
