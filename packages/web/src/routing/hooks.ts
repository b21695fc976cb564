// What the pages read from the address besides the path: the route's parameters (decoded, as React Router gave them)
// and the query string, and how the page was reached.
import { useMemo } from 'react';
import { useParams } from 'wouter';
import type { NavigationType } from './history.js';
import { useHistoryEntry } from './AppRouter.js';

function decoded(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/**
 * The parameters of the matched route, fully decoded. wouter matches the address after `decodeURI`, which leaves
 * reserved characters encoded (`%2F`, `%3D`, `%2B` – a base64 phone number in chat/rueckruf/… has them).
 */
export function useRouteParams(): Readonly<Record<string, string | undefined>> {
  const params = useParams();
  return useMemo(() => Object.fromEntries(Object.entries(params).map(([name, value]) => [name, value === undefined ? undefined : decoded(value)])), [params]);
}

/** The query string of the current entry. */
export function useSearchParams(): URLSearchParams {
  const { search } = useHistoryEntry();
  return useMemo(() => new URLSearchParams(search), [search]);
}

/** POP for a page load and Back/Forward, PUSH or REPLACE for a navigation in the app. */
export function useNavigationType(): NavigationType {
  return useHistoryEntry().navigationType;
}
