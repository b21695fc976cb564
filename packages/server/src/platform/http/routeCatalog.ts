// Every route a Fastify instance registers, recorded as it is registered (one onRoute hook, always on: a push per
// route at start-up). `npm run openapi` turns both origins' catalogs into docs/openapi.json, and a test fails when a
// registered route is missing there. The request body is documented from the codec the route's schema names
// (`{ schema: { body: Codec } }`, routeSchema.ts) – the very codec its requests are decoded with.
import type { FastifyInstance } from 'fastify';
import type * as t from 'io-ts';
import { installAllowedMethods } from './allowedMethods.js';
import { isCodec } from './routeSchema.js';

export interface CatalogRoute {
  readonly method: string;
  /** Fastify's path syntax, prefixes applied: `/api/chat/:chatId`, `/*`. */
  readonly url: string;
  readonly body?: t.Mixed;
}

const catalogs = new WeakMap<FastifyInstance, CatalogRoute[]>();

/** Starts recording; call on the root instance before any route or plugin is registered. */
export function recordRoutes(app: FastifyInstance): void {
  const routes: CatalogRoute[] = [];
  catalogs.set(app, routes);
  app.addHook('onRoute', (route) => {
    const body = route.schema?.body;
    for (const method of [route.method].flat()) routes.push({ method, url: route.url, ...(isCodec(body) ? { body } : {}) });
  });
  // The same catalog tells the not-found handlers which methods a known path has (405 instead of 404).
  installAllowedMethods(app, () => routes);
}

/** The routes recorded on `app` so far (empty if recordRoutes was never called on it). */
export function routesOf(app: FastifyInstance): readonly CatalogRoute[] {
  return catalogs.get(app) ?? [];
}
