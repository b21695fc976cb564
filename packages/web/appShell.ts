// Build step (issue 12): the page frame as static HTML inside #root, so a phone paints the header and a
// loading indicator as soon as the HTML and the stylesheet are there – before the JavaScript has
// arrived. React replaces it with the same frame (SiteLayout, PageLoading) on its first render; the
// classes are those of global.css, so nothing moves. Texts come from the i18next resources.
import type { Plugin } from 'vite';

export interface AppShellTexts {
  readonly serviceName: string;
  readonly loading: string;
}

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The markup of SiteLayout's header and main with PageLoading in it (no footer: it sits below the fold). */
export function appShellHtml(texts: AppShellTexts): string {
  return [
    '<div class="site">',
    '<header class="site-header"><div class="site-toolbar">',
    `<a href="/chat" class="site-name">${escapeHtml(texts.serviceName)}</a>`,
    '</div></header>',
    '<main id="inhalt" tabindex="-1" class="site-main">',
    `<div role="status" class="page-loading"><span role="progressbar" aria-label="${escapeHtml(texts.loading)}" class="spinner"></span></div>`,
    '</main>',
    '</div>',
  ].join('');
}

/** Fills the empty <div id="root"></div> of index.html with the shell. */
export function fillRoot(html: string, texts: AppShellTexts): string {
  const empty = '<div id="root"></div>';
  if (!html.includes(empty)) throw new Error('app-shell: index.html has no empty <div id="root"></div>');
  return html.replace(empty, `<div id="root">${appShellHtml(texts)}</div>`);
}

/** Vite plugin: index.html with the shell in its root. */
export function appShell(texts: AppShellTexts): Plugin {
  return { name: 'rechtschat-app-shell', transformIndexHtml: (html) => fillRoot(html, texts) };
}
