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

/** How many links go into the page per task, and how the next task is reached (tests drive it by hand). */
export interface PreloadPacing {
  readonly perTask: number;
  readonly nextTask: (run: () => void) => void;
}

const browserPacing: PreloadPacing = { perTask: 4, nextTask: (run) => void setTimeout(run, 0) };

/**
 * Adds a <link rel="modulepreload"> per chunk to the head: the browser fetches and compiles them ahead of
 * use. A few links per task: inserting one starts its fetch at once, which costs the main thread a couple
 * of milliseconds; thirty in one go were a long task on Lighthouse's phone. Resolves once the start
 * chunks are in, so the app can be imported without the bundler adding links of its own; the rest
 * follows in the next tasks.
 */
export function preloadRouteChunks(doc: Document, pacing: PreloadPacing = browserPacing): Promise<void> {
  const { critical, later } = readRouteChunks(doc);
  const add = (href: string, lowPriority: boolean) => {
    const link = doc.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    if (lowPriority) link.setAttribute('fetchpriority', 'low');
    link.href = href;
    doc.head.appendChild(link);
  };
  const queue = [...critical.map((href) => ({ href, low: false })), ...later.map((href) => ({ href, low: true }))];
  return new Promise((criticalDone) => {
    let added = 0;
    const step = () => {
      for (const { href, low } of queue.splice(0, pacing.perTask)) add(href, low);
      added += pacing.perTask;
      if (added >= critical.length) criticalDone();
      if (queue.length > 0) pacing.nextTask(step);
    };
    step();
  });
}
