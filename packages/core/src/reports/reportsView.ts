// The report screen (administrators: the firm's, with insurer and lawyer filters; lawyers: their own work): the
// filters the server offers, the report of a period and, beside it, the invoice CSV's address. A period must run from
// a day to the same or a later day; only the newest request's answer is shown. A refused filter list leaves the form
// without choices; a refused report is the state's `error`.
import { BehaviorSubject, map, Subscription, zip, type Observable } from 'rxjs';
import { accountCaller } from '../lawyer/account/accountCall.js';
import type { Call } from '../ports/call.js';
import type { ReportsApi } from '../ports/reports.js';
import { ok, type AppError } from '../result.js';
import type { Report, ReportFilters, ReportQuery } from '../wire/reports.js';

/** What the form asks for: calendar days 'YYYY-MM-DD', '' for all insurers or all lawyers. */
export interface ReportPeriod {
  readonly from: string;
  readonly to: string;
  readonly insurer?: string;
  readonly lawyer?: string;
}

export type ReportsStatus =
  | { readonly kind: 'idle' | 'loading' | 'invalidPeriod' }
  | { readonly kind: 'loaded'; readonly report: Report; readonly invoiceUrl: string | null }
  | { readonly kind: 'refused'; readonly error: AppError };

export interface ReportsState {
  /** null until (and unless) the server told which filters there are. */
  readonly filters: ReportFilters | null;
  readonly status: ReportsStatus;
}

export interface ReportsView {
  readonly state$: Observable<ReportsState>;
  snapshot(): ReportsState;
  /** On opening: the filters and the first period's report. */
  open(period: ReportPeriod): void;
  show(period: ReportPeriod): void;
  dispose(): void;
}

export interface ReportsViewDeps {
  readonly api: ReportsApi;
  readonly onSessionExpired: () => void;
}

export const initialReportsState: ReportsState = { filters: null, status: { kind: 'idle' } };

export const isValidPeriod = ({ from, to }: ReportPeriod): boolean => from !== '' && to !== '' && from <= to;

export const reportQuery = ({ from, to, insurer = '', lawyer = '' }: ReportPeriod): ReportQuery => ({
  From: from,
  To: to,
  ...(insurer !== '' ? { Insurer: insurer } : {}),
  ...(lawyer !== '' ? { LawyerId: lawyer } : {}),
});

export function createReportsView({ api, onSessionExpired }: ReportsViewDeps): ReportsView {
  const state = new BehaviorSubject<ReportsState>(initialReportsState);
  const running = new Subscription();
  const run = accountCaller(running, onSessionExpired);
  const update = (change: Partial<ReportsState>) => state.next({ ...state.value, ...change });
  let requests = 0;

  // The report and the invoice address together; without the address the report still stands.
  const reportWithInvoice = (query: ReportQuery): Call<{ readonly report: Report; readonly invoiceUrl: string | null }> =>
    zip(api.report(query), api.invoiceCsvUrl(query)).pipe(
      map(([report, url]) => (report._tag === 'Left' ? report : ok({ report: report.right, invoiceUrl: url._tag === 'Right' ? url.right : null }))),
    );

  const show = (period: ReportPeriod) => {
    if (!isValidPeriod(period)) {
      update({ status: { kind: 'invalidPeriod' } });
      return;
    }
    const request = ++requests;
    update({ status: { kind: 'loading' } });
    run(
      reportWithInvoice(reportQuery(period)),
      ({ report, invoiceUrl }) => {
        if (request === requests) update({ status: { kind: 'loaded', report, invoiceUrl } });
      },
      (error) => {
        if (request === requests) update({ status: { kind: 'refused', error } });
      },
    );
  };

  return {
    state$: state.asObservable(),
    snapshot: () => state.value,
    open: (period) => {
      run(
        api.filters(),
        (filters) => update({ filters }),
        () => undefined,
      );
      show(period);
    },
    show,
    dispose: () => {
      running.unsubscribe();
      state.complete();
    },
  };
}
