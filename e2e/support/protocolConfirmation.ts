// The protocol mail's double opt-in as a person meets it: the confirmation mail in the outbox, its link opened in a
// browser, „Protokoll jetzt senden“ pressed – with axe-core on the page before and after; and an expired link renewed.
import path from 'node:path';
import Database from 'better-sqlite3';
import { expect, type Page } from '@playwright/test';
import { expectAccessible } from './fixtures.js';
import { mailsTo } from './outbox.js';

export const CONFIRMATION_SUBJECT = /^Subject: =\?UTF-8\?Q\?Bitte_best=C3=A4tigen_Sie/m;

/** The links of the confirmation mails to `address` so far. */
const confirmationLinksIn = (dataDir: string, address: string) =>
  mailsTo(dataDir, address)
    .filter((mail) => CONFIRMATION_SUBJECT.test(mail))
    .map((mail) => /https?:\/\/\S+\/protokoll\/bestaetigen#[A-Za-z0-9_-]+/.exec(mail)?.[0] ?? '');

/** The link of the one confirmation mail to `address` (waits for it: the mail after a closure is sent in the background). */
export async function confirmationLinkTo(dataDir: string, address: string): Promise<string> {
  await expect.poll(() => mailsTo(dataDir, address).filter((mail) => CONFIRMATION_SUBJECT.test(mail)).length, { timeout: 15_000 }).toBe(1);
  const mail = mailsTo(dataDir, address).find((m) => CONFIRMATION_SUBJECT.test(m)) ?? '';
  // Nothing of the consultation goes to an address nobody has confirmed yet.
  expect(mail).not.toContain('application/pdf');
  const link = /https?:\/\/\S+\/protokoll\/bestaetigen#[A-Za-z0-9_-]+/.exec(mail)?.[0];
  if (link === undefined) throw new Error(`no confirmation link in the mail to ${address}`);
  return link;
}

/** The protocol mails (with the PDF) to `address` so far. */
export const protocolMailsTo = (dataDir: string, address: string) =>
  mailsTo(dataDir, address).filter((mail) => /Content-Type: application\/pdf; name=Chatprotokoll-RC-/.test(mail));

/**
 * Opens the link as the mail's reader does and confirms: the page names the address and sends only on the button (a
 * mail scanner's GET of the link sends nothing); afterwards it says the protocol is on its way, and the link is used.
 */
export async function confirmProtocolLink(page: Page, link: string, address: string, dataDir: string): Promise<void> {
  const scanned = await page.request.get(link);
  expect(scanned.ok()).toBe(true);
  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1, name: 'Chatprotokoll per E-Mail' })).toBeVisible();
  await expect(page.getByText(address, { exact: true })).toBeVisible();
  // The token leaves the address bar once read.
  await expect(page).toHaveURL(/\/protokoll\/bestaetigen$/);
  expect(protocolMailsTo(dataDir, address)).toEqual([]);
  await expectAccessible(page, 'protocol confirmation');
  await page.getByRole('button', { name: 'Protokoll jetzt senden' }).click();
  const done = page.locator('.ui-alert').filter({ hasText: 'Vielen Dank, Ihre Adresse ist bestätigt' });
  // The answer comes once the PDF is drawn and the mail handed over: seconds on a busy two-core runner.
  await expect(done).toBeFocused({ timeout: 60_000 });
  await expect(done).toContainText(`Das Protokoll ist an ${address} unterwegs.`);
  await expectAccessible(page, 'protocol confirmed');
  await expect.poll(() => protocolMailsTo(dataDir, address).length).toBe(1);
  // The link works once (a new load: from the page itself only the fragment would change).
  await page.goto('about:blank');
  await page.goto(link);
  await expect(page.getByText('Dieser Link wurde bereits verwendet')).toBeVisible();
  await expectAccessible(page, 'protocol link used');
}

/**
 * Lets the open confirmation links to `address` run out, as two days without a look into the mailbox would: the
 * journey's server keeps real time, so the link's end is moved into the past in its SQLite file instead.
 */
export function expireConfirmationLinks(dataDir: string, address: string): void {
  const db = new Database(path.join(dataDir, 'rechtschat.sqlite'));
  db.pragma('busy_timeout = 5000');
  try {
    const past = new Date(Date.now() - 60_000).toISOString();
    const changed = db.prepare('update protocol_mail_confirmations set expires_at = ? where email = ? and used_at is null').run(past, address).changes;
    expect(changed).toBe(1);
  } finally {
    db.close();
  }
}

/**
 * Opens an expired link: the page says so and offers „Neuen Bestätigungslink senden“, which mails a new link to the
 * same address (the page names none) and says where it went; the old link is invalid then. Returns the new link.
 */
export async function renewExpiredLink(page: Page, link: string, address: string, dataDir: string): Promise<string> {
  const before = confirmationLinksIn(dataDir, address);
  await page.goto(link);
  await expect(page.getByText('Dieser Link ist abgelaufen')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Zum Protokoll-Download' })).toBeVisible();
  await expectAccessible(page, 'protocol link expired');
  await page.getByRole('button', { name: 'Neuen Bestätigungslink senden' }).click();
  const sent = page.locator('.ui-alert').filter({ hasText: 'Ein neuer Link ist unterwegs' });
  await expect(sent).toBeFocused();
  await expect(sent).toContainText(`Wir haben einen neuen Bestätigungslink an ${address} gesendet.`);
  await expectAccessible(page, 'protocol link renewed');
  await expect.poll(() => confirmationLinksIn(dataDir, address).length).toBe(before.length + 1);
  const renewed = confirmationLinksIn(dataDir, address).find((candidate) => !before.includes(candidate));
  if (renewed === undefined) throw new Error(`no new confirmation link to ${address}`);
  expect(protocolMailsTo(dataDir, address)).toEqual([]);
  // The expired link was replaced: opened again it is invalid, with no second renewal offered.
  await page.goto('about:blank');
  await page.goto(link);
  await expect(page.getByText('Dieser Link ist ungültig')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Neuen Bestätigungslink senden' })).toHaveCount(0);
  // A new load for the next link: from this page only the fragment would change.
  await page.goto('about:blank');
  return renewed;
}
