// The web app's index.html per route: the build lists in .vite/route-preloads.json which
// chunks each route needs at start (packages/web/routePreloads.ts). The app's start chunk and its imports
// (`critical`) go into the head as <link rel="modulepreload">: the browser fetches them with the page, at
// its normal priority, without running any script for it, and they do not hold up the paint. The rest (the
// container and the route's lazily loaded chunks) travels as a JSON island, which the web entry turns into
// low-priority preloads once the static frame is painted (packages/web/src/app/routeChunks.ts), so they
// neither compete with the start chunks nor count before the first paint. The chat routes also open the
// connection to the chat host early. chat/new and the case-file login also get their own static <main>
// content (their page top, dist/.vite/app-shells.json), painted with the frame, and the case file's pages its name in
// the header instead of the chat's. Each variant is built and
// compressed once, on first use.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

interface RoutePreloadFile {
  readonly critical?: readonly string[];
  readonly always: readonly string[];
  readonly routes: readonly { readonly prefix: string; readonly scripts: readonly string[] }[];
}

export interface EncodedHtml {
  readonly identity: Buffer;
  readonly br: Buffer;
  readonly gzip: Buffer;
}

export interface IndexHtmlOptions {
  /** Origins to preconnect to per route prefix, e.g. the chat host for "/chat". */
  readonly preconnect?: Readonly<Record<string, readonly string[]>>;
  /**
   * The firm's runtime branding (its details as saved in the console, else FIRM_NAME, FIRM_PHONE, FIRM_EMAIL; and
   * IMPRINT_URL), written into every page as the JSON island `branding`: the web app reads it at start
   * (packages/web/src/app/appConfig.ts). Asked for every page, so a saved change shows with the next page load.
   */
  readonly branding?: () => Promise<Branding>;
}

/** The island's content (core's PublicSettings fields of the firm). */
export interface Branding {
  readonly FirmName: string;
  readonly ImprintUrl: string | null;
  readonly FirmPhone?: string | null;
  readonly FirmEmail?: string | null;
  readonly FirmDetails?: Readonly<Record<string, string>>;
}

/** The JSON island of the firm's branding (packages/web/src/app/appConfig.ts reads it). */
const BRANDING_ID = 'branding';

/** JSON inside a <script> element: "<" is escaped so the data cannot end the element. */
const jsonIsland = (id: string, value: unknown) => `<script type="application/json" id="${id}">${JSON.stringify(value).replace(/</g, '\\u003c')}</script>`;

/**
 * packages/web/appShell.ts: per route (by path pattern, and by a query parameter where one is named) the <main> content
 * when its static frame shows more than a spinner, and the header's service name when it is not the chat's (the
 * digitale Fallakte, also for a shared page reached from it: `?von=fallakte`).
 */
interface AppShellFile {
  readonly routes: readonly {
    readonly pattern: string;
    readonly query?: { readonly name: string; readonly value: string };
    readonly main?: string;
    readonly siteName?: string;
  }[];
}

/** The JSON island of the chunks preloaded after the first paint (packages/web/src/app/routeChunks.ts). */
const ROUTE_CHUNKS_ID = 'route-chunks';

const MAIN_OPEN = '<main id="inhalt" tabindex="-1" class="site-main">';

const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

function readPreloads(webDir: string): RoutePreloadFile {
  try {
    return JSON.parse(fs.readFileSync(path.join(webDir, '.vite', 'route-preloads.json'), 'utf8')) as RoutePreloadFile;
  } catch {
    // A build without the file (older build, tests): index.html as it is.
    return { always: [], routes: [] };
  }
}

function readShells(webDir: string): AppShellFile {
  try {
    return JSON.parse(fs.readFileSync(path.join(webDir, '.vite', 'app-shells.json'), 'utf8')) as AppShellFile;
  } catch {
    return { routes: [] };
  }
}

/** Replaces the content of the frame's <main> (the loading indicator) with a route's own. */
function withMain(html: string, main: string): string {
  const start = html.indexOf(MAIN_OPEN);
  const end = start < 0 ? -1 : html.indexOf('</main>', start);
  if (end < 0) return html;
  return `${html.slice(0, start + MAIN_OPEN.length)}${main}${html.slice(end)}`;
}

/** SiteLayout's service name in the frame's header (the first link with class site-name). */
const SITE_NAME = /<a href="[^"]*" class="site-name">[^<]*<\/a>/;

/** Replaces the frame's service name (the chat's) with a route's own. */
function withSiteName(html: string, siteName: string): string {
  return html.replace(SITE_NAME, () => siteName);
}

/** The longest of `prefixes` that `pathname` lies under, or null. */
function longestPrefix(pathname: string, prefixes: readonly string[]): string | null {
  return prefixes.filter((prefix) => underPrefix(pathname, prefix)).sort((a, b) => b.length - a.length)[0] ?? null;
}

/** True when `pathname` is the prefix itself or lies below it ("/chat" matches "/chat/new", not "/chatx"). */
function underPrefix(pathname: string, prefix: string): boolean {
  const base = prefix.endsWith('/') ? prefix.slice(0, -1) : prefix;
  return pathname === base || pathname.startsWith(`${base}/`);
}

function encode(html: string): EncodedHtml {
  const identity = Buffer.from(html, 'utf8');
  return {
    identity,
    br: zlib.brotliCompressSync(identity, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }),
    gzip: zlib.gzipSync(identity, { level: 9 }),
  };
}

/**
 * Returns the encoded index.html for a request path and its query (with the branding as it is now); null when the build
 * has no index.html. The variants are one per route prefix and route shell, whatever the query holds.
 */
export function createIndexHtml(webDir: string, options: IndexHtmlOptions = {}): (pathname: string, search?: string) => Promise<EncodedHtml | null> {
  const indexPath = path.join(webDir, 'index.html');
  if (!fs.existsSync(indexPath)) return async () => null;
  const template = fs.readFileSync(indexPath, 'utf8');
  const preloads = readPreloads(webDir);
  const shells = readShells(webDir);
  const prefixes = [...new Set([...preloads.routes.map((route) => route.prefix), ...Object.keys(options.preconnect ?? {})])];
  const shellPatterns = shells.routes.map((route) => new RegExp(route.pattern));
  const variants = new Map<string, EncodedHtml>();

  const build = (prefix: string | null, shellIndex: number, branding: Branding | null): EncodedHtml => {
    const route = preloads.routes.find((candidate) => candidate.prefix === prefix);
    const shell = shells.routes[shellIndex];
    const withRouteMain = shell?.main === undefined ? template : withMain(template, shell.main);
    const page = shell?.siteName === undefined ? withRouteMain : withSiteName(withRouteMain, shell.siteName);
    const critical = (preloads.critical ?? []).map((file) => `/${file}`);
    const later = [...preloads.always, ...(route?.scripts ?? [])].map((file) => `/${file}`);
    const head = [
      ...(prefix === null ? [] : (options.preconnect?.[prefix] ?? [])).map((origin) => `<link rel="preconnect" href="${escapeAttribute(origin)}" />`),
      // crossorigin as on Vite's module script: the preloaded module is the one the import uses.
      ...critical.map((href) => `<link rel="modulepreload" crossorigin href="${escapeAttribute(href)}" />`),
      // Data, not code: the CSP does not apply to it, and "<" is escaped so it cannot end the element.
      jsonIsland(ROUTE_CHUNKS_ID, { later }),
      ...(branding ? [jsonIsland(BRANDING_ID, branding)] : []),
    ];
    const html = page.replace('</head>', `    ${head.join('\n    ')}\n  </head>`);
    return encode(html);
  };

  // The variants of the branding last asked for; a changed branding (a save in the console) builds them anew.
  let variantsOf = '';
  return async (pathname, search = '') => {
    const branding = options.branding ? await options.branding() : null;
    const brandingKey = JSON.stringify(branding);
    if (brandingKey !== variantsOf) {
      variants.clear();
      variantsOf = brandingKey;
    }
    const prefix = longestPrefix(pathname, prefixes);
    const query = new URLSearchParams(search);
    const shellIndex = shells.routes.findIndex(
      (shell, index) => shellPatterns[index]?.test(pathname) === true && (shell.query === undefined || query.get(shell.query.name) === shell.query.value),
    );
    const key = `${prefix ?? ''}|${shellIndex}`;
    let variant = variants.get(key);
    if (!variant) {
      variant = build(prefix, shellIndex, branding);
      variants.set(key, variant);
    }
    return variant;
  };
}

/** Picks the best encoding the client accepts: br, then gzip, then none. */
export function pickEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | 'identity' {
  const accepted = (acceptEncoding ?? '')
    .split(',')
    .map((part) => part.trim().split(';'))
    .filter(([, q]) => q === undefined || !/^q=0(?:\.0*)?$/.test(q.trim()))
    .map(([name]) => (name ?? '').toLowerCase());
  if (accepted.includes('br')) return 'br';
  if (accepted.includes('gzip')) return 'gzip';
  return 'identity';
}
