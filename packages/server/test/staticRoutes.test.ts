// The web origin serves the built apps with an SPA fallback; API paths stay JSON.
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import zlib from 'node:zlib';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type RunningApp } from '../src/app.js';
import { loadConfig } from '../src/platform/config.js';
import { isBuiltAssetRequest } from '../src/platform/http/security.js';
import { freePort, tempDir } from './support/testApp.js';

describe('static web app and console', () => {
  const dir = tempDir();
  let app: RunningApp;
  const html = (url: string) => fetch(`${app.webUrl}${url}`, { headers: { accept: 'text/html' } });

  beforeAll(async () => {
    for (const [name, title] of [
      ['web', 'Rechtschat'],
      ['console', 'Konsole'],
    ] as const) {
      fs.mkdirSync(path.join(dir, name, 'assets'), { recursive: true });
      const frame =
        '<div id="root"><header class="site-header"><a href="/chat" class="site-name">Rechtsberatung im Chat</a></header>' +
        '<main id="inhalt" tabindex="-1" class="site-main"><div class="page-loading"></div></main></div>';
      fs.writeFileSync(path.join(dir, name, 'index.html'), `<!doctype html><html><head><title>${title}</title></head><body>${frame}</body></html>`);
      fs.writeFileSync(path.join(dir, name, 'assets', 'app-1234.js'), 'console.log(1)');
    }
    // What tools/precompress.js leaves beside each asset, plus a source map kept for Sentry.
    for (const file of ['index.html', 'assets/app-1234.js']) {
      const original = fs.readFileSync(path.join(dir, 'web', file));
      fs.writeFileSync(path.join(dir, 'web', `${file}.br`), zlib.brotliCompressSync(original));
      fs.writeFileSync(path.join(dir, 'web', `${file}.gz`), zlib.gzipSync(original));
    }
    fs.writeFileSync(path.join(dir, 'web', 'assets', 'app-1234.js.map'), '{"version":3,"sources":["geheim.ts"]}');
    fs.writeFileSync(path.join(dir, 'web', 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    // What packages/web/routePreloads.ts writes: the lazy chunks each route needs at start.
    fs.mkdirSync(path.join(dir, 'web', '.vite'));
    fs.writeFileSync(
      path.join(dir, 'web', '.vite', 'route-preloads.json'),
      JSON.stringify({
        critical: ['assets/start-1.js'],
        always: ['assets/container-1.js'],
        routes: [
          { prefix: '/chat', scripts: ['assets/ChatScreenHost-1.js'] },
          { prefix: '/digitale-fallakte', scripts: ['assets/CaseFileArea-1.js'] },
        ],
      }),
    );
    // What packages/web/appShell.ts writes: the static <main> content of chat/new and the case-file login, the case
    // file's name in the header of its pages.
    fs.writeFileSync(
      path.join(dir, 'web', '.vite', 'app-shells.json'),
      JSON.stringify({
        routes: [
          { pattern: '^/chat/new/?$', main: '<p class="chat-intro">Zuerst der Assistent</p>' },
          {
            pattern: '^/digitale-fallakte/(?!datenschutz/?$)[^/]+/?$',
            main: '<h1>Anmelden</h1>',
            siteName: '<a href="/digitale-fallakte" class="site-name">Digitale Fallakte</a>',
          },
          { pattern: '^/digitale-fallakte(?:/|$)', siteName: '<a href="/digitale-fallakte" class="site-name">Digitale Fallakte</a>' },
          { pattern: '^/', query: { name: 'von', value: 'fallakte' }, siteName: '<a href="/digitale-fallakte" class="site-name">Digitale Fallakte</a>' },
        ],
      }),
    );
    const [port, chatPort] = [await freePort(), await freePort()];
    const config = loadConfig({ NODE_ENV: 'test', HOST: '127.0.0.1', PORT: String(port), CHAT_PORT: String(chatPort), DATA_DIR: path.join(dir, 'data') });
    app = await startApp({ config, logger: pino({ level: 'silent' }), staticDirs: { web: path.join(dir, 'web'), console: path.join(dir, 'console') } });
  });

  afterAll(async () => {
    await app?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('should answer client routes with the web index.html, its CSP and a frame refusal that agrees with it', async () => {
    for (const route of ['/chat/new?InsuranceNumber=abc', '/digitale-fallakte/token/uebersicht', '/']) {
      const response = await html(route);
      expect(response.status).toBe(200);
      expect(await response.text()).toContain('<title>Rechtschat</title>');
      expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
      expect(response.headers.get('x-frame-options')).toBe('DENY');
      expect(response.headers.get('referrer-policy')).toBe('no-referrer');
    }
  });

  it("should preload the start chunks with the page, list each route's other chunks for later, and open the chat host connection on chat routes", async () => {
    const chat = await (await html('/chat/new?InsuranceNumber=abc')).text();
    const head = chat.slice(0, chat.indexOf('</head>'));
    // The start chunks: fetched with the page, at normal priority, without a script.
    expect(head).toContain('<link rel="modulepreload" crossorigin href="/assets/start-1.js" />');
    expect(chat.match(/rel="modulepreload"/g)).toHaveLength(1);
    // The rest: a list the entry preloads after the first paint.
    const island = /<script type="application\/json" id="route-chunks">(.*?)<\/script>/.exec(head);
    expect(JSON.parse(island?.[1] ?? 'null')).toEqual({ later: ['/assets/container-1.js', '/assets/ChatScreenHost-1.js'] });
    expect(chat).not.toContain('CaseFileArea-1.js');
    expect(head).toMatch(/<link rel="preconnect" href="http:\/\/localhost:\d+" \/>/);

    const caseFile = await (await html('/digitale-fallakte/token')).text();
    expect(caseFile).toContain('<link rel="modulepreload" crossorigin href="/assets/start-1.js" />');
    expect(caseFile).toContain('"later":["/assets/container-1.js","/assets/CaseFileArea-1.js"]');
    expect(caseFile).not.toContain('ChatScreenHost-1.js');
    expect(caseFile).not.toContain('rel="preconnect"');

    const other = await (await html('/chatbot-gibt-es-nicht')).text();
    expect(other).toContain('/assets/container-1.js');
    expect(other).not.toContain('ChatScreenHost-1.js');
  });

  it("should paint chat/new's page top with the frame, and keep the other routes' loading indicator", async () => {
    const chatNew = await (await html('/chat/new?InsuranceNumber=abc')).text();
    expect(chatNew).toContain('<main id="inhalt" tabindex="-1" class="site-main"><p class="chat-intro">Zuerst der Assistent</p></main>');
    expect(chatNew).toContain('/assets/ChatScreenHost-1.js');

    const caseChat = await (await html('/chat/F-17')).text();
    expect(caseChat).toContain('<div class="page-loading"></div>');
    expect(caseChat).not.toContain('chat-intro');
    expect(caseChat).toContain('/assets/ChatScreenHost-1.js');

    expect(await (await html('/digitale-fallakte/abc123')).text()).toContain('<h1>Anmelden</h1></main>');
    expect(await (await html('/digitale-fallakte/datenschutz')).text()).toContain('<div class="page-loading"></div>');
  });

  it('should name the digitale Fallakte in the header of its pages from the first paint, and the chat everywhere else', async () => {
    const caseFile = '<a href="/digitale-fallakte" class="site-name">Digitale Fallakte</a>';
    for (const route of ['/digitale-fallakte/abc123', '/digitale-fallakte/datenschutz', '/digitale-fallakte', '/digitale-fallakte/abc123/abmelden']) {
      const page = await (await html(route)).text();
      expect(page, route).toContain(caseFile);
      expect(page, route).not.toContain('Rechtsberatung im Chat');
    }
    // The login keeps its page top as well.
    expect(await (await html('/digitale-fallakte/abc123')).text()).toContain('<h1>Anmelden</h1></main>');
    for (const route of ['/chat/new?InsuranceNumber=abc', '/impressum', '/digitale-fallaktex', '/impressum?von=chat', '/impressum?fallakte=von']) {
      expect(await (await html(route)).text(), route).toContain('<a href="/chat" class="site-name">Rechtsberatung im Chat</a>');
    }
  });

  it('should name the digitale Fallakte from the first paint on a shared page reached from it (?von=fallakte), reloaded', async () => {
    for (const route of ['/impressum?von=fallakte', '/barrierefreiheit?x=1&von=fallakte']) {
      const page = await (await html(route)).text();
      expect(page, route).toContain('<a href="/digitale-fallakte" class="site-name">Digitale Fallakte</a>');
      expect(page, route).not.toContain('Rechtsberatung im Chat');
    }
  });

  it('should exempt only GET and HEAD of files directly below the assets folders', () => {
    expect(isBuiltAssetRequest('GET', '/assets/start-1a2b.js')).toBe(true);
    expect(isBuiltAssetRequest('HEAD', '/konsole/assets/index-9.css')).toBe(true);
    expect(isBuiltAssetRequest('POST', '/assets/start-1a2b.js')).toBe(false);
    expect(isBuiltAssetRequest('GET', '/api/assets/x')).toBe(false);
    expect(isBuiltAssetRequest('GET', '/assets/../api/chat')).toBe(false);
    expect(isBuiltAssetRequest('GET', '/chat/new')).toBe(false);
  });

  it('should serve the console under /konsole/ with its own fallback', async () => {
    expect(await (await html('/konsole/warteschlange')).text()).toContain('<title>Konsole</title>');
    expect(await (await html('/konsole/')).text()).toContain('<title>Konsole</title>');
  });

  it("should answer the console's deep links (administration, the public access page) with the console's index.html", async () => {
    for (const deepLink of ['/konsole/verwaltung/team', '/konsole/verwaltung/protokoll', '/konsole/berichte', '/konsole/zugang']) {
      const page = await html(deepLink);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('<title>Konsole</title>');
    }
  });

  it('should answer a path with a segment too long for a file name with the page or a JSON 404, not 403 (a mangled link)', async () => {
    const long = 'A'.repeat(300);
    for (const [url, status] of [
      [`/konsole/${long}`, 404],
      [`/${long}`, 404],
      [`/digitale-fallakte/${'B'.repeat(4100)}`, 200],
    ] as const) {
      const page = await html(url);
      expect(page.status, url.slice(0, 30)).toBe(status);
      expect(await page.text()).toMatch(/<title>(Konsole|Rechtschat)<\/title>/);
    }
    const api = await fetch(`${app.webUrl}/api/nope/${'C'.repeat(4100)}`);
    expect(api.status).toBe(404);
    expect(await api.json()).toMatchObject({ Error: 'NotFound' });
  });

  it("should answer an address neither app has a page for with status 404 and the app's page (its own „Seite nicht gefunden“), GET and HEAD alike", async () => {
    for (const [url, title] of [
      ['/gibt-es-nicht', 'Rechtschat'],
      ['/fallakte/a/b/c/d', 'Rechtschat'],
      ['/chat/new/mehr', 'Rechtschat'],
      ['/digitale-fallakte/token/uebersicht/gibt-es-nicht', 'Rechtschat'],
      ['/digitale-fallakte/a/b/c/d', 'Rechtschat'],
      ['/konsole/quatsch', 'Konsole'],
      ['/konsole/verwaltung', 'Konsole'],
    ] as const) {
      for (const headers of [{ accept: 'text/html' }, { accept: '*/*' }, {}] as Record<string, string>[]) {
        const page = await fetch(`${app.webUrl}${url}`, { headers });
        expect(page.status, `${url} ${JSON.stringify(headers)}`).toBe(404);
        expect(page.headers.get('content-type'), url).toMatch(/^text\/html/);
        expect(page.headers.get('cache-control'), url).toBe('no-cache');
        expect(page.headers.get('content-security-policy'), url).toContain("frame-ancestors 'none'");
        expect(await page.text(), url).toContain(`<title>${title}</title>`);
      }
      const head = await fetch(`${app.webUrl}${url}`, { method: 'HEAD', headers: { accept: 'text/html' } });
      expect(head.status, url).toBe(404);
      expect(await head.text(), url).toBe('');
    }
  });

  it("should answer each app's page addresses – link tokens and ids of any value – with status 200", async () => {
    for (const [url, title] of [
      ['/', 'Rechtschat'],
      ['/chat', 'Rechtschat'],
      ['/chat/new?InsuranceNumber=abc', 'Rechtschat'],
      ['/chat/F-2026-0042', 'Rechtschat'],
      ['/chat/rueckruf/030123456/vormittags', 'Rechtschat'],
      ['/digitale-fallakte', 'Rechtschat'],
      ['/digitale-fallakte/eyJhbGciOi_x-9/uebersicht/vollmacht/versendet', 'Rechtschat'],
      ['/digitale-fallakte/t0k3n/fragebogen', 'Rechtschat'],
      ['/vertragscheck/irgendein/unterpfad', 'Rechtschat'],
      ['/Impressum/', 'Rechtschat'],
      ['/protokoll/RC-1234', 'Rechtschat'],
      ['/konsole/', 'Konsole'],
      ['/konsole/zugang', 'Konsole'],
      ['/konsole/verwaltung/textbausteine', 'Konsole'],
    ] as const) {
      const page = await html(url);
      expect(page.status, url).toBe(200);
      expect(await page.text(), url).toContain(`<title>${title}</title>`);
    }
  });

  it('should answer a missing file of the asset folders with a plain JSON 404, also to a browser asking for HTML', async () => {
    for (const url of ['/assets/fehlt-1234.js', '/konsole/assets/fehlt.css', '/assets/fehlt']) {
      for (const headers of [{ accept: 'text/html' }, { accept: '*/*' }] as Record<string, string>[]) {
        const missing = await fetch(`${app.webUrl}${url}`, { headers });
        expect(missing.status, url).toBe(404);
        expect(missing.headers.get('content-type'), url).toMatch(/^application\/json/);
        expect(await missing.json()).toMatchObject({ Error: 'NotFound' });
      }
    }
  });

  it('should serve the unhashed icon of public/ revalidated, not immutable', async () => {
    const icon = await fetch(`${app.webUrl}/favicon.svg`);
    expect(icon.status).toBe(200);
    expect(icon.headers.get('content-type')).toContain('image/svg+xml');
    expect(icon.headers.get('cache-control')).toBe('no-cache');
  });

  it('should serve hashed assets as immutable and keep unknown API paths JSON', async () => {
    const asset = await fetch(`${app.webUrl}/assets/app-1234.js`);
    expect(asset.headers.get('cache-control')).toContain('immutable');
    const api = await html('/api/unbekannt');
    expect(api.status).toBe(404);
    expect(await api.json()).toMatchObject({ Error: 'NotFound' });
  });

  /** Raw GET without the automatic decompression of fetch, so the bytes on the wire are visible. */
  function rawGet(url: string, headers: Record<string, string>): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
    return new Promise((resolve, reject) => {
      http
        .get(`${app.webUrl}${url}`, { headers }, (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
        })
        .on('error', reject);
    });
  }

  it('should send the precompressed brotli variant to browsers that accept br, marked for caches', async () => {
    const response = await rawGet('/assets/app-1234.js', { 'accept-encoding': 'gzip, deflate, br' });
    expect(response.status).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toContain('javascript');
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(response.headers['cache-control']).toContain('immutable');
    expect(zlib.brotliDecompressSync(response.body).toString()).toBe('console.log(1)');
  });

  it('should fall back to gzip, then to the plain file, by Accept-Encoding', async () => {
    const gz = await rawGet('/assets/app-1234.js', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.body).toString()).toBe('console.log(1)');
    const plain = await rawGet('/assets/app-1234.js', { 'accept-encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    expect(plain.body.toString()).toBe('console.log(1)');
  });

  it('should keep index.html revalidated when it is sent compressed, on the SPA fallback too', async () => {
    for (const route of ['/', '/chat/new']) {
      const response = await rawGet(route, { accept: 'text/html', 'accept-encoding': 'br' });
      expect(response.headers['content-encoding']).toBe('br');
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(zlib.brotliDecompressSync(response.body).toString()).toContain('<title>Rechtschat</title>');
    }
  });

  it('should not serve source maps or the compressed variants under their own names', async () => {
    for (const url of ['/assets/app-1234.js.map', '/assets/app-1234.js.br', '/assets/app-1234.js.gz']) {
      const response = await rawGet(url, { 'accept-encoding': 'br, gzip' });
      expect(response.status, url).toBe(404);
      expect(response.body.toString()).not.toContain('geheim.ts');
    }
  });

  it("should not serve the build's own files under .vite/ (the Vite manifest names every source module)", async () => {
    fs.writeFileSync(path.join(dir, 'web', '.vite', 'manifest.json'), '{"../core/src/geheim.ts":{"file":"assets/app-1234.js"}}');
    for (const url of [
      '/.vite/manifest.json',
      '/.vite/route-preloads.json',
      '/.vite/app-shells.json',
      '/%2Evite/manifest.json',
      '/assets/../.vite/manifest.json',
    ]) {
      const response = await rawGet(url, { 'accept-encoding': 'identity' });
      expect(response.status, url).toBe(404);
      expect(response.body.toString(), url).not.toContain('geheim.ts');
    }
  });

  it('should answer the root with the web page and a folder with 404 for clients that send no Accept-Encoding (curl, uptime checks)', async () => {
    for (const headers of [{}, { accept: '*/*' }, { accept: 'text/html' }] as Record<string, string>[]) {
      const root = await rawGet('/', headers);
      expect(root.status, JSON.stringify(headers)).toBe(200);
      expect(root.body.toString()).toContain('<title>Rechtschat</title>');
    }
    for (const url of ['/assets/', '/assets', '/konsole/assets/']) {
      const folder = await rawGet(url, {});
      expect(folder.status, url).toBe(404);
    }
    const konsole = await rawGet('/konsole/', {});
    expect(konsole.status).toBe(200);
    expect(konsole.body.toString()).toContain('<title>Konsole</title>');
  });

  it('should answer HEAD of a page like its GET, without the body (uptime checks, curl -I)', async () => {
    for (const [url, headers] of [
      ['/', {}],
      ['/chat/new', { accept: 'text/html' }],
      ['/digitale-fallakte/token/uebersicht', { accept: 'text/html' }],
      ['/konsole/verwaltung/team', { accept: 'text/html' }],
    ] as [string, Record<string, string>][]) {
      const get = await fetch(`${app.webUrl}${url}`, { headers });
      const head = await fetch(`${app.webUrl}${url}`, { method: 'HEAD', headers });
      expect(head.status, url).toBe(get.status);
      expect(head.status, url).toBe(200);
      expect(head.headers.get('content-type'), url).toBe(get.headers.get('content-type'));
      expect(head.headers.get('content-security-policy'), url).toContain("frame-ancestors 'none'");
      expect(await head.text(), url).toBe('');
    }
    // An API path stays JSON 404 for HEAD as for GET.
    expect((await fetch(`${app.webUrl}/api/gibt-es-nicht`, { method: 'HEAD', headers: { accept: 'text/html' } })).status).toBe(404);
  });

  it('should answer a page address with the page also for uptime checks and curl (Accept: */* or none), a missing file with 404, and say it varies by Accept', async () => {
    for (const url of ['/chat/new', '/chat/new?InsuranceNumber=eyJhbGciOi.eyJzdWIi.c2ln', '/digitale-fallakte/token', '/konsole/verwaltung/team']) {
      for (const headers of [{}, { accept: '*/*' }] as Record<string, string>[]) {
        const head = await fetch(`${app.webUrl}${url}`, { method: 'HEAD', headers });
        expect(head.status, `${url} ${JSON.stringify(headers)}`).toBe(200);
        expect(head.headers.get('content-type'), url).toMatch(/^text\/html/);
      }
    }
    const page = await rawGet('/chat/new', { accept: '*/*' });
    expect(page.headers.vary).toMatch(/\baccept\b/i);
    for (const url of ['/assets/fehlt-1234.js', '/konsole/assets/fehlt.css', '/fehlt.png', '/assets/']) {
      const missing = await rawGet(url, { accept: '*/*' });
      expect(missing.status, url).toBe(404);
      expect(missing.headers['content-type'], url).toMatch(/^application\/json/);
    }
    expect((await rawGet('/gibt-es-nicht.js', {})).headers.vary).toMatch(/\baccept\b/i);
  });

  // Last: it uses up the address's request allowance for the rest of this server's minute.
  it("should not count the build's asset files against an address's request limit, but still count everything else", async () => {
    // 600 requests a minute per address (security.ts); a page load fetches about thirty assets.
    const assets = await Promise.all(Array.from({ length: 650 }, () => fetch(`${app.webUrl}/assets/app-1234.js`)));
    expect(assets.filter((response) => response.status === 429)).toHaveLength(0);
    const pages = await Promise.all(Array.from({ length: 650 }, () => html('/chat/new')));
    expect(pages.filter((response) => response.status === 429).length).toBeGreaterThan(0);
    // The address is being limited now; the health check still answers.
    const health = await fetch(`${app.webUrl}/healthz`);
    expect(health.status).toBe(200);
  });
});
