// Browser entry, kept tiny: the page frame in index.html is painted first, then the app starts from
// its own chunk (app/start.tsx), which the server's index.html already lets the browser fetch (issue 12).
import { afterFirstPaint } from './app/afterFirstPaint.js';

afterFirstPaint(() => {
  import('./app/start.js').catch((error: unknown) => console.error('Die Anwendung konnte nicht geladen werden.', error));
});
