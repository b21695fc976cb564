// Browser entry, kept tiny: the page frame in index.html is painted first, while the start chunks
// (modulepreload links in the head) arrive; then the route's other chunks are requested at low priority
// and the app starts from its own chunk (app/start.ts).
import { reloadOnStaleChunk } from '@rechtschat/adapters/stale-chunks';
import { afterFirstPaint } from './app/afterFirstPaint.js';
import { preloadLaterChunks } from './app/routeChunks.js';

reloadOnStaleChunk(window);

afterFirstPaint(() => {
  preloadLaterChunks(document);
  import('./app/start.js').catch((error: unknown) => console.error('Die Anwendung konnte nicht geladen werden.', error));
});
