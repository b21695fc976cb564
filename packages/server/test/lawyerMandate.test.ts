// Ending and reopening a mandate (§ 50 Abs. 1 BRAO): only the responsible lawyer may, anyone else gets the 404 of an
// unknown id; the deletion deadline starts at the end of the Berlin calendar year of the end; the client keeps access
// and sees the state and a history entry; an open mandate is never due.
import type { CaseDetails, CreateCaseFileResult, HistoryEntry, LawyerCaseFileDetail, LawyerCaseFileSummary } from '@rechtschat/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPEN_MANDATE_RETENTION_UNTIL } from '../src/features/casefile/tables.js';
import { loginLawyerHttp, signedInCaseFile } from './support/caseFileFlow.js';
import { CookieClient } from './support/cookieClient.js';
import { startTestApp, type TestApp } from './support/testApp.js';

describe('ending and reopening a mandate', () => {
  // 31 December 2025, 23:30 Berlin time: still the year 2025, so the file may go from 1 January 2032 00:00 Berlin.
  let now = new Date('2025-12-31T22:30:00.000Z');
  const clock = { now: () => now };
  let app: TestApp;
  let anna: CookieClient;
  let markus: CookieClient;
  let client: CookieClient;
  let created: CreateCaseFileResult;
  const lawyerUrl = (path = '') => `${app.chatUrl}/api/lawyer/case-files/${created.CaseId}${path}`;
  const clientUrl = (path: string) => `${app.webUrl}/api/case-file/${created.Token}/${path}`;
  const stored = () => app.ctx.db.selectFrom('case_files').selectAll().where('id', '=', created.CaseId).executeTakeFirstOrThrow();

  beforeAll(async () => {
    app = await startTestApp({ clock });
    ({ anna, markus, created, client } = await signedInCaseFile(app));
  });

  afterAll(async () => {
    await app?.stop();
  });

  it('should create a file with an open mandate that is never due for deletion', async () => {
    expect(await stored()).toMatchObject({ closed: 0, closed_at: null, retention_until: OPEN_MANDATE_RETENTION_UNTIL });
    const detail = await anna.get<LawyerCaseFileDetail>(lawyerUrl());
    expect(detail.body).toMatchObject({ Closed: false, ClosedAt: null, RetentionUntil: null });
  });

  it('should answer 404 to another lawyer and 401 without a session, and change nothing', async () => {
    expect((await markus.post(lawyerUrl('/close'))).status).toBe(404);
    expect((await markus.post(lawyerUrl('/reopen'))).status).toBe(404);
    expect((await new CookieClient().post(lawyerUrl('/close'))).status).toBe(401);
    expect((await anna.post(`${app.chatUrl}/api/lawyer/case-files/unbekannt/close`)).status).toBe(404);
    expect((await stored()).closed).toBe(0);
  });

  it('should end the mandate for the responsible lawyer and start the six-year deadline at the end of the Berlin year', async () => {
    const res = await anna.post<LawyerCaseFileDetail>(lawyerUrl('/close'));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ Closed: true, ClosedAt: '2025-12-31T22:30:00.000Z', RetentionUntil: '2031-12-31T23:00:00.000Z' });
    expect(await stored()).toMatchObject({
      closed: 1,
      closed_at: '2025-12-31T22:30:00.000Z',
      status: 'Abgeschlossen',
      retention_until: '2031-12-31T23:00:00.000Z',
    });
    const list = await anna.get<LawyerCaseFileSummary[]>(`${app.chatUrl}/api/lawyer/case-files`);
    expect(list.body.find((c) => c.CaseId === created.CaseId)).toMatchObject({ Closed: true, ClosedAt: '2025-12-31T22:30:00.000Z' });
    const audit = await app.ctx.db.selectFrom('case_file_access_log').select('action').where('case_file_id', '=', created.CaseId).execute();
    expect(audit.map((a) => a.action)).toContain('close');
  });

  it('should let the client keep reading the file and show it as closed, with a history entry', async () => {
    const details = await client.get<CaseDetails>(clientUrl('case'));
    expect(details.status).toBe(200);
    expect(details.body).toMatchObject({ Closed: true, Status: 'Abgeschlossen' });
    const history = await client.get<HistoryEntry[]>(clientUrl('history'));
    expect(history.body.filter((h) => h.Kind === 'MandateEnded')).toEqual([
      expect.objectContaining({ Title: 'Mandat beendet', Text: expect.stringContaining('Ihr Mandat wurde beendet.') }),
    ]);
  });

  it('should keep the first end date when the mandate is ended again', async () => {
    now = new Date('2025-12-31T22:40:00.000Z');
    const res = await anna.post<LawyerCaseFileDetail>(lawyerUrl('/close'));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ ClosedAt: '2025-12-31T22:30:00.000Z', RetentionUntil: '2031-12-31T23:00:00.000Z' });
    const history = await client.get<HistoryEntry[]>(clientUrl('history'));
    expect(history.body.filter((h) => h.Kind === 'MandateEnded')).toHaveLength(1);
  });

  it('should reopen the mandate: open again, never due, and the client sees it', async () => {
    const res = await anna.post<LawyerCaseFileDetail>(lawyerUrl('/reopen'));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ Closed: false, ClosedAt: null, RetentionUntil: null });
    expect(await stored()).toMatchObject({ closed: 0, closed_at: null, status: 'Offen', retention_until: OPEN_MANDATE_RETENTION_UNTIL });
    expect((await client.get<CaseDetails>(clientUrl('case'))).body).toMatchObject({ Closed: false, Status: 'Offen' });
    const history = await client.get<HistoryEntry[]>(clientUrl('history'));
    expect(history.body.map((h) => h.Kind)).toEqual(expect.arrayContaining(['MandateEnded', 'MandateReopened']));
    expect((await anna.post(lawyerUrl('/reopen'))).status).toBe(200);
  });

  it('should count a mandate ended at 00:00 Berlin time on 1 January to the new year', async () => {
    now = new Date('2026-12-31T23:00:00.000Z'); // 1 January 2027, 00:00 in Berlin
    anna = await loginLawyerHttp(app, 0); // the earlier session has expired meanwhile
    const res = await anna.post<LawyerCaseFileDetail>(lawyerUrl('/close'));
    expect(res.body).toMatchObject({ Closed: true, RetentionUntil: '2033-12-31T23:00:00.000Z' });
  });
});
