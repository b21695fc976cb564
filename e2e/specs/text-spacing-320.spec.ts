// WCAG 1.4.10 and 1.4.12 together (accessibility auditor): at 320 CSS px with the text-spacing bookmarklet's styles –
// line height 1.5, letter spacing 0.12 em, word spacing 0.16 em, 2 em after a paragraph – nothing a client meets on
// the way in scrolls sideways or sticks out: the Fallakte's access page (link and PIN), the Fragebogen with and
// without its error messages, the Fallakte without a link, and the chat's start page; and the console's access page
// (/konsole/zugang, an invitation), whose long field labels MUI cut off with an ellipsis.
import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { ChatPage } from '../support/chatPage.js';
import { createCaseFile, submitPin } from '../support/caseFile.js';
import { expect, test } from '../support/fixtures.js';
import type { ServerHandle } from '../support/server.js';

test.use({ viewport: { width: 320, height: 640 } });

/** The WCAG 1.4.12 test styles, as the auditor's bookmarklet injects them. */
const TEXT_SPACING = `* { line-height: 1.5 !important; letter-spacing: 0.12em !important; word-spacing: 0.16em !important; }
p { margin-bottom: 2em !important; }`;

/**
 * Applies the text spacing and names what overflows: the page's own sideways scroll, and every visible element whose
 * content is wider than its box (unless it scrolls on purpose) or whose right edge passes the viewport.
 */
async function overflowUnderTextSpacing(page: Page): Promise<{ pageScrollWidth: number; elements: string[] }> {
  await page.addStyleTag({ content: TEXT_SPACING });
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const elements: string[] = [];
    for (const element of document.body.querySelectorAll<HTMLElement>('*')) {
      const style = getComputedStyle(element);
      if (style.display === 'none' || style.visibility === 'hidden' || element.getClientRects().length === 0) continue;
      // Visually hidden texts (clip) and the skip links parked off-screen until focused are no overflow.
      if (element.closest('.visually-hidden, .sr-only, [class*="skip"]') || (style.position === 'absolute' && style.clip !== 'auto')) continue;
      const scrolls = ['auto', 'scroll'].includes(style.overflowX);
      const clips = style.overflowX === 'hidden' || style.overflowX === 'clip';
      const rect = element.getBoundingClientRect();
      const name = `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''}.${[...element.classList].join('.')} „${(element.textContent ?? '').trim().slice(0, 30)}“`;
      if (rect.right > width + 0.5) elements.push(`${name}: right edge ${Math.round(rect.right)} px`);
      else if (!scrolls && element.scrollWidth > element.clientWidth + 1 && element.clientWidth > 0 && (clips || style.overflowX === 'visible'))
        elements.push(`${name}: content ${element.scrollWidth} px in ${element.clientWidth} px`);
    }
    return { pageScrollWidth: document.documentElement.scrollWidth, elements };
  });
}

async function expectNoOverflow(page: Page, context: string): Promise<void> {
  const found = await overflowUnderTextSpacing(page);
  expect.soft(found.elements, `${context}: elements that overflow`).toEqual([]);
  expect.soft(found.pageScrollWidth, `${context}: the page's width`).toBeLessThanOrEqual(320);
}

/** An invitation link to the console, issued through the administration API as the seed's administrator. */
async function invitationLink(server: ServerHandle): Promise<string> {
  const login = await fetch(`${server.chatUrl}api/lawyer/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ Email: server.seed.lawyer.email, Password: server.seed.lawyer.password }),
  });
  expect(login.ok, 'administrator login').toBe(true);
  const cookie = login.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const res = await fetch(`${server.chatUrl}api/admin/invitations`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', Cookie: cookie },
    body: JSON.stringify({ Email: `neu-${randomUUID().slice(0, 8)}@example.org`, Role: 'lawyer' }),
  });
  expect(res.status, 'invitation').toBe(201);
  return ((await res.json()) as { Url: string }).Url;
}

test('at 320 px with WCAG text spacing nothing scrolls sideways: access page, Fragebogen, chat start', async ({ page, server }) => {
  const access = await createCaseFile(server, 'Mietminderung wegen Schimmelbefalls im Schlafzimmer und Feuchtigkeitsschäden');

  await test.step('the access page with link and PIN', async () => {
    await page.goto(access.path);
    await expect(page.getByRole('heading', { level: 1, name: 'Anmelden' })).toBeVisible();
    await expectNoOverflow(page, 'access page');
  });

  await test.step('the Fragebogen, empty and with every error message', async () => {
    await submitPin(page, access.pin);
    await expect(page.getByRole('heading', { level: 1, name: 'Übersicht' })).toBeVisible();
    await expectNoOverflow(page, 'Fallakte overview');
    await page.goto(`${access.path}/fragebogen`);
    await expect(page.getByRole('heading', { level: 1, name: 'Fragebogen' })).toBeVisible();
    await expectNoOverflow(page, 'Fragebogen');
    await page.getByRole('button', { name: 'Fragebogen senden' }).click();
    await expect(page.getByText('Bitte geben Sie Ihr Geburtsdatum an.')).toBeVisible();
    await expectNoOverflow(page, 'Fragebogen with errors');
  });

  await test.step('the Fallakte without a link', async () => {
    await page.goto('/digitale-fallakte');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectNoOverflow(page, 'Fallakte without a link');
  });

  await test.step('the chat’s start page', async () => {
    await new ChatPage(page).open(server.seed);
    await expectNoOverflow(page, 'chat start');
  });

  await test.step('the console’s access page of an invitation: name, phone and both password fields', async () => {
    await page.goto(await invitationLink(server));
    await expect(page.getByText('Sie wurden in die Anwaltskonsole eingeladen.', { exact: false })).toBeVisible();
    await expectNoOverflow(page, 'console access page');
  });
});
