// The routed data-requests screen (verwaltung/auskunft): binds its port to the console's chat host and fetch.
import { useMemo } from 'react';
import { createDataRequestsApi } from '@rechtschat/adapters';
import type { ConsoleScreenProps } from '../../routes/consoleRoutes.js';
import { DataRequestsScreen } from './DataRequestsScreen.js';

export function DataRequestsRoute({ http, onSessionExpired }: ConsoleScreenProps) {
  const api = useMemo(
    () => createDataRequestsApi({ chatUrl: http.chatUrl, fetch: (input: RequestInfo | URL, init?: RequestInit) => http.fetch(String(input), init) }),
    [http],
  );
  return <DataRequestsScreen api={api} onSessionExpired={onSessionExpired} />;
}
