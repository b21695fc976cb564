// A consultation lasts while a lawyer holds it: when a lawyer forwarded the chat (or the server handed it on because
// the lawyer's console was gone) and nobody took the follow-up chat – the client booked a callback, gave up or timed
// out while waiting – the report's duration and the invoice CSV's minutes end when the last lawyer's chat ended, not
// when the untaken follow-up left the queue. Over HTTP on both engines.
import type { Report } from '@rechtschat/core';
import { caseReferenceOf } from '@rechtschat/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CookieClient } from './support/cookieClient.js';
import { createTestSchema, type TestSchema } from './support/postgres.js';
import { factParticipant, insertFactCases } from './support/reportFacts.js';
import { startTestApp, type TestApp } from './support/testApp.js';

describe.each(['sqlite', 'postgres'] as const)('duration of a consultation whose follow-up chat nobody took on %s', (engine) => {
  let schema: TestSchema | undefined;
  let app: TestApp;
  let admin: CookieClient;
  let caseIds: string[];
  const period = 'from=2026-05-01&to=2026-05-31';

  beforeAll(async () => {
    if (engine === 'postgres') schema = await createTestSchema();
    app = await startTestApp(schema ? { env: { DATABASE_URL: schema.url } } : {});
    const anna = app.lawyers[0]?.id ?? '';
    const markus = app.lawyers[1]?.id ?? '';
    await app.ctx.db.updateTable('lawyers').set({ role: 'admin' }).where('id', '=', anna).execute();
    const participant = await factParticipant(app.ctx.db);
    caseIds = await insertFactCases(app.ctx.db, participant, [
      // Anna advised 3 minutes and forwarded; the client waited 20 minutes for the colleague and then booked a callback.
      {
        createdAt: '2026-05-04T08:00:00.000Z',
        chats: [
          { createdAt: '2026-05-04T08:00:00.000Z', acceptedAt: '2026-05-04T08:02:00.000Z', closedAt: '2026-05-04T08:05:00.000Z', lawyerId: anna },
          { createdAt: '2026-05-04T08:05:00.000Z', closedAt: '2026-05-04T08:25:00.000Z', closeReason: 'callback' },
        ],
      },
      // Anna forwarded to Markus, who took it: the consultation runs until Markus closed it.
      {
        createdAt: '2026-05-05T08:00:00.000Z',
        chats: [
          { createdAt: '2026-05-05T08:00:00.000Z', acceptedAt: '2026-05-05T08:01:00.000Z', closedAt: '2026-05-05T08:04:00.000Z', lawyerId: anna },
          { createdAt: '2026-05-05T08:04:00.000Z', acceptedAt: '2026-05-05T08:06:00.000Z', closedAt: '2026-05-05T08:15:30.000Z', lawyerId: markus },
        ],
      },
    ]);
    admin = new CookieClient();
    const who = app.lawyers[0];
    if (!who) throw new Error('no lawyer');
    expect((await admin.post(`${app.chatUrl}/api/lawyer/login`, { Email: who.email, Password: who.password })).status).toBe(200);
  }, 30_000);

  afterAll(async () => {
    await app?.stop();
    await schema?.drop();
  });

  it('should end the invoiced minutes when the last lawyer’s chat ended, not when the untaken follow-up left the queue', async () => {
    const csv = await admin.get<string>(`${app.chatUrl}/api/reports/invoice.csv?${period}`);
    expect(csv.status).toBe(200);
    const [header = '', ...rows] = csv.text
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    const minutesColumn = header.split(';').indexOf('Dauer (angefangene Minuten)');
    const minutesOf = (caseId: string) => rows.find((row) => row.includes(caseReferenceOf(caseId)))?.split(';')[minutesColumn];
    expect(minutesOf(caseIds[0] ?? '')).toBe('3');
    expect(minutesOf(caseIds[1] ?? '')).toBe('15');
  });

  it('should count the same duration in the report', async () => {
    const report = await admin.get<Report>(`${app.chatUrl}/api/reports?${period}`);
    expect(report.status).toBe(200);
    expect(report.body.Counts).toMatchObject({ Started: 2, Taken: 2, Completed: 2 });
    // 180 s and 870 s: the median lies between them.
    expect(report.body.Duration.MedianSeconds).toBe(525);
  });
});
