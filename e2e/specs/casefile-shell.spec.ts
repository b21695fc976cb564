// Digitale Fallakte shell: every drawer entry at phone width (overlay with backdrop) and desktop width
// (side mode), each screen with real data, axe-core and screenshots at both sizes.
import type { Page } from '@playwright/test';
import { test, expect, expectAccessible, screenshotBothSizes, DESKTOP_VIEWPORT, PHONE_VIEWPORT } from '../support/fixtures.js';
import { createCaseFile, signIn, type CaseFileAccess } from '../support/caseFile.js';

/** Menu entry → h1 of the screen it opens, and a text from the server that must be shown there. */
const ENTRIES: ReadonlyArray<{ entry: string; heading: string; path: string; shot: string; content?: RegExp }> = [
  { entry: 'Ihre Anwältin', heading: 'Ihre Anwältin', path: '/uebersicht/anwalt', shot: 'casefile-lawyer', content: /Dr\. Anna Berger/ },
  {
    entry: 'Falldaten',
    heading: 'Falldaten',
    path: '/uebersicht/falldaten',
    shot: 'casefile-case-details',
    content: /Seit Monaten Schimmel im Schlafzimmer\./,
  },
  { entry: 'Persönliche Daten', heading: 'Persönliche Daten', path: '/uebersicht/persoenlich', shot: 'casefile-personal', content: /Erika Musterfrau/ },
  { entry: 'Dokumente', heading: 'Dokumente', path: '/uebersicht/dokumente', shot: 'casefile-documents', content: /Es sind noch keine Dokumente vorhanden\./ },
  { entry: 'Verlauf', heading: 'Verlauf', path: '/uebersicht/verlauf', shot: 'casefile-history', content: /Fallakte angelegt/ },
  { entry: 'Kontaktieren Sie uns', heading: 'Kontaktieren Sie uns', path: '/uebersicht/kontakt', shot: 'casefile-contact' },
  { entry: 'Datenschutz', heading: 'Datenschutzhinweise zur digitalen Fallakte', path: '/uebersicht/datenschutz', shot: 'casefile-privacy' },
  { entry: 'Nutzungsbedingungen', heading: 'Nutzungsbedingungen der digitalen Fallakte', path: '/uebersicht/nutzungsbedingungen', shot: 'casefile-terms' },
  { entry: 'Übersicht', heading: 'Übersicht', path: '/uebersicht', shot: 'casefile-overview', content: /Vollmacht lesen und unterschreiben/ },
];

const menu = (page: Page) => page.getByRole('navigation', { name: 'Menü der Fallakte' });

async function openMenu(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Menü öffnen' }).click();
  await expect(menu(page)).toBeVisible();
  // Focus moves into the menu for keyboard and screen-reader users.
  await expect.poll(() => page.evaluate(() => document.activeElement?.closest('nav')?.getAttribute('aria-label'))).toBe('Menü der Fallakte');
}

async function visitEveryEntry(page: Page, access: CaseFileAccess, screenshots: boolean): Promise<void> {
  for (const { entry, heading, path, shot, content } of ENTRIES) {
    await openMenu(page);
    // To-dos (Dokumente, Fragebogen, Vollmacht) carry their state in the name: "Dokumente – Status: offen".
    await menu(page)
      .getByRole('link', { name: new RegExp(`^${entry.replace(/[()]/g, '\\$&')}( – Status: (offen|erledigt))?$`) })
      .click();
    await expect(page).toHaveURL(`${access.path}${path}`);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    // Choosing an entry closes the menu and puts focus on the new page's content.
    await expect(menu(page)).toBeHidden();
    await expect(page.locator('main#inhalt')).toBeFocused();
    if (content) await expect(page.getByText(content).first()).toBeVisible();
    await expectAccessible(page, `case-file ${entry}`);
    if (screenshots) await screenshotBothSizes(page, shot);
  }
}

test('phone width: the menu overlays the page, the backdrop closes it, and every entry opens its screen', async ({ page, server }) => {
  await page.setViewportSize(PHONE_VIEWPORT);
  const access = await createCaseFile(server);
  await signIn(page, access);
  await expectAccessible(page, 'case-file overview');
  await openMenu(page);
  await expectAccessible(page, 'case-file menu open (over)');
  await screenshotBothSizes(page, 'casefile-menu');
  // Over mode: a backdrop covers the page and closes the menu; focus returns to the menu button. The screenshots
  // resize the page, so wait until the backdrop is back and faded in before clicking it (a loaded machine is slow).
  const backdrop = page.getByTestId('casefile-menu-backdrop');
  await expect(backdrop).toBeVisible();
  await expect(backdrop).toHaveCSS('opacity', '1');
  await page.mouse.click(20, 400);
  await expect(menu(page)).toBeHidden();
  await expect(page.getByRole('button', { name: 'Menü öffnen' })).toBeFocused();
  await visitEveryEntry(page, access, true);
  // The imprint opens in a new tab.
  await openMenu(page);
  const [popup] = await Promise.all([page.waitForEvent('popup'), menu(page).getByRole('link', { name: 'Impressum (neues Fenster)' }).click()]);
  await expect(popup.getByRole('heading', { level: 1, name: 'Impressum' })).toBeVisible();
  await popup.close();
  // Back in the header goes up within the file, also on a screen opened directly; the overview has none.
  await page.goto(`${access.path}/uebersicht/verlauf`);
  await page.getByRole('button', { name: 'Zurück' }).click();
  await expect(page).toHaveURL(`${access.path}/uebersicht`);
  await expect(page.getByRole('heading', { level: 1, name: 'Übersicht' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Zurück' })).toHaveCount(0);
});

test('desktop width: the menu opens beside the content in side mode and every entry opens its screen', async ({ page, server }) => {
  await page.setViewportSize(DESKTOP_VIEWPORT);
  const access = await createCaseFile(server);
  await signIn(page, access);
  await openMenu(page);
  // Side mode: no backdrop, the page stays usable next to the menu.
  await expect(page.getByTestId('casefile-menu-backdrop')).toHaveCount(0);
  const main = await page.locator('main#inhalt').boundingBox();
  const nav = await menu(page).boundingBox();
  expect(main && nav && main.x + main.width <= nav.x + 1).toBe(true);
  await expectAccessible(page, 'case-file menu open (side)');
  await page.keyboard.press('Escape');
  await expect(menu(page)).toBeHidden();
  await expect(page.getByRole('button', { name: 'Menü öffnen' })).toBeFocused();
  await visitEveryEntry(page, access, false);
});

test('personal data: e-mail and address can be corrected, with a German error for a bad e-mail', async ({ page, server }) => {
  await page.setViewportSize(PHONE_VIEWPORT);
  const access = await createCaseFile(server);
  await signIn(page, access);
  await page.goto(`${access.path}/uebersicht/persoenlich`);
  await page.getByRole('button', { name: 'Angaben ändern' }).click();
  await page.getByLabel('E-Mail-Adresse').fill('kein-at-zeichen');
  await page.getByLabel('Postleitzahl').fill('abcde');
  await page.getByRole('button', { name: 'Speichern' }).click();
  // Every wrong field at once, next to it; nothing is sent.
  await expect(page.getByText('Bitte geben Sie eine gültige E-Mail-Adresse ein, z. B. name@beispiel.de.')).toBeVisible();
  await expect(page.getByText('Bitte geben Sie eine Postleitzahl mit fünf Ziffern ein, z. B. 50667.')).toBeVisible();
  await expect(page.getByText('Bitte geben Sie Straße und Hausnummer ein.')).toBeVisible();
  await expect(page.getByLabel('E-Mail-Adresse')).toBeFocused();
  await expectAccessible(page, 'case-file personal data with errors');
  await page.getByLabel('E-Mail-Adresse').fill('erika.neu@example.org');
  await page.getByLabel('Straße und Hausnummer').fill('Lindenweg 3');
  await page.getByLabel('Postleitzahl').fill('10115');
  await page.getByLabel('Ort').fill('Berlin');
  await page.getByRole('button', { name: 'Speichern' }).click();
  await expect(page.getByText('Ihre Angaben wurden gespeichert.')).toBeVisible();
  await expect(page.getByText('Lindenweg 3, 10115 Berlin')).toBeVisible();
  await expect(page.getByText('erika.neu@example.org')).toBeVisible();
  // Saving and cancelling remove the form with its buttons; the focus goes to "Angaben ändern", not to the page's start.
  const edit = page.getByRole('button', { name: 'Angaben ändern' });
  await expect(edit).toBeFocused();
  await page.keyboard.press('Enter');
  await page.getByRole('button', { name: 'Abbrechen' }).click();
  await expect(edit).toBeFocused();
});
