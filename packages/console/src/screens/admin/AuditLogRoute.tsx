// The Protokoll as a console route: its filters live in the address (auditLogQuery.ts), read once when the screen
// opens and written back on every change, so reload, back button and bookmarks show the same filtered view.
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import type { AuditLogFilter } from '@rechtschat/core';
import type { ConsoleScreenProps } from '../../routes/consoleRoutes.js';
import { AuditLogScreen } from './AuditLogScreen.js';
import { auditFilterFromQuery, queryOfAuditFilter } from './auditLogQuery.js';

export function AuditLogRoute({ ports, onSessionExpired }: ConsoleScreenProps) {
  const [query, setQuery] = useSearchParams();
  const initial = useMemo(
    () => auditFilterFromQuery(query),
    // Read once when the screen opens; later the screen's own choices write the address.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [],
  );
  const onFilter = useCallback((filter: AuditLogFilter) => setQuery(queryOfAuditFilter(filter), { replace: true }), [setQuery]);
  return <AuditLogScreen ports={ports} onSessionExpired={onSessionExpired} initialFilter={initial} onFilter={onFilter} />;
}
