// Serves the built web app (and the lawyer console under /konsole/) with an SPA fallback.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { pageAddressOf } from '@rechtschat/core';
import { answerNotFound } from './errors.js';
import { createIndexHtml, pickEncoding, type IndexHtmlOptions } from './indexHtml.js';

/** The packages/ folder: found upwards from this module, which runs from src/http (tsx) or from the bundled dist/. */
function findPackagesDir(start: string): string {
  for (let dir = start, depth = 0; depth < 6; dir = path.dirname(dir), depth += 1) {
    if (fs.existsSync(path.join(dir, 'web', 'package.json'))) return dir;
  }
  return path.resolve(start, '../../..');
}

const packagesDir = findPackagesDir(path.dirname(fileURLToPath(import.meta.url)));
export const WEB_DIST = path.join(packagesDir, 'web', 'dist');
export const CONSOLE_DIST = path.join(packagesDir, 'console', 'dist');

/** The build writes NAME.br and NAME.gz beside each text asset (tools/precompress.js). */
const ENCODED_VARIANT = /\.(br|gz)$/;

function setCacheHeaders(reply: FastifyReply, filePath: string): void {
  // Hashed assets (the build's assets/ folder) never change; index.html and the unhashed files of
  // public/ (the icon) must be revalidated so deploys take effect.
  // filePath may be the compressed variant (index.html.br): judge the file it stands for.
  const servedAs = filePath.replace(ENCODED_VARIANT, '');
  const hashed = path.basename(path.dirname(servedAs)) === 'assets' && !servedAs.endsWith('.html');
  reply.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
}

/**
 * Only the built files themselves are public: source maps stay on disk for Sentry (they reveal the
 * sources), the build's own files under .vite/ are read by the server only (the Vite manifest names every
 * source module), and the .br/.gz variants are reached through Accept-Encoding on the plain name, never
 * by their own URL (which would come without Content-Encoding).
 */
export function isPublicAsset(pathname: string): boolean {
  return !pathname.endsWith('.map') && !ENCODED_VARIANT.test(pathname) && !pathname.split('/').some((segment) => segment.startsWith('.'));
}

/**
 * A folder is never a file to send: without an index @fastify/static would answer it 403 when the client sends no
 * Accept-Encoding (curl, uptime checks), so the root and folders go to the not-found handler (the page, or 404). The
 * console's root keeps its index.html.
 */
const isPublicFile = (pathname: string) => !pathname.endsWith('/') && isPublicAsset(pathname);
const isPublicConsoleFile = (pathname: string) => pathname === '/' || isPublicFile(pathname);

const staticOptions = { preCompressed: true, setHeaders: setCacheHeaders, index: ['index.html'] };

/** Longest file name (bytes) a file system takes; no built file comes near it. */
const NAME_MAX = 255;
/** Longer request paths are no file either (PATH_MAX is 4096 on Linux). */
const FILE_PATH_MAX = 1024;

/**
 * A path no built file can have: a segment over NAME_MAX or the whole path over FILE_PATH_MAX. @fastify/static would
 * look it up and answer the file system's ENAMETOOLONG with 403 „Diese Anfrage ist nicht erlaubt.“ – for a mangled
 * or doubly pasted link (`/konsole/…`, `/…`) instead of the page, for a long API path instead of the JSON 404.
 */
function tooLongForAFile(url: string): boolean {
  const pathname = url.split('?')[0] ?? '';
  return Buffer.byteLength(pathname) > FILE_PATH_MAX || pathname.split('/').some((segment) => Buffer.byteLength(segment) > NAME_MAX);
}

/** The API and the build's asset folders: never a page, whatever the client accepts (a missing file is a plain 404). */
const NO_PAGES = /^\/(api|assets|konsole\/assets)(\/|$)/;

/**
 * A page's address, not a file's: outside the API and the build's asset folders, and its last segment without a file
 * extension (every file the build serves has one: `/assets/app-1a2b.js`, `/favicon.svg`).
 */
function isPageAddress(pathname: string): boolean {
  if (NO_PAGES.test(pathname)) return false;
  return !/\.[A-Za-z0-9]+$/.test(pathname.slice(pathname.lastIndexOf('/') + 1));
}

function wantsHtml(request: FastifyRequest): boolean {
  // HEAD gets the page's headers as GET does (RFC 9110 §9.3.2; uptime checks and `curl -I`), Node leaves out the body.
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const pathname = request.url.split('?')[0] ?? '/';
  // The root is the web app for every client (uptime checks ask with Accept: */*), as when it was served from disk.
  if (pathname === '/') return true;
  if (NO_PAGES.test(pathname)) return false;
  const accept = request.headers.accept ?? '';
  if (accept.includes('text/html')) return true;
  // Uptime checks and `curl` ask with `Accept: */*` or none: a page's address answers with the page, as documented
  // (docs/operations.md), while a missing file stays a 404 instead of the page in place of a script.
  return (accept === '' || accept.includes('*/*')) && isPageAddress(pathname);
}

export async function staticRoutes(
  app: FastifyInstance,
  dirs: { web: string; console: string } = { web: WEB_DIST, console: CONSOLE_DIST },
  indexOptions: IndexHtmlOptions = {},
): Promise<void> {
  const hasWeb = fs.existsSync(path.join(dirs.web, 'index.html'));
  const webIndex = createIndexHtml(dirs.web, indexOptions);
  const hasConsole = fs.existsSync(path.join(dirs.console, 'index.html'));
  // No index for the web root: "/" is answered by the not-found handler below with the generated index.html (route
  // preloads, the firm's branding) like every other client route, never the bare file from disk.
  if (hasWeb) await app.register(fastifyStatic, { ...staticOptions, allowedPath: isPublicFile, root: dirs.web, prefix: '/', wildcard: true, index: false });
  if (hasConsole)
    await app.register(fastifyStatic, { ...staticOptions, allowedPath: isPublicConsoleFile, root: dirs.console, prefix: '/konsole/', decorateReply: !hasWeb });
  app.get('/konsole', async (_request, reply) => reply.redirect('/konsole/'));
  // Such a path goes straight to the not-found handler below (the page, or the JSON 404), never to the file lookup.
  const fileRoutes = new Set(['/*', '/konsole/*']);
  app.addHook('onRequest', async (request, reply) => {
    if (fileRoutes.has(request.routeOptions.url ?? '') && tooLongForAFile(request.url)) return reply.callNotFound();
    return undefined;
  });

  app.setNotFoundHandler(async (request: FastifyRequest, reply: FastifyReply) => {
    // The answer depends on Accept: the page or a JSON 404 (a cache must not give one for the other).
    if (!request.url.startsWith('/api/')) reply.header('vary', 'Accept');
    if (wantsHtml(request)) {
      const pathname = request.url.split('?')[0] ?? '/';
      // An address the app has no page for gets the app all the same (its German „Seite nicht gefunden“ with the
      // navigation), but with status 404 for monitoring, search engines and scanners: the app's routes are
      // @rechtschat/core's WEB_PAGE_ROUTES and CONSOLE_PAGE_ROUTES (pageRoutes.ts; tests hold the routers to them).
      const address = pageAddressOf(pathname);
      if (!address.known) reply.code(404);
      if (hasConsole && address.app === 'console') return reply.header('cache-control', 'no-cache').sendFile('index.html', dirs.console);
      const index = await webIndex(pathname, request.url.slice(pathname.length));
      if (index) {
        // The route's own index.html (with its list of start chunks), compressed as the browser accepts.
        const encoding = pickEncoding(request.headers['accept-encoding']);
        reply.header('cache-control', 'no-cache').header('vary', 'Accept, Accept-Encoding').type('text/html; charset=utf-8');
        if (encoding !== 'identity') reply.header('content-encoding', encoding);
        return reply.send(index[encoding]);
      }
    }
    return answerNotFound(request, reply);
  });
}
