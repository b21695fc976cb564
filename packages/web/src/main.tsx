// Browser entry, kept tiny: the page frame in index.html is painted first; then the route's chunks
// are requested all at once and the app starts from its own chunk (app/start.ts) (issue 12).
import { afterFirstPaint } from './app/afterFirstPaint.js';
import { preloadRouteChunks } from './app/routeChunks.js';

afterFirstPaint(() => {
  void preloadRouteChunks(document).then(() =>
    import('./app/start.js').catch((error: unknown) => console.error('Die Anwendung konnte nicht geladen werden.', error)),
  );
});
