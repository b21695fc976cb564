// Berichte in the console: the administrator opens the reports, sees this month's key figures with a data table beside
// every chart, and downloads the invoice CSV (German Excel: BOM, `;`, one row per consultation ended in the period, no content);
// a client who booked a callback while waiting shows as „Rückruf vereinbart, bevor jemand kam“, not as abandoned.
// The consultations are written straight into the journey server's SQLite file as stored facts (as the reports read them).
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { readFile } from 'node:fs/promises';
import Database from 'better-sqlite3';
import { caseReferenceOf } from '@rechtschat/core';
import { ConsolePage } from '../support/consolePage.js';
import { DESKTOP_VIEWPORT, PHONE_VIEWPORT, expect, expectAccessible, test } from '../support/fixtures.js';
import { expectGermanBrowser } from '../support/locale.js';
import { expectNoSidewaysScroll } from '../support/phone.js';

test.use({ viewport: DESKTOP_VIEWPORT });

/** Ids and times for rows written straight into the journey server's database. */
interface StoreContext {
  readonly db: Database.Database;
  id(): string;
  at(minutesAgo: number): string;
}

/**
 * Writes rows into the server's SQLite file with a new customer and participant (`participant`), created 10 minutes ago.
 */
function storeForNewParticipant<T>(dataDir: string, write: (store: StoreContext, participant: string) => T): T {
  const db = new Database(path.join(dataDir, 'rechtschat.sqlite'));
  db.pragma('busy_timeout = 5000');
  try {
    const id = () => randomBytes(16).toString('base64url');
    const now = Date.now();
    const at = (minutesAgo: number) => new Date(now - minutesAgo * 60_000).toISOString();
    const [customer, participant] = [id(), id()];
    db.prepare('insert into customers (id, number_hash, second_level_enabled, created_at) values (?, ?, 0, ?)').run(customer, id(), at(10));
    db.prepare('insert into participants (id, customer_id, created_at) values (?, ?, ?)').run(participant, customer, at(10));
    return write({ db, id, at }, participant);
  } finally {
    db.close();
  }
}

/** A completed consultation started 10 minutes ago (this Berlin month, unless it just began), with a rating. */
function storeCompletedConsultation(dataDir: string, lawyerEmail: string, fieldOfLawName: string): string {
  return storeForNewParticipant(dataDir, ({ db, id, at }, participant) => {
    const lawyer = db.prepare('select id from lawyers where email = ?').get(lawyerEmail.toLowerCase()) as { id: string };
    const [caseId, chat] = [id(), id()];
    db.prepare(
      `insert into cases (id, participant_id, description, field_of_law, field_of_law_long_name, created_at, retention_until)
       values (?, ?, 'Vertraulicher Sachverhalt', 99, ?, ?, '2099-01-01T00:00:00.000Z')`,
    ).run(caseId, participant, fieldOfLawName, at(10));
    db.prepare(
      `insert into chats (id, case_id, state, lawyer_id, accepted_lawyer_id, close_reason, created_at, accepted_at, closed_at)
       values (?, ?, 'closed', ?, ?, 'lawyer', ?, ?, ?)`,
    ).run(chat, caseId, lawyer.id, lawyer.id, at(10), at(9), at(1));
    db.prepare('insert into ratings (id, case_id, stars, comment, created_at) values (?, ?, 5, ?, ?)').run(id(), caseId, 'Sehr verständlich', at(0));
    return caseId;
  });
}

/**
 * Two consultations nobody took, at an insurer of their own (other journeys on this server leave figures this month): one
 * whose client booked a callback while waiting (the chat left the queue for it), one whose client left without an answer.
 */
function storeUntakenConsultations(dataDir: string, insurerName: string): void {
  storeForNewParticipant(dataDir, ({ db, id, at }, participant) => {
    const insurer = id();
    db.prepare('insert into insurers (id, name, display_name, created_at) values (?, ?, null, ?)').run(insurer, insurerName, at(10));
    for (const closeReason of ['callback', 'abandoned']) {
      const [caseId, chat] = [id(), id()];
      db.prepare(
        `insert into cases (id, participant_id, description, field_of_law, field_of_law_long_name, created_at, retention_until, insurer_id, closed_at, disabled)
         values (?, ?, 'Frage zum Mietvertrag', 3, 'Miet- und Wohnungseigentumsrecht', ?, '2099-01-01T00:00:00.000Z', ?, ?, 1)`,
      ).run(caseId, participant, at(10), insurer, at(5));
      db.prepare(`insert into chats (id, case_id, state, close_reason, created_at, closed_at) values (?, ?, 'closed', ?, ?, ?)`).run(
        chat,
        caseId,
        closeReason,
        at(10),
        at(5),
      );
      if (closeReason === 'callback')
        db.prepare('insert into callbacks (id, case_id, chat_id, phone, availability, created_at) values (?, ?, ?, ?, ?, ?)').run(
          id(),
          caseId,
          chat,
          '+4930123456',
          'vormittags',
          at(5),
        );
    }
  });
}

test('an administrator reads the reports with a table beside each chart and downloads the invoice CSV', async ({ page, server }) => {
  const field = `E2E-Rechtsgebiet ${randomBytes(3).toString('hex')}`;
  const caseId = storeCompletedConsultation(server.dataDir, server.seed.lawyer.email, field);
  const consolePage = new ConsolePage(page);

  await test.step('the administrator opens Berichte and sees this month', async () => {
    await consolePage.open(server.webUrl);
    await consolePage.login(server.seed.lawyer.email, server.seed.lawyer.password);
    await expect(page.getByRole('button', { name: 'Abmelden' })).toBeVisible();
    await page.getByRole('navigation', { name: 'Hauptnavigation' }).getByRole('link', { name: 'Berichte' }).click();
    await expect(page.getByRole('heading', { name: 'Berichte', level: 2 })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: /^Bericht für .* geladen\.$/ })).toBeVisible();
    const keyFigures = page.getByRole('region', { name: 'Kennzahlen' });
    await expect(keyFigures).toContainText('Begonnene Beratungen');
    await expect(keyFigures).toContainText('Wartezeit bis zur Annahme');
  });

  await test.step('every chart has its data table, the stored consultation is counted', async () => {
    await expect(page.getByRole('img', { name: /^Balkendiagramm: / })).toHaveCount(5);
    const fields = page.getByRole('table', { name: 'Rechtsgebiete' });
    await expect(fields.getByRole('row').filter({ hasText: field })).toContainText('1');
    await expect(page.getByRole('table', { name: 'Verteilung der Bewertungen' })).toBeVisible();
    const perLawyer = page.getByRole('table', { name: 'Je Anwältin oder Anwalt (wer die Beratung angenommen hat)' });
    await expect(perLawyer).toContainText('Dr. Anna Berger');
    // At 1280 px the six columns have room: the lawyer's name stays on one line (it wrapped over three in 640 px).
    const nameLines = await perLawyer.getByRole('rowheader', { name: 'Dr. Anna Berger' }).evaluate((cell) => {
      const range = document.createRange();
      range.selectNodeContents(cell);
      return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
    });
    expect(nameLines).toBe(1);
    await expect(page.getByText('Sehr verständlich', { exact: true })).toBeVisible();
    await expectAccessible(page, 'reports');
  });

  await test.step('on a phone the charts and tables scroll sideways on their own, each reachable by the keyboard', async () => {
    await page.setViewportSize(PHONE_VIEWPORT);
    await expect(page.getByRole('region', { name: 'Diagramm: Rechtsgebiete' })).toBeVisible();
    await expectNoSidewaysScroll(page, 'reports on a phone');
    await expectAccessible(page, 'reports on a phone');
    await page.setViewportSize(DESKTOP_VIEWPORT);
  });

  await test.step('the invoice CSV downloads with the consultation as one row and no content', async () => {
    const downloading = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Abrechnung als CSV herunterladen' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^Abrechnung_\d{4}-\d{2}-01_\d{4}-\d{2}-\d{2}\.csv$/);
    const bytes = await readFile(await download.path());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes.toString('utf8').slice(1).split('\r\n');
    expect(lines[0]).toBe('Datum;Referenz;Versicherer;Rechtsgebiet;Dauer (angefangene Minuten);Beendet');
    // Started 10 and ended 1 minute ago: this month's invoice (it bills by the end), 8 minutes, the start and end dates.
    expect(lines.filter((line) => line.includes(caseReferenceOf(caseId)))).toEqual([
      expect.stringMatching(new RegExp(`^\\d\\d\\.\\d\\d\\.\\d{4};${caseReferenceOf(caseId)};Standardversicherer;${field};8;\\d\\d\\.\\d\\d\\.\\d{4}$`)),
    ]);
    expect(bytes.toString('utf8')).not.toContain('Vertraulicher Sachverhalt');
  });

  await test.step('a chosen period is in the address: a reload shows the same report, not this month again', async () => {
    await expectGermanBrowser(page);
    await page.getByLabel('Von').fill('2025-01-01');
    // Typed day first, as in a German native date field (TT.MM.JJJJ); in an English one „31“ would be the month.
    await page.getByLabel('Bis').focus();
    await page.keyboard.type('31012025');
    await expect(page.getByLabel('Bis')).toHaveValue('2025-01-31');
    // Until the period is shown, the invoice is not offered: it would be the shown month's, not the one typed.
    await expect(page.getByRole('link', { name: 'Abrechnung als CSV herunterladen' })).toHaveCount(0);
    await expect(page.getByText(/^Sie haben den Zeitraum oder den Versicherer geändert\./)).toBeVisible();
    await page.getByRole('button', { name: 'Bericht anzeigen' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Bericht für 01.01.2025 bis 31.01.2025 geladen.' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Abrechnung als CSV herunterladen' })).toHaveAttribute('href', /from=2025-01-01&to=2025-01-31/);
    await expect(page).toHaveURL(/\/konsole\/berichte\?von=2025-01-01&bis=2025-01-31$/);
    await page.reload();
    await expect(page.getByRole('status').filter({ hasText: 'Bericht für 01.01.2025 bis 31.01.2025 geladen.' })).toBeVisible();
    await expect(page.getByLabel('Von')).toHaveValue('2025-01-01');
  });
});

test('a callback booked while waiting counts as „Rückruf vereinbart, bevor jemand kam“, not as abandoned', async ({ page, server }) => {
  const insurerName = `E2E-Versicherer ${randomBytes(3).toString('hex')}`;
  storeUntakenConsultations(server.dataDir, insurerName);
  const consolePage = new ConsolePage(page);
  await consolePage.open(server.webUrl);
  await consolePage.login(server.seed.lawyer.email, server.seed.lawyer.password);
  await page.getByRole('navigation', { name: 'Hauptnavigation' }).getByRole('link', { name: 'Berichte' }).click();
  await expect(page.getByRole('status').filter({ hasText: /^Bericht für .* geladen\.$/ })).toBeVisible();
  await page.getByRole('combobox', { name: 'Versicherer' }).click();
  await page.getByRole('option', { name: insurerName }).click();
  await page.getByRole('button', { name: 'Bericht anzeigen' }).click();
  await expect(page.getByRole('table', { name: 'Je Versicherer' }).getByRole('row').filter({ hasText: insurerName }).getByRole('cell')).toHaveText(['2', '0']);

  const keyFigures = page.getByRole('region', { name: 'Kennzahlen' });
  const figure = (label: string) => keyFigures.locator('dt', { hasText: label }).locator('xpath=following-sibling::dd[1]');
  await expect(figure('Begonnene Beratungen')).toHaveText('2');
  await expect(figure('Rückruf vereinbart, bevor jemand kam')).toHaveText('1');
  await expect(figure('Abgebrochen, bevor jemand kam')).toHaveText('1');
  const outcome = page.getByRole('table', { name: 'Was aus den Beratungen wurde' });
  await expect(outcome.getByRole('row').filter({ hasText: 'Rückruf vor Annahme' }).getByRole('cell')).toHaveText(['1']);
  await expect(outcome.getByRole('row').filter({ hasText: 'Abgebrochen vor Annahme' }).getByRole('cell')).toHaveText(['1']);
  await expectAccessible(page, 'reports with a callback before a lawyer came');
});

test('a lawyer who opens an administrator’s link to a colleague’s figures sees their own for that period', async ({ page, server }) => {
  const db = new Database(path.join(server.dataDir, 'rechtschat.sqlite'), { readonly: true });
  const admin = db.prepare('select id from lawyers where email = ?').get(server.seed.lawyer.email.toLowerCase()) as { id: string };
  db.close();
  const consolePage = new ConsolePage(page);
  await consolePage.open(server.webUrl);
  // The second demo lawyer (packages/server/src/seed.ts), no administrator; same demo password as the first.
  await consolePage.login('markus.hoffmann@demo.rechtschat.de', server.seed.lawyer.password);
  await expect(page.getByRole('button', { name: 'Abmelden' })).toBeVisible();
  await page.goto(`${server.webUrl}/konsole/berichte?von=2025-01-01&bis=2025-01-31&anwalt=${admin.id}`);
  await expect(page.getByRole('status').filter({ hasText: 'Bericht für 01.01.2025 bis 31.01.2025 geladen.' })).toBeVisible();
  await expect(page.getByText('Keine Berechtigung für diese Zahlen.')).toHaveCount(0);
  await expect(page).toHaveURL(/\/konsole\/berichte\?von=2025-01-01&bis=2025-01-31$/);
});
