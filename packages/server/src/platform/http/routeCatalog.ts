// Every route a Fastify instance registers, recorded as it is registered (one onRoute hook, always on: a push per
// route at start-up). `npm run openapi` turns both origins' catalogs into docs/openapi.json, and a test fails when a
// registered route is missing there. A route names its request body codec in its options – `{ config: { body:
// Codec } }` – so the document shows the very codec `decodeBody` applies.
import type { FastifyInstance } from 'fastify';
import type * as t from 'io-ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The io-ts codec the handler decodes its JSON body with (documentation only; decoding stays in the handler). */
    body?: t.Mixed;
  }
}

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
    const body = route.config?.body;
    for (const method of [route.method].flat()) routes.push({ method, url: route.url, ...(body ? { body } : {}) });
  });
}

/** The routes recorded on `app` so far (empty if recordRoutes was never called on it). */
export function routesOf(app: FastifyInstance): readonly CatalogRoute[] {
  return catalogs.get(app) ?? [];
}
