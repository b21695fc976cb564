// ReportsApi over fetchCall against the chat host, with the lawyer's session cookie (credentials).
import { map, switchMap, of } from 'rxjs';
import { Report, ReportFilters, ok } from '@rechtschat/core';
import type { Call, ReportQuery, ReportsApi } from '@rechtschat/core';
import { fetchCall, jsonReader, type FetchFn } from './fetchCall.js';

export interface ReportsApiOptions {
  /** The chat host base address with trailing slash (ProductApi.getChatUrl, cached). */
  readonly chatUrl: () => Call<string>;
  readonly fetch?: FetchFn;
}

/** from=…&to=…[&insurer=…][&lawyer=…] */
export function reportQueryString(query: ReportQuery): string {
  const params = new URLSearchParams({ from: query.From, to: query.To });
  if (query.Insurer !== undefined) params.set('insurer', query.Insurer);
  if (query.LawyerId !== undefined) params.set('lawyer', query.LawyerId);
  return params.toString();
}

export function createReportsApi(options: ReportsApiOptions): ReportsApi {
  const fetchFn = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const get = <A>(path: string, reader: Parameters<typeof fetchCall<A>>[3]): Call<A> =>
    options
      .chatUrl()
      .pipe(switchMap((base) => (base._tag === 'Left' ? of(base) : fetchCall(fetchFn, `${base.right}${path}`, { credentials: 'include' }, reader))));
  return {
    filters: () => get('api/reports/filters', jsonReader(ReportFilters)),
    report: (query) => get(`api/reports?${reportQueryString(query)}`, jsonReader(Report)),
    invoiceCsvUrl: (query) =>
      options.chatUrl().pipe(map((base) => (base._tag === 'Left' ? base : ok(`${base.right}api/reports/invoice.csv?${reportQueryString(query)}`)))),
  };
}
