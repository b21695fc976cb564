// A fetch that keeps cookies the way a browser page on `pageOrigin` would, so the adapters run in
// Node unchanged: cookies are stored per origin, sent only when the request's `credentials` mode
// allows it ('same-origin' → page origin only, 'include' → any origin, 'omit' → never), and writes
// carry the page's Origin header. Host-only cookies with path '/' are all the product sets.
import type { FetchFn } from '../../src/http/fetchCall.js';

export interface CookieJarFetch {
  readonly fetch: FetchFn;
  /** The Cookie header a request to `url` would carry (for the SignalR client's `headers`). */
  cookieHeader(url: string): string;
}

function requestUrl(input: RequestInfo | URL): URL {
  return new URL(input instanceof Request ? input.url : input.toString());
}

function mayUseCookies(credentials: RequestCredentials, pageOrigin: string, target: string): boolean {
  if (credentials === 'omit') return false;
  return credentials === 'include' || target === pageOrigin;
}

/** Applies one Set-Cookie line: stores the value or, when expired, removes the cookie. */
function applySetCookie(jar: Map<string, string>, line: string): void {
  const [pair = '', ...attributes] = line.split(';');
  const eq = pair.indexOf('=');
  if (eq <= 0) return;
  const name = pair.slice(0, eq).trim();
  const value = pair.slice(eq + 1).trim();
  const expired = attributes.some((raw) => {
    const [key = '', attr = ''] = raw.split('=').map((s) => s.trim());
    if (key.toLowerCase() === 'max-age') return Number(attr) <= 0;
    if (key.toLowerCase() === 'expires') return Date.parse(attr) <= Date.now();
    return false;
  });
  if (expired || value === '') jar.delete(name);
  else jar.set(name, value);
}

export function createCookieJarFetch(pageOrigin: string): CookieJarFetch {
  const jars = new Map<string, Map<string, string>>();
  const jarOf = (origin: string) => {
    const jar = jars.get(origin) ?? new Map<string, string>();
    jars.set(origin, jar);
    return jar;
  };
  const cookieHeader = (url: string) => [...jarOf(new URL(url).origin)].map(([name, value]) => `${name}=${value}`).join('; ');

  const jarFetch: FetchFn = async (input, init = {}) => {
    const url = requestUrl(input);
    const credentials = init.credentials ?? 'same-origin';
    const withCookies = mayUseCookies(credentials, pageOrigin, url.origin);
    const headers = new Headers(init.headers);
    const cookies = cookieHeader(url.toString());
    if (withCookies && cookies !== '') headers.set('Cookie', cookies);
    const method = (init.method ?? 'GET').toUpperCase();
    if (method !== 'GET' && method !== 'HEAD') headers.set('Origin', pageOrigin);
    const response = await fetch(url, { ...init, headers });
    if (withCookies) for (const line of response.headers.getSetCookie()) applySetCookie(jarOf(url.origin), line);
    return response;
  };
  return { fetch: jarFetch, cookieHeader };
}
