// 405 instead of 404 for a known path asked with a method it does not have (RFC 9110 §15.5.6): the not-found
// handlers ask here which methods the path has, from the routes recorded as they are registered (routeCatalog.ts),
// so no route needs its own handler for the other methods.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { CatalogRoute } from './routeCatalog.js';

interface PathPattern {
  readonly pattern: RegExp;
  readonly methods: Set<string>;
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** `/api/case-file/:token/history` → a regex for one concrete path; a `:param` is one path segment. */
function patternOf(url: string): RegExp {
  const source = url
    .split('/')
    .map((segment) =>
      segment
        .split(/(:[A-Za-z0-9_]+)/)
        .map((part) => (part.startsWith(':') ? '[^/]+' : escape(part)))
        .join(''),
    )
    .join('/');
  return new RegExp(`^${source}$`);
}

/**
 * A matcher over the routes recorded so far, built again when more were registered. Wildcard routes (the static
 * files' `/*`, CORS preflight) are left out: they would make every path "known".
 */
export function allowedMethodsLookup(routes: () => readonly CatalogRoute[]): (request: FastifyRequest) => readonly string[] {
  let built = -1;
  let patterns: PathPattern[] = [];
  return (request) => {
    const all = routes();
    if (all.length !== built) {
      const byUrl = new Map<string, Set<string>>();
      for (const route of all) {
        if (route.url.includes('*') || route.method === 'OPTIONS') continue;
        const methods = byUrl.get(route.url) ?? new Set<string>();
        methods.add(route.method);
        byUrl.set(route.url, methods);
      }
      patterns = [...byUrl].map(([url, methods]) => ({ pattern: patternOf(url), methods }));
      built = all.length;
    }
    const path = request.url.split('?')[0] ?? '/';
    const allowed = new Set<string>();
    for (const { pattern, methods } of patterns) if (pattern.test(path)) for (const method of methods) allowed.add(method);
    // Fastify adds HEAD to every GET route; a method that exists is no 405 (a 404 of a handler stays a 404).
    if (allowed.has('GET')) allowed.add('HEAD');
    if (allowed.has(request.method)) return [];
    return [...allowed].sort();
  };
}

const LOOKUP = Symbol('allowedMethods');

/** Makes the lookup reachable from every scope of `app` (decorators are inherited by encapsulated plugins). */
export function installAllowedMethods(app: FastifyInstance, routes: () => readonly CatalogRoute[]): void {
  app.decorate(LOOKUP, allowedMethodsLookup(routes));
}

/** The methods the request's path has when its own method is not one of them; empty: a plain 404. */
export function allowedMethodsOf(request: FastifyRequest): readonly string[] {
  const lookup = (request.server as unknown as Record<symbol, ((request: FastifyRequest) => readonly string[]) | undefined>)[LOOKUP];
  return lookup ? lookup(request) : [];
}
