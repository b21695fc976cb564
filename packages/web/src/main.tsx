// Browser entry, kept tiny: the page frame in index.html is painted first, while the start chunks
// (modulepreload links in the head) arrive; then the route's other chunks are requested at low priority
// and the app starts from its own chunk (app/start.ts).
import { reloadOnStaleChunk } from '@rechtschat/adapters/stale-chunks';
import { afterFirstPaint } from './app/afterFirstPaint.js';
import { showLoadFailed } from './app/loadFailed.js';
import { preloadLaterChunks } from './app/routeChunks.js';

reloadOnStaleChunk(window);

afterFirstPaint(() => {
  preloadLaterChunks(document);
  // The error itself says nothing the person could act on; Sentry is in the chunks that did not load.
  import('./app/start.js').catch(() => showLoadFailed(document));
});
