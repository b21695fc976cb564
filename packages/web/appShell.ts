// Build step: the page frame as static HTML inside #root, so a phone paints the header and a
// loading indicator as soon as the HTML and the stylesheet are there – before the JavaScript has
// arrived. React replaces it with the same frame (SiteLayout, PageLoading) on its first render; the
// classes are those of global.css, so nothing moves. Texts come from the i18next resources.
// chat/new shows its page top (a note on how the advice runs) and a case-file link the login's top from
// the first paint: the server puts that route's <main> content from app-shells.json into its index.html.
import type { Plugin } from 'vite';

export interface AppShellTexts {
  readonly serviceName: string;
  readonly loading: string;
  /** The notice main.tsx shows when the app's start chunks cannot be loaded (app/loadFailed.ts); without it, none. */
  readonly loadFailed?: { readonly text: string; readonly reload: string };
}

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Texts of the chat page's top (ChatEntryPage's ChatPageTop and Preparing). */
export interface ChatEntryShellTexts {
  readonly title: string;
  readonly intro: string;
  readonly preparing: string;
}

/**
 * A route whose frame differs from the default: a path pattern (RegExp source), the inner HTML of its <main> (more than
 * the loading indicator) and/or the header's service name (`siteNameHtml`: the digitale Fallakte is not the chat).
 */
export interface RouteShell {
  readonly pattern: string;
  /** Only when the address's query has this parameter with this value (a shared page reached from the case file). */
  readonly query?: { readonly name: string; readonly value: string };
  readonly main?: string;
  readonly siteName?: string;
}

/** Texts of the case-file login's top (CaseFileLoginTop). */
export interface CaseFileLoginShellTexts {
  readonly title: string;
  readonly intro: string;
  readonly loading: string;
}

/** What the server reads (dist/.vite/app-shells.json): the <main> content and service name per route pattern, first match wins. */
export interface AppShellFile {
  readonly routes: readonly RouteShell[];
}

export const APP_SHELLS_FILE = '.vite/app-shells.json';
export const MAIN_OPEN = '<main id="inhalt" tabindex="-1" class="site-main">';

/** PageLoading's markup: the <main> content of every page until its own frame is known. */
function pageLoadingHtml(texts: AppShellTexts): string {
  return `<div role="status" class="page-loading"><span role="progressbar" aria-label="${escapeHtml(texts.loading)}" class="spinner"></span></div>`;
}

/** The <main> content of chat/new while it loads: ChatEntryPage's ChatPagePreparing. */
export function chatEntryMainHtml(texts: ChatEntryShellTexts): string {
  return [
    `<h1 class="visually-hidden">${escapeHtml(texts.title)}</h1>`,
    `<p class="chat-intro">${escapeHtml(texts.intro)}</p>`,
    '<div role="status" class="preparing signed-out"><span class="spinner spinner-small" aria-hidden="true"></span>',
    `<p class="text">${escapeHtml(texts.preparing)}</p></div>`,
  ].join('');
}

/** The <main> content of a case-file link while it loads: CaseFileLoginTop and PageLoading. */
export function caseFileLoginMainHtml(texts: CaseFileLoginShellTexts): string {
  return [
    `<h1 class="page-heading">${escapeHtml(texts.title)}</h1>`,
    `<p class="text-block">${escapeHtml(texts.intro)}</p>`,
    pageLoadingHtml({ serviceName: '', loading: texts.loading }),
  ].join('');
}

/** SiteLayout's service name in the header: a link to the service's start (layout/serviceArea.ts). */
export function siteNameHtml(href: string, name: string): string {
  return `<a href="${escapeHtml(href)}" class="site-name">${escapeHtml(name)}</a>`;
}

/** The markup of SiteLayout's header and main with PageLoading in it (no footer: it sits below the fold). */
export function appShellHtml(texts: AppShellTexts): string {
  return [
    '<div class="site"><div class="site-screen">',
    '<header class="site-header"><div class="site-toolbar">',
    siteNameHtml('/chat', texts.serviceName),
    '</div></header>',
    MAIN_OPEN,
    pageLoadingHtml(texts),
    '</main>',
    '</div></div>',
  ].join('');
}

/**
 * The notice for a start that cannot load its JavaScript (offline at the first visit, or a page of an older release
 * whose chunks are gone), as an inert <template>: the texts must be in the page, i18next is in the chunks that failed.
 */
export function loadFailedHtml(texts: NonNullable<AppShellTexts['loadFailed']>): string {
  return [
    `<template id="load-failed"><div role="alert" class="alert-error"><div class="alert-message">${escapeHtml(texts.text)}</div>`,
    `<div class="alert-action"><button type="button" class="button button-text">${escapeHtml(texts.reload)}</button></div></div></template>`,
  ].join('');
}

/** Fills the empty <div id="root"></div> of index.html with the shell. */
export function fillRoot(html: string, texts: AppShellTexts): string {
  const empty = '<div id="root"></div>';
  if (!html.includes(empty)) throw new Error('app-shell: index.html has no empty <div id="root"></div>');
  const notice = texts.loadFailed ? loadFailedHtml(texts.loadFailed) : '';
  return html.replace(empty, `<div id="root">${appShellHtml(texts)}</div>${notice}`);
}

/**
 * Vite plugin: index.html with the shell in its root; the routes whose frame shows more (the chat
 * page's top) in dist/.vite/app-shells.json, which the server puts into that route's index.html.
 */
export function appShell(texts: AppShellTexts, routes: readonly RouteShell[] = []): Plugin {
  return {
    name: 'rechtschat-app-shell',
    transformIndexHtml: (html) => fillRoot(html, texts),
    generateBundle() {
      if (this.meta.watchMode) return;
      const file: AppShellFile = { routes };
      this.emitFile({ type: 'asset', fileName: APP_SHELLS_FILE, source: `${JSON.stringify(file, null, 2)}\n` });
    },
  };
}
