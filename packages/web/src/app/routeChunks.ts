// The chunks the current route needs at start, as the server lists them in index.html
// (packages/server/src/platform/http/indexHtml.ts, from the build's route-preloads.json).
// Requested all at once after the first paint (issue 12): no chain of round trips, and neither
// their download nor their compilation delays the first paint.

export interface RouteChunks {
  /** The app's start chunk and its imports: normal priority. */
  readonly critical: readonly string[];
  /** The container and the route's lazily loaded chunks: low priority. */
  readonly later: readonly string[];
}

const ROUTE_CHUNKS_ID = 'route-chunks';
const NONE: RouteChunks = { critical: [], later: [] };

/** Only the app's own hashed chunks: a path below /assets/ ending in .js. */
const isOwnChunk = (value: unknown): value is string => typeof value === 'string' && /^\/assets\/[\w.-]+\.js$/.test(value);

const chunkList = (value: unknown): string[] => (Array.isArray(value) ? value.filter(isOwnChunk) : []);

/** Reads the JSON island of index.html; a page without it (or with a broken one) preloads nothing. */
export function readRouteChunks(doc: Document): RouteChunks {
  const text = doc.getElementById(ROUTE_CHUNKS_ID)?.textContent;
  if (!text) return NONE;
  try {
    const parsed = JSON.parse(text) as { critical?: unknown; later?: unknown };
    return { critical: chunkList(parsed.critical), later: chunkList(parsed.later) };
  } catch {
    return NONE;
  }
}

/** Adds a <link rel="modulepreload"> per chunk to the head: the browser fetches and compiles them ahead of use. */
export function preloadRouteChunks(doc: Document): void {
  const { critical, later } = readRouteChunks(doc);
  const add = (href: string, lowPriority: boolean) => {
    const link = doc.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    if (lowPriority) link.setAttribute('fetchpriority', 'low');
    link.href = href;
    doc.head.appendChild(link);
  };
  critical.forEach((href) => add(href, false));
  later.forEach((href) => add(href, true));
}
