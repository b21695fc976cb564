// The static page frame the web build puts into index.html, painted before the JavaScript arrives.
import { describe, expect, it } from 'vitest';
import { appShell, appShellHtml, chatEntryMainHtml, fillRoot, loadFailedHtml, siteNameHtml } from '../appShell.js';

const texts = { serviceName: 'Rechtsberatung im Chat', loading: 'Wird geladen …' };

describe('app shell', () => {
  it('should carry the frame of SiteLayout with the service name and a labelled loading indicator', () => {
    const html = appShellHtml(texts);
    expect(html).toContain('<header class="site-header">');
    expect(html).toContain('<a href="/chat" class="site-name">Rechtsberatung im Chat</a>');
    expect(html).toContain('<main id="inhalt" tabindex="-1" class="site-main">');
    expect(html).toContain('role="progressbar" aria-label="Wird geladen …"');
  });

  it('should escape the texts', () => {
    expect(appShellHtml({ serviceName: 'A & <B>', loading: '"x"' })).toContain('A &amp; &lt;B&gt;');
    expect(appShellHtml({ serviceName: 'A', loading: '"x"' })).toContain('aria-label="&quot;x&quot;"');
  });

  it('should give chat/new its page top and the preparing indicator, escaped, marked signed out (no „Abmelden“ before the session is known)', () => {
    const main = chatEntryMainHtml({ title: 'Chat', intro: 'Erst <Assistent>, dann Anwalt', preparing: 'Wird vorbereitet' });
    expect(main).toContain('<h1 class="visually-hidden">Chat</h1>');
    expect(main).toContain('<p class="chat-intro">Erst &lt;Assistent&gt;, dann Anwalt</p>');
    expect(main).toContain('<div role="status" class="preparing signed-out">');
  });

  it('should be a plugin that writes the route frames for the server', () => {
    const emitted: { fileName?: string; source?: unknown }[] = [];
    const plugin = appShell(texts, [{ pattern: '^/chat/new/?$', main: '<p>x</p>' }]);
    const generate = plugin.generateBundle as unknown as (this: unknown) => void;
    generate.call({ meta: { watchMode: false }, emitFile: (file: { fileName?: string; source?: unknown }) => emitted.push(file) });
    expect(emitted[0]?.fileName).toBe('.vite/app-shells.json');
    expect(JSON.parse(String(emitted[0]?.source))).toEqual({ routes: [{ pattern: '^/chat/new/?$', main: '<p>x</p>' }] });
  });

  it("should give the case file's pages its own name in the header, escaped, as a route frame for the server", () => {
    expect(siteNameHtml('/digitale-fallakte', 'Digitale <Fallakte>')).toBe('<a href="/digitale-fallakte" class="site-name">Digitale &lt;Fallakte&gt;</a>');
    // The default frame's name is the chat's, in the same markup the server replaces.
    expect(appShellHtml(texts)).toContain(siteNameHtml('/chat', texts.serviceName));
    const emitted: { source?: unknown }[] = [];
    const siteName = siteNameHtml('/digitale-fallakte', 'Digitale Fallakte');
    const plugin = appShell(texts, [{ pattern: '^/digitale-fallakte(?:/|$)', siteName }]);
    const generate = plugin.generateBundle as unknown as (this: unknown) => void;
    generate.call({ meta: { watchMode: false }, emitFile: (file: { source?: unknown }) => emitted.push(file) });
    expect(JSON.parse(String(emitted[0]?.source))).toEqual({ routes: [{ pattern: '^/digitale-fallakte(?:/|$)', siteName }] });
  });

  it('should put the notice for a start that cannot load into the page as an inert template, escaped, outside the root React replaces', () => {
    const loadFailed = { text: 'Nicht <geladen>', reload: 'Neu laden' };
    expect(loadFailedHtml(loadFailed)).toMatch(/^<template id="load-failed"><div role="alert" class="alert-error">/);
    expect(loadFailedHtml(loadFailed)).toContain('Nicht &lt;geladen&gt;');
    const page = fillRoot('<body><div id="root"></div></body>', { ...texts, loadFailed });
    expect(page).toContain(`</div></div></div>${loadFailedHtml(loadFailed)}</body>`);
    expect(fillRoot('<body><div id="root"></div></body>', texts)).not.toContain('<template');
  });

  it('should fill the empty root of index.html and refuse a page without one', () => {
    expect(fillRoot('<body><div id="root"></div></body>', texts)).toContain('<div id="root"><div class="site">');
    expect(() => fillRoot('<body></body>', texts)).toThrow(/root/);
  });
});
