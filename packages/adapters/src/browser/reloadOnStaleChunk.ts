// After a deploy, a page loaded from the previous release asks for chunks by hashed names the new release no longer
// has, so its next lazy screen (the case file, the offboarding, a dialog) would fail to load. Reloading fetches the
// new release's page and chunks; drafts live in sessionStorage and the chat on the server, so nothing typed is lost.
// At most once a minute per tab, so a chunk that is really missing cannot make the page reload forever; then (and
// when the tab's storage is blocked) the error reaches the app's own handling as before.

const LAST_RELOAD_KEY = 'rechtschat.staleChunkReload';
export const STALE_CHUNK_RELOAD_INTERVAL_MS = 60_000;

/** The part of `window` this needs (a test passes a fake). */
export interface StaleChunkHost {
  addEventListener(type: 'vite:preloadError', listener: (event: Event) => void): void;
  readonly sessionStorage: Pick<Storage, 'getItem' | 'setItem'>;
  readonly location: Pick<Location, 'reload'>;
}

/** Reloads the page when a lazy chunk fails to load (Vite's `vite:preloadError`), once per interval. */
export function reloadOnStaleChunk(host: StaleChunkHost, now: () => number = Date.now): void {
  host.addEventListener('vite:preloadError', (event) => {
    if (now() - Number(host.sessionStorage.getItem(LAST_RELOAD_KEY)) < STALE_CHUNK_RELOAD_INTERVAL_MS) return;
    host.sessionStorage.setItem(LAST_RELOAD_KEY, String(now()));
    event.preventDefault();
    host.location.reload();
  });
}
