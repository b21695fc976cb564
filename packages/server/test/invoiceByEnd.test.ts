// The invoice CSV bills a consultation in the month it ENDED, not the month it started: one that starts on the last
// evening of a month and is still running when the firm exports that month's invoice on the 1st would otherwise be in
// no invoice at all (not completed for its start month's file, started before the next one). A real consultation over
// the hub with a clock the test moves across midnight, and stored facts of two adjacent months, over HTTP on both
// engines: every completed consultation is in exactly one of the two files, a running one in neither.
import { caseReferenceOf, type Report } from '@rechtschat/core';
import { describe, expect, it } from 'vitest';
import { CookieClient } from './support/cookieClient.js';
import { engineAppWithLawyer } from './support/engineApp.js';
import { connectParticipant, startChat } from './support/flows.js';
import { factParticipant, insertFactCases, insertInsurer, type FactCase } from './support/reportFacts.js';
import { TestClock } from './support/testClock.js';

const NOVEMBER = 'from=2026-11-01&to=2026-11-30';
const DECEMBER = 'from=2026-12-01&to=2026-12-31';

describe.each(['sqlite', 'postgres'] as const)('the invoice by the end of a consultation on %s', (engine) => {
  // 30 November 2026, 23:58 Berlin (CET, UTC+1).
  const clock = new TestClock(Date.parse('2026-11-30T22:58:00.000Z'));
  const on = engineAppWithLawyer(engine, { clock });

  async function adminClient(): Promise<CookieClient> {
    const anna = on.app.lawyers[0];
    if (!anna) throw new Error('no lawyer');
    await on.app.ctx.db.updateTable('lawyers').set({ role: 'admin' }).where('id', '=', anna.id).execute();
    const client = new CookieClient();
    expect((await client.post(`${on.app.chatUrl}/api/lawyer/login`, { Email: anna.email, Password: anna.password })).status).toBe(200);
    return client;
  }

  /** The invoice's rows (header left off) as their cells. */
  async function invoice(admin: CookieClient, query: string): Promise<string[][]> {
    const response = await admin.raw(`${on.app.chatUrl}/api/reports/invoice.csv?${query}`);
    expect(response.status).toBe(200);
    const lines = (await response.text())
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe('Datum;Referenz;Versicherer;Rechtsgebiet;Dauer (angefangene Minuten);Beendet');
    return lines.slice(1).map((line) => line.split(';'));
  }
  const referencesIn = (rows: string[][]) => rows.map((cells) => cells[1]);

  it('should bill a consultation started on the last evening of a month and ended after midnight in the next month’s invoice, and neither while it runs', async () => {
    const admin = await adminClient();
    const participant = await connectParticipant(on.app);
    on.keep(participant);
    const ids = await startChat(participant);
    await on.lawyer.hub.connection.invoke('AcceptChat', ids.ChatId);
    const reference = caseReferenceOf(ids.CaseId);

    // The firm exports November on 1 December, while the consultation is still running: in neither month's file yet.
    clock.advance(3 * 60_000);
    expect(referencesIn(await invoice(admin, NOVEMBER))).not.toContain(reference);
    expect(referencesIn(await invoice(admin, DECEMBER))).not.toContain(reference);

    // The lawyer ends it at 00:01 on 1 December: December bills it, November still does not (its file is final).
    await on.lawyer.hub.connection.invoke('CloseChat', ids.ChatId, false);
    expect(referencesIn(await invoice(admin, NOVEMBER))).not.toContain(reference);
    const december = await invoice(admin, DECEMBER);
    expect(december.filter((cells) => cells[1] === reference)).toEqual([
      ['30.11.2026', reference, 'Standardversicherer', 'Miet- und Wohnungseigentumsrecht', '3', '01.12.2026'],
    ]);
  });

  it('should put every completed consultation of two adjacent months in exactly one of their invoices, in the order they ended', async () => {
    const db = on.app.ctx.db;
    const admin = await adminClient();
    const anna = on.app.lawyers[0]?.id ?? '';
    const markus = on.app.lawyers[1]?.id ?? '';
    const insurer = await insertInsurer(db, 'Muster Rechtsschutz AG');
    const participant = await factParticipant(db);
    const chat = (createdAt: string, acceptedAt: string, closedAt: string, lawyerId = anna) => ({ createdAt, acceptedAt, closedAt, lawyerId });
    // Berlin is UTC+1 all of November and December.
    const facts: Record<string, FactCase> = {
      // Started 31 October 23:50, ended 1 November 00:10: November (its start month's file never had it).
      octoberToNovember: {
        createdAt: '2026-10-31T22:50:00.000Z',
        chats: [chat('2026-10-31T22:50:00.000Z', '2026-10-31T22:51:00.000Z', '2026-10-31T23:10:00.000Z')],
      },
      november: {
        createdAt: '2026-11-10T09:00:00.000Z',
        insurerId: insurer,
        chats: [chat('2026-11-10T09:00:00.000Z', '2026-11-10T09:01:00.000Z', '2026-11-10T09:21:00.000Z')],
      },
      // Ended 30 November 23:59:59: November.
      lastSecond: { createdAt: '2026-11-30T22:00:00.000Z', chats: [chat('2026-11-30T22:00:00.000Z', '2026-11-30T22:01:00.000Z', '2026-11-30T22:59:59.000Z')] },
      // Ended 1 December 00:00 exactly: December.
      atMidnight: { createdAt: '2026-11-30T21:00:00.000Z', chats: [chat('2026-11-30T21:00:00.000Z', '2026-11-30T21:05:00.000Z', '2026-11-30T23:00:00.000Z')] },
      // Forwarded before midnight, the colleague ended it after: December, one row, minutes from the first acceptance.
      forwardedOverMidnight: {
        createdAt: '2026-11-30T22:30:00.000Z',
        insurerId: insurer,
        chats: [
          chat('2026-11-30T22:30:00.000Z', '2026-11-30T22:31:00.000Z', '2026-11-30T22:50:00.000Z'),
          chat('2026-11-30T22:50:00.000Z', '2026-11-30T22:52:00.000Z', '2026-11-30T23:20:00.000Z', markus),
        ],
      },
      // The lawyer's chat ended 30 November 23:50, the follow-up nobody took left the queue at 00:05 (a callback):
      // the consultation ran into December, so December bills it – with the minutes of the lawyer's chat only.
      untakenFollowUp: {
        createdAt: '2026-11-30T22:40:00.000Z',
        chats: [
          chat('2026-11-30T22:40:00.000Z', '2026-11-30T22:41:00.000Z', '2026-11-30T22:50:00.000Z'),
          { createdAt: '2026-11-30T22:50:00.000Z', closedAt: '2026-11-30T23:05:00.000Z', closeReason: 'callback' },
        ],
      },
      december: {
        createdAt: '2026-12-15T10:00:00.000Z',
        chats: [chat('2026-12-15T10:00:00.000Z', '2026-12-15T10:02:00.000Z', '2026-12-15T10:12:00.000Z', markus)],
      },
      // Neither: ended 1 January 00:10, still running, never taken.
      decemberToJanuary: {
        createdAt: '2026-12-31T22:30:00.000Z',
        chats: [chat('2026-12-31T22:30:00.000Z', '2026-12-31T22:31:00.000Z', '2026-12-31T23:10:00.000Z')],
      },
      running: {
        createdAt: '2026-11-20T10:00:00.000Z',
        chats: [{ createdAt: '2026-11-20T10:00:00.000Z', acceptedAt: '2026-11-20T10:01:00.000Z', lawyerId: anna }],
      },
      neverTaken: {
        createdAt: '2026-11-21T10:00:00.000Z',
        chats: [{ createdAt: '2026-11-21T10:00:00.000Z', closedAt: '2026-11-21T10:30:00.000Z', closeReason: 'abandoned' }],
      },
    };
    const names = Object.keys(facts);
    const caseIds = await insertFactCases(db, participant, Object.values(facts));
    const ref = (name: string) => caseReferenceOf(caseIds[names.indexOf(name)] ?? '');

    const november = await invoice(admin, NOVEMBER);
    const december = (await invoice(admin, DECEMBER)).filter((cells) => names.some((name) => ref(name) === cells[1]));
    expect(november).toEqual([
      ['31.10.2026', ref('octoberToNovember'), 'Standardversicherer', 'Miet- und Wohnungseigentumsrecht', '19', '01.11.2026'],
      ['10.11.2026', ref('november'), 'Muster Rechtsschutz AG', 'Miet- und Wohnungseigentumsrecht', '20', '10.11.2026'],
      ['30.11.2026', ref('lastSecond'), 'Standardversicherer', 'Miet- und Wohnungseigentumsrecht', '59', '30.11.2026'],
    ]);
    // In the order they ended: midnight, 00:05, 00:20, 15 December.
    expect(december).toEqual([
      ['30.11.2026', ref('atMidnight'), 'Standardversicherer', 'Miet- und Wohnungseigentumsrecht', '115', '01.12.2026'],
      ['30.11.2026', ref('untakenFollowUp'), 'Standardversicherer', 'Miet- und Wohnungseigentumsrecht', '9', '01.12.2026'],
      ['30.11.2026', ref('forwardedOverMidnight'), 'Muster Rechtsschutz AG', 'Miet- und Wohnungseigentumsrecht', '49', '01.12.2026'],
      ['15.12.2026', ref('december'), 'Standardversicherer', 'Miet- und Wohnungseigentumsrecht', '10', '15.12.2026'],
    ]);
    const billed = [...referencesIn(november), ...referencesIn(december)];
    expect(new Set(billed).size).toBe(billed.length);
    const completedInTheTwoMonths = ['octoberToNovember', 'november', 'lastSecond', 'atMidnight', 'forwardedOverMidnight', 'untakenFollowUp', 'december'];
    expect(billed.sort()).toEqual(completedInTheTwoMonths.map(ref).sort());

    // One insurer's invoice selects by the end as well.
    expect(await invoice(admin, `${NOVEMBER}&insurer=${insurer}`)).toEqual([november[1]]);
    expect(referencesIn(await invoice(admin, `${DECEMBER}&insurer=${insurer}`))).toEqual([ref('forwardedOverMidnight')]);
  });

  it('should give an administrator’s report the invoice’s totals – its consultations and the sum of its minutes – beside „Abgeschlossen“ counted by the start, and a lawyer none', async () => {
    const db = on.app.ctx.db;
    const admin = await adminClient();
    const anna = on.app.lawyers[0]?.id ?? '';
    const insurer = await insertInsurer(db, 'Summen Rechtsschutz AG');
    const participant = await factParticipant(db);
    const chat = (createdAt: string, acceptedAt: string, closedAt: string) => ({ createdAt, acceptedAt, closedAt, lawyerId: anna });
    await insertFactCases(db, participant, [
      // Started in October, ended in November: on November's invoice, not in November's „Abgeschlossen“.
      {
        createdAt: '2026-10-31T22:50:00.000Z',
        insurerId: insurer,
        chats: [chat('2026-10-31T22:50:00.000Z', '2026-10-31T22:51:00.000Z', '2026-10-31T23:10:00.000Z')],
      },
      // 20 minutes and 6 seconds: 21 started minutes.
      {
        createdAt: '2026-11-10T09:00:00.000Z',
        insurerId: insurer,
        chats: [chat('2026-11-10T09:00:00.000Z', '2026-11-10T09:01:00.000Z', '2026-11-10T09:21:06.000Z')],
      },
      // Started in November, ended in December: November's „Abgeschlossen“, December's invoice.
      {
        createdAt: '2026-11-30T22:30:00.000Z',
        insurerId: insurer,
        chats: [chat('2026-11-30T22:30:00.000Z', '2026-11-30T22:31:00.000Z', '2026-11-30T23:20:00.000Z')],
      },
      {
        createdAt: '2026-11-12T09:00:00.000Z',
        insurerId: insurer,
        chats: [chat('2026-11-12T09:00:00.000Z', '2026-11-12T09:01:00.000Z', '2026-11-12T09:11:00.000Z')],
      },
    ]);
    const query = `${NOVEMBER}&insurer=${insurer}`;
    const rows = await invoice(admin, query);
    const report = (await admin.get<Report>(`${on.app.chatUrl}/api/reports?${query}`)).body;
    expect(report.Invoice).toEqual({ Consultations: 3, Minutes: 19 + 21 + 10 });
    expect(report.Invoice).toEqual({ Consultations: rows.length, Minutes: rows.reduce((sum, cells) => sum + Number(cells[4]), 0) });
    expect(report.Counts.Completed).toBe(3);
    expect((await admin.get<Report>(`${on.app.chatUrl}/api/reports?${DECEMBER}&insurer=${insurer}`)).body.Invoice).toEqual({ Consultations: 1, Minutes: 49 });

    const markus = on.app.lawyers[1];
    if (!markus) throw new Error('no second lawyer');
    const lawyer = new CookieClient();
    expect((await lawyer.post(`${on.app.chatUrl}/api/lawyer/login`, { Email: markus.email, Password: markus.password })).status).toBe(200);
    expect((await lawyer.get<Report>(`${on.app.chatUrl}/api/reports?${NOVEMBER}`)).body.Invoice).toBeNull();
  });
});
