// The report screen as a console route: binds the reports port to the shell's chat host and fetch.
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { createReportsApi } from '@rechtschat/adapters';
import type { Call, LawyerProfile, ReportPeriod } from '@rechtschat/core';
import { ReportsScreen } from './ReportsScreen.js';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** `?von=2026-11-01&bis=2026-11-30&versicherer=…&anwalt=…` → the report to open with; anything else opens the current month. */
export function periodFromQuery(query: URLSearchParams): ReportPeriod | null {
  const from = query.get('von') ?? '';
  const to = query.get('bis') ?? '';
  if (!DAY.test(from) || !DAY.test(to)) return null;
  return { from, to, insurer: query.get('versicherer') ?? '', lawyer: query.get('anwalt') ?? '' };
}

export function queryOfPeriod(period: ReportPeriod): URLSearchParams {
  const query = new URLSearchParams({ von: period.from, bis: period.to });
  if (period.insurer) query.set('versicherer', period.insurer);
  if (period.lawyer) query.set('anwalt', period.lawyer);
  return query;
}

export interface ReportsRouteProps {
  readonly me: LawyerProfile;
  readonly http: { readonly chatUrl: () => Call<string>; readonly fetch: (input: string, init?: RequestInit) => Promise<Response> };
  readonly onSessionExpired: () => void;
}

export function ReportsRoute({ me, http, onSessionExpired }: ReportsRouteProps) {
  const api = useMemo(() => createReportsApi({ chatUrl: http.chatUrl, fetch: (input, init) => http.fetch(String(input), init) }), [http]);
  // The period lives in the address: a reload, the browser's back button or a link sent to a colleague shows the same report.
  const [query, setQuery] = useSearchParams();
  const initial = useMemo(
    () => periodFromQuery(query),
    // Read once when the screen opens; later the screen's own choices write the address.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [],
  );
  const onShow = useCallback((period: ReportPeriod) => setQuery(queryOfPeriod(period), { replace: true }), [setQuery]);
  return <ReportsScreen api={api} me={me} onSessionExpired={onSessionExpired} initial={initial} onShow={onShow} />;
}
