import { of, Subject } from 'rxjs';
import { describe, expect, it, vi } from 'vitest';
import type { ReportsApi } from '../ports/reports.js';
import { err, httpError, ok, type Result } from '../result.js';
import type { Report, ReportFilters } from '../wire/reports.js';
import { createReportsView, initialReportsState, isValidPeriod, reportQuery } from './reportsView.js';

const report = (from: string, to: string): Report => ({
  From: from,
  To: to,
  Insurer: null,
  LawyerId: null,
  Counts: { Started: 1, Taken: 1, Completed: 1, Abandoned: 0, CallbackBeforeTaken: 0, Open: 0, CallbacksRequested: 0, CallbacksDone: 0 },
  WaitingTime: { Count: 1, MedianSeconds: 45, P90Seconds: 45, MeanSeconds: 45 },
  Duration: { Count: 1, MedianSeconds: 600, P90Seconds: 600, MeanSeconds: 600 },
  Ratings: { Count: 0, Mean: null, Distribution: [0, 0, 0, 0, 0], Comments: [] },
  FieldsOfLaw: [],
  Insurers: [],
  Lawyers: [],
  Invoice: null,
});
const filters: ReportFilters = { MayChooseLawyer: true, MayExportInvoice: true, Insurers: [{ Id: 'i-1', Name: 'Muster AG' }], Lawyers: [] };
const november = { from: '2026-11-01', to: '2026-11-30' };
const refused = httpError(403, 'Forbidden', 'Nein');
const expired = httpError(401, 'NotAuthenticated', 'Bitte melden Sie sich an.');

function setUp(over: Partial<ReportsApi> = {}) {
  const api: ReportsApi = {
    filters: vi.fn(() => of(ok(filters))),
    report: vi.fn((query) => of(ok(report(query.From, query.To)))),
    invoiceCsvUrl: vi.fn((query) => of(ok(`http://chat.test/invoice.csv?from=${query.From}`))),
    ...over,
  };
  const onSessionExpired = vi.fn();
  const view = createReportsView({ api, onSessionExpired });
  return { api, view, onSessionExpired };
}

describe('ReportsView', () => {
  it('should read the filters and the first period with its invoice address on opening', () => {
    const { api, view } = setUp();
    expect(view.snapshot()).toEqual(initialReportsState);
    view.open(november);
    expect(api.report).toHaveBeenCalledWith({ From: '2026-11-01', To: '2026-11-30' });
    expect(view.snapshot()).toEqual({
      filters,
      status: { kind: 'loaded', report: report('2026-11-01', '2026-11-30'), invoiceUrl: 'http://chat.test/invoice.csv?from=2026-11-01' },
    });
  });

  it('should ask with the chosen insurer and lawyer, and show the report without an invoice address the server refused', () => {
    const { api, view } = setUp({ invoiceCsvUrl: () => of(err(refused)) });
    view.show({ from: '2026-03-01', to: '2026-03-29', insurer: 'i-1', lawyer: 'l-2' });
    expect(api.report).toHaveBeenCalledWith({ From: '2026-03-01', To: '2026-03-29', Insurer: 'i-1', LawyerId: 'l-2' });
    expect(view.snapshot().status).toMatchObject({ kind: 'loaded', invoiceUrl: null });
  });

  it('should refuse a period that ends before it starts without asking the server', () => {
    const { api, view } = setUp();
    view.show({ from: '2026-03-02', to: '2026-03-01' });
    expect(view.snapshot().status).toEqual({ kind: 'invalidPeriod' });
    expect(api.report).not.toHaveBeenCalled();
  });

  it('should keep a refused report and leave the form without choices when the filters are refused', () => {
    const { view, onSessionExpired } = setUp({ filters: () => of(err(refused)), report: () => of(err(refused)) });
    view.open(november);
    expect(view.snapshot()).toEqual({ filters: null, status: { kind: 'refused', error: refused } });
    expect(onSessionExpired).not.toHaveBeenCalled();
  });

  it('should end the session on a 401 instead of showing it', () => {
    const { view, onSessionExpired } = setUp({ report: () => of(err(expired)) });
    view.show(november);
    expect(onSessionExpired).toHaveBeenCalledTimes(1);
    expect(view.snapshot().status).toEqual({ kind: 'loading' });
    view.dispose();
  });

  it('should show only the newest request when an older answer comes late', () => {
    const answers: Subject<Result<Report>>[] = [];
    const { view } = setUp({
      report: () => {
        const answer = new Subject<Result<Report>>();
        answers.push(answer);
        return answer;
      },
    });
    view.show(november);
    view.show({ from: '2026-10-01', to: '2026-10-31' });
    answers[1]?.next(ok(report('2026-10-01', '2026-10-31')));
    answers[0]?.next(ok(report('2026-11-01', '2026-11-30')));
    expect(view.snapshot().status).toMatchObject({ kind: 'loaded', report: { From: '2026-10-01' } });
  });

  it('should tell a valid period and leave out empty filters', () => {
    expect(isValidPeriod({ from: '2026-03-01', to: '2026-03-01' })).toBe(true);
    expect(isValidPeriod({ from: '', to: '2026-03-01' })).toBe(false);
    expect(reportQuery({ from: 'a', to: 'b', insurer: '', lawyer: '' })).toEqual({ From: 'a', To: 'b' });
  });
});
