// Every top-level route prefix shows a German page with a heading; the chat's legal pages
// and the callback confirmation show their content. Each page passes axe-core.
import { ChatPage } from '../support/chatPage.js';
import { expect, expectAccessible, test } from '../support/fixtures.js';

interface TopLevelPage {
  readonly path: string;
  readonly heading: string;
  readonly url?: RegExp;
  /** Pages built from the same component as an earlier one skip the (slow) axe run. */
  readonly sameLayoutAs?: string;
}

/** Top-level route prefixes and the h1 each must show (chat/new without a link asks for one). */
const TOP_LEVEL_PAGES: readonly TopLevelPage[] = [
  { path: '/rueckruf', heading: 'Rückrufservice' },
  { path: '/digitale-fallakte', heading: 'Ihre digitale Fallakte' },
  { path: '/vertragscheck', heading: 'Vertragscheck', sameLayoutAs: '/rueckruf' },
  { path: '/live-unterlagen-zugriff', heading: 'Live-Zugriff auf Unterlagen', sameLayoutAs: '/rueckruf' },
  { path: '/onlineberatung', heading: 'Onlineberatung', sameLayoutAs: '/rueckruf' },
  { path: '/website-check', heading: 'Website-Check', sameLayoutAs: '/rueckruf' },
  { path: '/telefonberatung-mit-protokoll', heading: 'Telefonberatung mit Protokoll', sameLayoutAs: '/rueckruf' },
  { path: '/inkasso', heading: 'Inkasso', sameLayoutAs: '/rueckruf' },
  { path: '/follow-up', heading: 'Folgeberatung', sameLayoutAs: '/rueckruf' },
  { path: '/protokoll', heading: 'Chatprotokoll herunterladen' },
  { path: '/einverstaendnis', heading: 'Einverständnis zur Deckungsabfindung' },
  { path: '/chat', heading: 'Bitte öffnen Sie den Chat über Ihren persönlichen Link', url: /\/chat\/new$/ },
  { path: '/agb-check', heading: 'AGB-Check', sameLayoutAs: '/rueckruf' },
  { path: '/mandatsfall', heading: 'Mandatsfall', sameLayoutAs: '/rueckruf' },
  { path: '/external/mineko', heading: 'Weiterleitung zu unserem Partner' },
  { path: '/external/csv', heading: 'Datenexport' },
  { path: '/steuerungsfall', heading: 'Anwaltsvermittlung', sameLayoutAs: '/rueckruf' },
  { path: '/deckungsabfindung', heading: 'Deckungsabfindung' },
  { path: '/deckungsabloese', heading: 'Deckungsabfindung', sameLayoutAs: '/deckungsabfindung' },
  { path: '/ausserhalb-dienstzeit', heading: 'Servicezeiten' },
  { path: '/logout', heading: 'Abmeldung' },
  { path: '/agb', heading: 'Mandatsbedingungen' },
  { path: '/barrierefreiheit', heading: 'Erklärung zur Barrierefreiheit' },
];

for (const { path, heading, url, sameLayoutAs } of TOP_LEVEL_PAGES) {
  test(`${path} shows the German page "${heading}"`, async ({ page }) => {
    const response = await page.goto(path);
    expect(response?.status()).toBe(200);
    if (url) await expect(page).toHaveURL(url);
    await expect(page.getByRole('heading', { level: 1, name: heading, exact: true })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await expect(page.getByRole('main')).not.toHaveText(heading);
    if (!sameLayoutAs) await expectAccessible(page, path);
  });
}

test('an unknown address answers 404 and still shows the app: the German page „Seite nicht gefunden“ with the header and the legal links', async ({ page }) => {
  for (const path of ['/gibt-es-nicht', '/fallakte/a/b/c/d', '/chat/new/mehr']) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: 'Seite nicht gefunden' })).toBeVisible();
    await expect(page.getByRole('banner').getByRole('link', { name: 'Rechtsberatung im Chat' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Rechtliche Hinweise' }).getByRole('link', { name: 'Impressum' })).toBeVisible();
  }
  await expectAccessible(page, 'web 404 page');
  // The console's unknown addresses: 404 too, and the console itself (signed out: its login).
  const console = await page.goto('/konsole/quatsch');
  expect(console?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Anmeldung' })).toBeVisible();
});

test('/p redirects to /protokoll and keeps the query; signed out, the page says in German how to get the protocol', async ({ page }) => {
  await page.goto('/p?reference=RC-1A2B3C4D');
  await expect(page).toHaveURL(/\/protokoll\?reference=RC-1A2B3C4D$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Chatprotokoll herunterladen' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Bitte melden Sie sich zuerst an' })).toBeVisible();
  await expect(page.getByRole('main')).toContainText('über Ihren persönlichen Link');
  await expect(page.getByRole('link', { name: 'Zum Chat' })).toHaveAttribute('href', '/chat');
  await expect(page.getByRole('textbox', { name: /Aktenzeichen/ })).toHaveCount(0);
  await expectAccessible(page, 'protocol signed out');
});

test('the terms of use state the minimum age of 18, the free platform, text consultation and callbacks', async ({ page }) => {
  await page.goto('/chat/nutzungsbedingungen');
  await expect(page.getByRole('heading', { level: 1, name: 'Nutzungsbedingungen der Rechtsberatung im Chat' })).toBeVisible();
  const main = page.getByRole('main');
  await expect(main).toContainText('mindestens 18 Jahre alt');
  await expect(main).toContainText('kostenfrei');
  await expect(main).toContainText('Die Kosten der Beratung trägt Ihr Versicherer');
  await expect(main).toContainText('in Textform im Chat');
  await expect(main).toContainText('Rückruf vereinbaren');
  await expectAccessible(page, 'terms of use');
});

test('the accessibility statement (BFSG § 14) is linked beside Impressum and Datenschutz and names status, gaps, contact and MLBF', async ({ page }) => {
  await page.goto('/chat/datenschutz');
  const footer = page.getByRole('navigation', { name: 'Rechtliche Hinweise' });
  await expect(footer.getByRole('link', { name: 'Impressum' })).toBeVisible();
  await footer.getByRole('link', { name: 'Barrierefreiheit' }).click();
  await expect(page).toHaveURL(/\/barrierefreiheit$/);
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1, name: 'Erklärung zur Barrierefreiheit' })).toBeVisible();
  await expect(main).toContainText('WCAG) 2.1, Konformitätsstufe AA');
  await expect(main).toContainText('sind getaggte PDF-Dateien');
  await expect(main).toContainText('axe-core');
  await expect(main).toContainText(/am \d{1,2}\. \w+ \d{4} erstellt/);
  await expect(main).toContainText('Marktüberwachungsstelle der Länder für die Barrierefreiheitsanforderungen an Produkte und Dienstleistungen (MLBF)');
  await expect(main.getByRole('link', { name: 'Zu den Kontaktangaben im Impressum' })).toHaveAttribute('href', '/impressum');
  await page.goto('/digitale-fallakte');
  // From the case file the statement is linked with its origin, so it keeps the case file's name and links.
  await expect(page.getByRole('navigation', { name: 'Rechtliches zur digitalen Fallakte' }).getByRole('link', { name: 'Barrierefreiheit' })).toHaveAttribute(
    'href',
    '/barrierefreiheit?von=fallakte',
  );
});

test('the privacy notice states that data are kept up to ten years', async ({ page }) => {
  await page.goto('/chat/datenschutz');
  await expect(page.getByRole('heading', { level: 1, name: 'Datenschutzhinweise zur Rechtsberatung im Chat' })).toBeVisible();
  await expect(page.getByRole('main')).toContainText('bis zu zehn Jahre');
  await expectAccessible(page, 'privacy notice');
});

test('the callback confirmation shows the decoded phone number and the availability', async ({ page }) => {
  const phone = '+49 30 1234567';
  const availability = '24.11.2026, 12:00–18:00 Uhr';
  const telephone = Buffer.from(phone, 'utf8').toString('base64');
  await page.goto(`/chat/rueckruf?telephone=${encodeURIComponent(telephone)}&availability=${encodeURIComponent(availability)}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Ihr Rückruf ist vereinbart' })).toBeVisible();
  const details = page.getByRole('region', { name: 'Ihre Angaben' });
  await expect(details).toContainText(phone);
  await expect(details).toContainText(availability);
  await expectAccessible(page, 'callback confirmation');
});

test('the callback confirmation without a booking confirms none and offers the way to the callback service and the chat', async ({ page }) => {
  await page.goto('/chat/rueckruf');
  await expect(page.getByRole('heading', { level: 1, name: 'Hier ist kein Rückruf hinterlegt' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Ihr Rückruf ist vereinbart' })).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Ihre Angaben' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Mehr zum Rückrufservice' })).toHaveAttribute('href', '/rueckruf');
  await expect(page.getByRole('link', { name: 'Zur Rechtsberatung im Chat' })).toHaveAttribute('href', '/chat');
});

test('the log-out on the callback confirmation ends the chat session and returns to the chat', async ({ page, server }) => {
  // A person with a chat session, as after booking a callback in the chat: „Abmelden“ shows only with a session (without
  // one the page hid it as soon as its who-am-I answered, and a click before that answer was a race the journey lost).
  await new ChatPage(page).open(server.seed);
  const availability = encodeURIComponent('24.11.2026, 12:00–18:00 Uhr');
  await page.goto(`/chat/rueckruf?telephone=${encodeURIComponent(Buffer.from('030 1234567').toString('base64'))}&availability=${availability}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Ihr Rückruf ist vereinbart' })).toBeVisible();
  const logout = page.waitForResponse((r) => r.url().endsWith('/api/logout') && r.request().method() === 'POST');
  await page.getByRole('button', { name: 'Abmelden' }).click();
  await logout;
  await expect(page).toHaveURL(/\/chat(\/new)?$/);
});
