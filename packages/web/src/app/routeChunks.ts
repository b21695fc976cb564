// The chunks the current route needs soon after start, as the server lists them in index.html
// (packages/server/src/platform/http/indexHtml.ts, from the build's route-preloads.json). The app's start
// chunk and its imports are already <link rel="modulepreload"> in the head; the container and the route's
// lazily loaded chunks are requested here, once the first paint is done: at low priority, so they
// do not compete with the start chunks, and all at once, so there is no chain of round trips.

const ROUTE_CHUNKS_ID = 'route-chunks';

/** Only the app's own hashed chunks: a path below /assets/ ending in .js. */
const isOwnChunk = (value: unknown): value is string => typeof value === 'string' && /^\/assets\/[\w.-]+\.js$/.test(value);

/** Reads the JSON island of index.html; a page without it (or with a broken one) preloads nothing. */
export function readLaterChunks(doc: Document): string[] {
  const text = doc.getElementById(ROUTE_CHUNKS_ID)?.textContent;
  if (!text) return [];
  try {
    const { later } = JSON.parse(text) as { later?: unknown };
    return Array.isArray(later) ? later.filter(isOwnChunk) : [];
  } catch {
    return [];
  }
}

/** How many links go into the page per task, and how the next task is reached (tests drive it by hand). */
export interface PreloadPacing {
  readonly perTask: number;
  readonly nextTask: (run: () => void) => void;
}

const browserPacing: PreloadPacing = { perTask: 4, nextTask: (run) => void setTimeout(run, 0) };

/**
 * Adds a low-priority <link rel="modulepreload"> per chunk to the head: the browser fetches and compiles
 * them ahead of use. A few links per task: inserting one starts its fetch at once, which costs the main
 * thread a couple of milliseconds; thirty in one go were a long task on Lighthouse's phone.
 */
export function preloadLaterChunks(doc: Document, pacing: PreloadPacing = browserPacing): void {
  const queue = readLaterChunks(doc);
  const step = () => {
    for (const href of queue.splice(0, pacing.perTask)) {
      const link = doc.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.setAttribute('fetchpriority', 'low');
      link.href = href;
      doc.head.appendChild(link);
    }
    if (queue.length > 0) pacing.nextTask(step);
  };
  step();
}
