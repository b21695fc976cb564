// Clients build chat-host URLs as `{CHAT_HOST_URL}api/…`; a base without its trailing slash
// or a path with one too many (`…//api/…`, `…/status/`) should still reach the exact route.
// Only API paths lose a trailing slash: static routes (`/konsole/`) keep their own meaning.
export function canonicalUrl(url: string): string {
  const query = url.indexOf('?');
  const rawPath = query === -1 ? url : url.slice(0, query);
  const rest = query === -1 ? '' : url.slice(query);
  let path = rawPath.replace(/\/{2,}/g, '/');
  if (path.startsWith('/api/') && path.length > 5 && path.endsWith('/')) path = path.slice(0, -1);
  return path + rest;
}
