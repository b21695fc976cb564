// When the app's start chunks cannot load – offline at the first visit, or a page of an older release whose chunks are
// gone and the one reload (adapters' reloadOnStaleChunk) did not help – the page would show its loading indicator for
// ever. Instead the notice the build put into index.html (appShell.ts › loadFailedHtml) replaces it, with a reload button.

const LOAD_FAILED_ID = 'load-failed';

export function showLoadFailed(doc: Document): void {
  const template = doc.getElementById(LOAD_FAILED_ID);
  const main = doc.getElementById('inhalt');
  if (!(template instanceof HTMLTemplateElement) || main === null) return;
  main.replaceChildren(template.content.cloneNode(true));
  main.querySelector('button')?.addEventListener('click', () => doc.location.reload());
}
