// Reports over HTTP on both engines, on a known set of stored facts: counts (a callback arranged before a lawyer came
// apart from the abandoned), waiting time and duration (median, p90),
// ratings, fields of law, insurers, per lawyer; Europe/Berlin period boundaries across both DST changes; a lawyer sees
// only their own figures; the invoice CSV (admin only, by the end of a consultation: invoiceByEnd.test.ts) for German
// Excel without content or insurance numbers.
import type { Report, ReportFilters } from '@rechtschat/core';
import { caseReferenceOf } from '@rechtschat/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CookieClient } from './support/cookieClient.js';
import { createTestSchema, type TestSchema } from './support/postgres.js';
import { factParticipant, insertFactCases, insertInsurer, type FactCase } from './support/reportFacts.js';
import { startTestApp, type TestApp } from './support/testApp.js';

describe.each(['sqlite', 'postgres'] as const)('reports on %s', (engine) => {
  let schema: TestSchema | undefined;
  let app: TestApp;
  let admin: CookieClient;
  let lawyer: CookieClient;
  let anonymous: CookieClient;
  let ids: Record<string, string>;
  let insurerX: string;
  let anna: string;
  let markus: string;

  const login = async (index: number) => {
    const client = new CookieClient();
    const who = app.lawyers[index];
    if (!who) throw new Error('no lawyer');
    const response = await client.post(`${app.chatUrl}/api/lawyer/login`, { Email: who.email, Password: who.password });
    expect(response.status).toBe(200);
    return client;
  };
  const report = (client: CookieClient, query: string) => client.get<Report>(`${app.chatUrl}/api/reports?${query}`);
  const march = 'from=2026-03-01&to=2026-03-29';

  beforeAll(async () => {
    if (engine === 'postgres') schema = await createTestSchema();
    app = await startTestApp(schema ? { env: { DATABASE_URL: schema.url } } : {});
    const db = app.ctx.db;
    anna = app.lawyers[0]?.id ?? '';
    markus = app.lawyers[1]?.id ?? '';
    await db.updateTable('lawyers').set({ role: 'admin' }).where('id', '=', anna).execute();
    insurerX = await insertInsurer(db, 'Muster Rechtsschutz AG');
    const insurerY = await insertInsurer(db, 'Beispiel Versicherung');
    const participant = await factParticipant(db);
    const secret = 'Vertraulicher Sachverhalt';
    const facts: Record<string, FactCase> = {
      // 1 March 00:00 Berlin (CET) exactly: inside.
      c11: {
        createdAt: '2026-02-28T23:00:00.000Z',
        insurerId: insurerX,
        description: secret,
        chats: [{ createdAt: '2026-02-28T23:00:00.000Z', acceptedAt: '2026-02-28T23:10:00.000Z', closedAt: '2026-02-28T23:20:00.000Z', lawyerId: anna }],
        rating: { stars: 3, comment: 'Okay', createdAt: '2026-02-28T23:25:00.000Z' },
      },
      // 28 February 23:59:59 Berlin: outside (of the figures; the invoice bills it in March, where it ended).
      c10: {
        createdAt: '2026-02-28T22:59:59.000Z',
        insurerId: insurerX,
        chats: [{ createdAt: '2026-02-28T22:59:59.000Z', acceptedAt: '2026-02-28T23:00:30.000Z', closedAt: '2026-02-28T23:30:00.000Z', lawyerId: anna }],
      },
      c1: {
        createdAt: '2026-03-02T09:00:00.000Z',
        insurerId: insurerX,
        description: secret,
        chats: [{ createdAt: '2026-03-02T09:00:00.000Z', acceptedAt: '2026-03-02T09:01:00.000Z', closedAt: '2026-03-02T09:11:00.000Z', lawyerId: anna }],
        rating: { stars: 5, comment: 'Sehr hilfreich', createdAt: '2026-03-02T09:15:00.000Z' },
      },
      c2: {
        createdAt: '2026-03-03T10:00:00.000Z',
        insurerId: insurerX,
        fieldOfLaw: 5,
        fieldOfLawName: 'Arbeitsrecht; "Kündigung"',
        chats: [{ createdAt: '2026-03-03T10:00:00.000Z', acceptedAt: '2026-03-03T10:03:00.000Z', closedAt: '2026-03-03T10:33:00.000Z', lawyerId: markus }],
        rating: { stars: 4, createdAt: '2026-03-03T10:40:00.000Z' },
      },
      // Forwarded from Anna to Markus: counts for Anna, who took it; duration first accept → last close.
      c3: {
        createdAt: '2026-03-04T08:00:00.000Z',
        chats: [
          { createdAt: '2026-03-04T08:00:00.000Z', acceptedAt: '2026-03-04T08:02:00.000Z', closedAt: '2026-03-04T08:10:00.000Z', lawyerId: anna },
          { createdAt: '2026-03-04T08:10:00.000Z', acceptedAt: '2026-03-04T08:11:00.000Z', closedAt: '2026-03-04T08:40:00.000Z', lawyerId: markus },
        ],
        rating: { stars: 2, createdAt: '2026-03-04T09:00:00.000Z' },
      },
      // Nobody came: closed by a time-out, with a callback booked while waiting that was done – a callback, not abandoned.
      c4: {
        createdAt: '2026-03-05T12:00:00.000Z',
        insurerId: insurerX,
        chats: [{ createdAt: '2026-03-05T12:00:00.000Z', closedAt: '2026-03-05T12:20:00.000Z', closeReason: 'timeout' }],
        callbacks: [{ createdAt: '2026-03-05T12:05:00.000Z', doneAt: '2026-03-06T08:00:00.000Z', phone: '+49 170 5550001' }],
      },
      // Nobody came: closed as abandoned by the server's lifecycle, the callback booked while waiting still open.
      c5: {
        createdAt: '2026-03-06T12:00:00.000Z',
        chats: [{ createdAt: '2026-03-06T12:00:00.000Z', closedAt: '2026-03-06T12:30:00.000Z', closeReason: 'abandoned' }],
        callbacks: [{ createdAt: '2026-03-06T12:10:00.000Z' }],
      },
      // Nobody came: the client booked a callback while waiting, the chat left the queue for it.
      c15: {
        createdAt: '2026-03-07T12:00:00.000Z',
        insurerId: insurerX,
        chats: [{ createdAt: '2026-03-07T12:00:00.000Z', closedAt: '2026-03-07T12:02:00.000Z', closeReason: 'callback' }],
        callbacks: [{ createdAt: '2026-03-07T12:02:00.000Z' }],
      },
      // Nobody came and the client left without any answer: the only abandoned consultation of March.
      c16: {
        createdAt: '2026-03-08T12:00:00.000Z',
        chats: [{ createdAt: '2026-03-08T12:00:00.000Z', closedAt: '2026-03-08T12:30:00.000Z', closeReason: 'abandoned' }],
      },
      // Closed for a callback whose request was erased since (data-subject request): still no abandoned consultation.
      c17: {
        createdAt: '2026-03-09T12:00:00.000Z',
        insurerId: insurerY,
        chats: [{ createdAt: '2026-03-09T12:00:00.000Z', closedAt: '2026-03-09T12:01:00.000Z', closeReason: 'callback' }],
      },
      // Still waiting.
      c6: { createdAt: '2026-03-10T09:00:00.000Z', insurerId: insurerY, chats: [{ createdAt: '2026-03-10T09:00:00.000Z' }] },
      // In progress.
      c7: {
        createdAt: '2026-03-11T09:00:00.000Z',
        insurerId: insurerY,
        chats: [{ createdAt: '2026-03-11T09:00:00.000Z', acceptedAt: '2026-03-11T09:05:00.000Z', lawyerId: markus }],
      },
      // 29 March 23:30 Berlin (CEST, after the change to summer time): inside.
      c8: {
        createdAt: '2026-03-29T21:30:00.000Z',
        insurerId: insurerY,
        fieldOfLaw: 7,
        fieldOfLawName: '@SUMME(A1:A2)',
        chats: [{ createdAt: '2026-03-29T21:30:00.000Z', acceptedAt: '2026-03-29T21:31:00.000Z', closedAt: '2026-03-29T21:51:00.000Z', lawyerId: markus }],
        rating: { stars: 5, createdAt: '2026-03-29T22:00:00.000Z' },
      },
      // 30 March 00:00 Berlin: outside (also of the invoice: it ended on 30 March).
      c9: {
        createdAt: '2026-03-29T22:00:00.000Z',
        chats: [{ createdAt: '2026-03-29T22:00:00.000Z', acceptedAt: '2026-03-29T22:01:00.000Z', closedAt: '2026-03-29T22:30:00.000Z', lawyerId: anna }],
      },
      // 25 October 2026 (the 25-hour day back to winter time): 23:30 CET inside, 26 October 00:00 outside.
      c12: { createdAt: '2026-10-25T22:30:00.000Z', chats: [{ createdAt: '2026-10-25T22:30:00.000Z' }] },
      c13: { createdAt: '2026-10-25T23:00:00.000Z', chats: [{ createdAt: '2026-10-25T23:00:00.000Z' }] },
      // 25 October 00:00 CEST = 24 October 22:00 UTC: inside.
      c14: { createdAt: '2026-10-24T22:00:00.000Z', chats: [{ createdAt: '2026-10-24T22:00:00.000Z', closedAt: '2026-10-24T22:05:00.000Z' }] },
    };
    const names = Object.keys(facts);
    const caseIds = await insertFactCases(db, participant, Object.values(facts));
    ids = Object.fromEntries(names.map((name, index) => [name, caseIds[index] ?? '']));
    await db
      .insertInto('messages')
      .values({
        id: 'm-secret',
        case_id: ids.c1 ?? '',
        chat_id: (
          await db
            .selectFrom('chats')
            .select('id')
            .where('case_id', '=', ids.c1 ?? '')
            .executeTakeFirstOrThrow()
        ).id,
        seq: 1,
        client_id: null,
        type: 0,
        text: 'GEHEIME NACHRICHT',
        author_kind: 'participant',
        author_id: null,
        author_name: null,
        file_id: null,
        created_at: '2026-03-02T09:02:00.000Z',
      })
      .execute();
    [admin, lawyer] = await Promise.all([login(0), login(1)]);
    anonymous = new CookieClient();
  });

  afterAll(async () => {
    await app?.stop();
    await schema?.drop();
  });

  it('should count consultations started in the Berlin period and what became of them', async () => {
    const { status, body } = await report(admin, march);
    expect(status).toBe(200);
    expect(body.Counts).toEqual({
      Started: 12,
      Taken: 6,
      Completed: 5,
      Abandoned: 1,
      CallbackBeforeTaken: 4,
      Open: 2,
      CallbacksRequested: 3,
      CallbacksDone: 1,
    });
    // The parts still add up to the whole.
    const { Started, Completed, Abandoned, CallbackBeforeTaken, Open } = body.Counts;
    expect(Completed + Abandoned + CallbackBeforeTaken + Open).toBe(Started);
    expect(body.WaitingTime).toEqual({ Count: 6, MedianSeconds: 150, P90Seconds: 450, MeanSeconds: 220 });
    expect(body.Duration).toEqual({ Count: 5, MedianSeconds: 1200, P90Seconds: 2088, MeanSeconds: 1296 });
  });

  it('should give the rating distribution, mean and the newest comments with the case reference', async () => {
    const { body } = await report(admin, march);
    expect(body.Ratings.Count).toBe(5);
    expect(body.Ratings.Mean).toBe(3.8);
    expect(body.Ratings.Distribution).toEqual([0, 1, 1, 1, 2]);
    expect(body.Ratings.Comments).toEqual([
      { Date: '2026-03-02T09:15:00.000Z', Reference: caseReferenceOf(ids.c1 ?? ''), Stars: 5, Comment: 'Sehr hilfreich' },
      { Date: '2026-02-28T23:25:00.000Z', Reference: caseReferenceOf(ids.c11 ?? ''), Stars: 3, Comment: 'Okay' },
    ]);
  });

  it('should break the figures down by field of law, insurer and the lawyer who took the consultation', async () => {
    const { body } = await report(admin, march);
    expect(body.FieldsOfLaw).toEqual([
      { FieldOfLaw: 3, Name: 'Miet- und Wohnungseigentumsrecht', Started: 10, Completed: 3 },
      { FieldOfLaw: 7, Name: '@SUMME(A1:A2)', Started: 1, Completed: 1 },
      { FieldOfLaw: 5, Name: 'Arbeitsrecht; "Kündigung"', Started: 1, Completed: 1 },
    ]);
    expect(body.Insurers).toEqual([
      { InsurerId: insurerX, Name: 'Muster Rechtsschutz AG', Started: 5, Completed: 3 },
      { InsurerId: expect.any(String), Name: 'Beispiel Versicherung', Started: 4, Completed: 1 },
      { InsurerId: null, Name: 'Standardversicherer', Started: 3, Completed: 1 },
    ]);
    expect(body.Lawyers).toEqual([
      {
        LawyerId: anna,
        Name: 'Dr. Anna Berger',
        Taken: 3,
        Completed: 3,
        WaitingMedianSeconds: 120,
        DurationMedianSeconds: 600,
        RatingCount: 3,
        RatingMean: 3.33,
      },
      {
        LawyerId: markus,
        Name: 'Markus Hoffmann',
        Taken: 3,
        Completed: 2,
        WaitingMedianSeconds: 180,
        DurationMedianSeconds: 1500,
        RatingCount: 2,
        RatingMean: 4.5,
      },
    ]);
  });

  it('should filter by insurer, by the default insurer and (for an admin) by lawyer', async () => {
    const byInsurer = (await report(admin, `${march}&insurer=${insurerX}`)).body;
    expect(byInsurer.Counts).toMatchObject({
      Started: 5,
      Taken: 3,
      Completed: 3,
      Abandoned: 0,
      CallbackBeforeTaken: 2,
      CallbacksRequested: 2,
      CallbacksDone: 1,
    });
    expect(byInsurer.Insurer).toBe(insurerX);
    const byDefault = (await report(admin, `${march}&insurer=default`)).body;
    expect(byDefault.Counts).toMatchObject({ Started: 3, Completed: 1, Abandoned: 1, CallbackBeforeTaken: 1 });
    const byMarkus = (await report(admin, `${march}&lawyer=${markus}`)).body;
    expect(byMarkus.LawyerId).toBe(markus);
    expect(byMarkus.Counts).toMatchObject({ Started: 3, Taken: 3, Completed: 2, Abandoned: 0, CallbackBeforeTaken: 0, Open: 1 });
  });

  it('should count the day back to winter time in full and nothing of the next day', async () => {
    const { body } = await report(admin, 'from=2026-10-25&to=2026-10-25');
    expect(body.Counts).toMatchObject({ Started: 2, Abandoned: 1, CallbackBeforeTaken: 0, Open: 1 });
    expect((await report(admin, 'from=2026-10-26&to=2026-10-26')).body.Counts.Started).toBe(1);
  });

  it("should show a lawyer only their own work and refuse another lawyer's figures", async () => {
    const own = await report(lawyer, march);
    expect(own.status).toBe(200);
    expect(own.body.LawyerId).toBe(markus);
    expect(own.body.Counts).toMatchObject({ Started: 3, Taken: 3, Completed: 2 });
    expect(own.body.Lawyers.map((row) => row.LawyerId)).toEqual([markus]);
    expect((await report(lawyer, `${march}&lawyer=${markus}`)).status).toBe(200);
    const other = await report(lawyer, `${march}&lawyer=${anna}`);
    expect(other.status).toBe(403);
    expect(other.body).toMatchObject({ Error: 'Forbidden' });
    const filters = await lawyer.get<ReportFilters>(`${app.chatUrl}/api/reports/filters`);
    expect(filters.body).toMatchObject({ MayChooseLawyer: false, MayExportInvoice: false, Lawyers: [{ Id: markus, Name: 'Markus Hoffmann' }] });
    const adminFilters = await admin.get<ReportFilters>(`${app.chatUrl}/api/reports/filters`);
    expect(adminFilters.body.MayExportInvoice).toBe(true);
    expect(adminFilters.body.Lawyers).toHaveLength(2);
    expect(adminFilters.body.Insurers.map((i) => i.Name)).toEqual(['Beispiel Versicherung', 'Muster Rechtsschutz AG']);
  });

  it('should mark a deactivated lawyer in the filter, who stays there for the consultations they held', async () => {
    // Operator pass 4 (2026-12-07): after deactivating a colleague the report's choice listed them like everyone else.
    const former = `former-${engine}`;
    await app.ctx.db
      .insertInto('lawyers')
      .values({
        ...(await app.ctx.db.selectFrom('lawyers').selectAll().where('id', '=', markus).executeTakeFirstOrThrow()),
        id: former,
        name: 'Frieda Früher',
        email: `${former}@test.example`,
        active: 0,
        deactivated_at: '2026-03-15T09:00:00.000Z',
      })
      .execute();
    try {
      const filters = (await admin.get<ReportFilters>(`${app.chatUrl}/api/reports/filters`)).body.Lawyers;
      expect(filters.find((row) => row.Id === former)).toEqual({ Id: former, Name: 'Frieda Früher', Deactivated: true });
      expect(filters.find((row) => row.Id === markus)).toMatchObject({ Deactivated: false });
      expect((await lawyer.get<ReportFilters>(`${app.chatUrl}/api/reports/filters`)).body.Lawyers).toEqual([
        { Id: markus, Name: 'Markus Hoffmann', Deactivated: false },
      ]);
    } finally {
      await app.ctx.db.deleteFrom('lawyers').where('id', '=', former).execute();
    }
  });

  it('should refuse the invoice to a lawyer without the admin role and everything without a session', async () => {
    expect((await lawyer.raw(`${app.chatUrl}/api/reports/invoice.csv?${march}`)).status).toBe(403);
    expect((await anonymous.get(`${app.chatUrl}/api/reports?${march}`)).status).toBe(401);
    expect((await anonymous.raw(`${app.chatUrl}/api/reports/invoice.csv?${march}`)).status).toBe(401);
    expect((await anonymous.get(`${app.chatUrl}/api/reports/filters`)).status).toBe(401);
  });

  it('should refuse a period that is no calendar date or ends before it starts', async () => {
    expect((await report(admin, 'from=2026-02-30&to=2026-03-31')).status).toBe(400);
    expect((await report(admin, 'from=2026-03-31&to=2026-03-01')).status).toBe(400);
    expect((await report(admin, 'from=2026-03-01')).status).toBe(400);
    // The day after 9999-12-31 has no four-digit year: a refusal, not a server error.
    for (const query of ['from=9999-12-31&to=9999-12-31', 'from=9999-01-01&to=9999-12-31']) {
      const response = await report(admin, query);
      expect(response.status, query).toBe(400);
      expect(response.body, query).toMatchObject({ Error: 'BadRequest' });
    }
  });

  it('should export one CSV row per consultation completed in the period for German Excel, without content, and audit the export', async () => {
    const response = await admin.raw(`${app.chatUrl}/api/reports/invoice.csv?${march}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="Abrechnung_2026-03-01_2026-03-29.csv"');
    const bytes = Buffer.from(await response.arrayBuffer());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = bytes.toString('utf8').slice(1);
    const ref = (name: string) => caseReferenceOf(ids[name] ?? '');
    expect(text).toBe(
      [
        'Datum;Referenz;Versicherer;Rechtsgebiet;Dauer (angefangene Minuten);Beendet',
        `01.03.2026;${ref('c11')};Muster Rechtsschutz AG;Miet- und Wohnungseigentumsrecht;10;01.03.2026`,
        // Started on 28 February, ended on 1 March: the invoice goes by the end, so March bills it (February never could).
        `28.02.2026;${ref('c10')};Muster Rechtsschutz AG;Miet- und Wohnungseigentumsrecht;30;01.03.2026`,
        `02.03.2026;${ref('c1')};Muster Rechtsschutz AG;Miet- und Wohnungseigentumsrecht;10;02.03.2026`,
        `03.03.2026;${ref('c2')};Muster Rechtsschutz AG;"Arbeitsrecht; ""Kündigung""";30;03.03.2026`,
        `04.03.2026;${ref('c3')};Standardversicherer;Miet- und Wohnungseigentumsrecht;38;04.03.2026`,
        `29.03.2026;${ref('c8')};Beispiel Versicherung;'@SUMME(A1:A2);20;29.03.2026`,
        '',
      ].join('\r\n'),
    );
    expect(text).not.toContain('GEHEIME NACHRICHT');
    expect(text).not.toContain('Vertraulicher Sachverhalt');
    expect(text).not.toContain('+49');
    const byInsurerResponse = await admin.raw(`${app.chatUrl}/api/reports/invoice.csv?${march}&insurer=${insurerX}`);
    // One insurer's invoice names it, so the invoices of two insurers for one month are two different files.
    expect(byInsurerResponse.headers.get('content-disposition')).toBe('attachment; filename="Abrechnung_Muster-Rechtsschutz-AG_2026-03-01_2026-03-29.csv"');
    const byInsurer = await byInsurerResponse.text();
    expect(byInsurer.trim().split('\r\n')).toHaveLength(5);
    const audit = await app.ctx.db.selectFrom('admin_audit_log').selectAll().where('action', '=', 'reports.invoice.exported').execute();
    expect(audit).toHaveLength(2);
    expect(audit[0]).toMatchObject({ actor_id: anna });
    expect(JSON.parse(audit[0]?.details ?? '{}')).toMatchObject({ from: '2026-03-01', to: '2026-03-29', insurer: null, insurerName: null, rows: 6 });
    // The Protokoll names the insurer, not its id.
    expect(JSON.parse(audit[1]?.details ?? '{}')).toMatchObject({ insurer: insurerX, insurerName: 'Muster Rechtsschutz AG', rows: 4 });
    await admin.raw(`${app.chatUrl}/api/reports/invoice.csv?${march}&insurer=default`);
    const byDefault = await app.ctx.db
      .selectFrom('admin_audit_log')
      .selectAll()
      .where('action', '=', 'reports.invoice.exported')
      .orderBy('id', 'desc')
      .executeTakeFirst();
    expect(JSON.parse(byDefault?.details ?? '{}')).toMatchObject({ insurer: 'default', insurerName: 'Standardversicherer' });
  });

  it('should name an insurer with umlauts in the invoice’s file name as RFC 6266 filename* with an ASCII fallback', async () => {
    const sued = await insertInsurer(app.ctx.db, 'Süd Rechtsschutz AG');
    const response = await admin.raw(`${app.chatUrl}/api/reports/invoice.csv?${march}&insurer=${sued}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toBe(
      `attachment; filename="Abrechnung_S_d-Rechtsschutz-AG_2026-03-01_2026-03-29.csv"; filename*=UTF-8''Abrechnung_S%C3%BCd-Rechtsschutz-AG_2026-03-01_2026-03-29.csv`,
    );
  });

  it('should refuse an insurer or lawyer that does not exist instead of answering zeros or an empty invoice, and audit nothing', async () => {
    const before = (await app.ctx.db.selectFrom('admin_audit_log').selectAll().execute()).length;
    const figures = await report(admin, `${march}&insurer=kein-versicherer`);
    expect(figures.status).toBe(400);
    expect(figures.body).toMatchObject({ Error: 'BadRequest', Message: expect.stringContaining('Diesen Versicherer gibt es nicht') });
    const nobody = await report(admin, `${march}&lawyer=niemand`);
    expect(nobody.status).toBe(400);
    expect(nobody.body).toMatchObject({ Error: 'BadRequest', Message: expect.stringContaining('Diese Anwältin oder diesen Anwalt gibt es nicht') });
    const invoice = await admin.raw(`${app.chatUrl}/api/reports/invoice.csv?${march}&insurer=kein-versicherer`);
    expect(invoice.status).toBe(400);
    expect(invoice.headers.get('content-type')).toContain('application/json');
    expect((await app.ctx.db.selectFrom('admin_audit_log').selectAll().execute()).length).toBe(before);
  });
});
