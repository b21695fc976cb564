// The Protokoll's filters in the address (`/konsole/verwaltung/protokoll?aktion=…&person=…&von=…&bis=…&suche=…`), so a
// filtered view can be bookmarked, reloaded or sent to a colleague. German names as the reports' `von`/`bis`.
import { AuditActionCodec, type AuditLogFilter } from '@rechtschat/core';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The filters the address names; a value the server could not take (unknown kind, no day) is left out. */
export function auditFilterFromQuery(query: URLSearchParams): AuditLogFilter {
  const action = query.get('aktion') ?? '';
  const actor = query.get('person') ?? '';
  const from = query.get('von') ?? '';
  const to = query.get('bis') ?? '';
  const q = query.get('suche') ?? '';
  return {
    ...(AuditActionCodec.is(action) ? { action } : {}),
    ...(actor !== '' ? { actor } : {}),
    ...(DAY.test(from) ? { from } : {}),
    ...(DAY.test(to) ? { to } : {}),
    ...(q.trim() !== '' ? { q } : {}),
  };
}

export function queryOfAuditFilter(filter: AuditLogFilter): URLSearchParams {
  const query = new URLSearchParams();
  if (filter.action) query.set('aktion', filter.action);
  if (filter.actor) query.set('person', filter.actor);
  if (filter.from) query.set('von', filter.from);
  if (filter.to) query.set('bis', filter.to);
  if (filter.q) query.set('suche', filter.q);
  return query;
}
