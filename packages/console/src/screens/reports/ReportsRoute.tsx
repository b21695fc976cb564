// The report screen as a console route: binds the reports port to the shell's chat host and fetch.
import { useMemo } from 'react';
import { createReportsApi } from '@rechtschat/adapters';
import type { Call, LawyerProfile } from '@rechtschat/core';
import { ReportsScreen } from './ReportsScreen.js';

export interface ReportsRouteProps {
  readonly me: LawyerProfile;
  readonly http: { readonly chatUrl: () => Call<string>; readonly fetch: (input: string, init?: RequestInit) => Promise<Response> };
  readonly onSessionExpired: () => void;
}

export function ReportsRoute({ me, http, onSessionExpired }: ReportsRouteProps) {
  const api = useMemo(() => createReportsApi({ chatUrl: http.chatUrl, fetch: (input, init) => http.fetch(String(input), init) }), [http]);
  return <ReportsScreen api={api} me={me} onSessionExpired={onSessionExpired} />;
}
