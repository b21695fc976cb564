// `npm run openapi`: starts the real app (temporary DATA_DIR, ports 0), reads every route both Fastify instances
// registered (platform/http/routeCatalog.ts) and writes docs/openapi.json. Request bodies are documented where the
// route's schema names its io-ts codec (`schema: { body }`); the hub is added by hand because it answers before Fastify.
// packages/server/test/openapi.test.ts fails when the committed file differs from what this produces.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pino from 'pino';
import { startApp } from '../src/app.js';
import { loadConfig } from '../src/platform/config.js';
import type { CatalogRoute } from '../src/platform/http/routeCatalog.js';
import { errorCatalog, HUB_GENERIC_CODE } from './errorCatalog.js';
import { toJsonSchema, type JsonSchema } from './ioTsSchema.js';

export const openApiFile = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../docs/openapi.json');

type Origin = 'web' | 'chat';

const servers: Record<Origin, { url: string; description: string }> = {
  web: { url: 'http://localhost:8080', description: 'Web origin (PORT): web app, console, product API, case-file API' },
  chat: { url: 'http://localhost:8081', description: 'Chat host (CHAT_PORT, CHAT_HOST_URL): chat REST, lawyer API, hub /signalr' },
};
const originTag: Record<Origin, string> = { web: 'web origin', chat: 'chat host' };

/** Feature tag by path, first match wins (the feature modules under src/features, plus hub and platform). */
const featureByPath: readonly (readonly [RegExp, string])[] = [
  [/^\/api\/lawyer\//, 'lawyer'],
  [/^\/api\/reports(\/|$)/, 'reports'],
  [/^\/api\/case-file\//, 'casefile'],
  [/^\/api\/(authentication|dl|service-hours|chat\/url$|chat\/session$)/, 'product'],
  [/^\/api\/(chat|login$|logout$)/, 'chat'],
  [/^\/signalr/, 'hub'],
];
const featureOf = (url: string) => featureByPath.find(([pattern]) => pattern.test(url))?.[1] ?? 'platform';

/** One documented operation: a method on a path, on one or both origins. */
export interface ApiOperation {
  readonly method: string;
  /** OpenAPI path syntax: `/api/chat/{chatId}`, a wildcard as `{wildcard}`. */
  readonly path: string;
  readonly origins: readonly Origin[];
  readonly body?: JsonSchema;
}

/** Fastify `/a/:id/*` → OpenAPI `/a/{id}/{wildcard}` (CORS preflight's bare `*` → `/{wildcard}`). */
export function openApiPath(url: string): string {
  return (url.startsWith('/') ? url : `/${url}`).replace(/:([A-Za-z0-9_]+)/g, '{$1}').replace(/\*/g, '{wildcard}');
}

/** HEAD twins of GET routes (Fastify adds them) say nothing new; every other method and path is kept. */
function operationsOf(routes: { readonly web: readonly CatalogRoute[]; readonly chat: readonly CatalogRoute[] }): ApiOperation[] {
  const byKey = new Map<string, { method: string; path: string; origins: Origin[]; body?: JsonSchema }>();
  for (const origin of ['web', 'chat'] as const) {
    const gets = new Set(routes[origin].filter((r) => r.method === 'GET').map((r) => r.url));
    for (const route of routes[origin]) {
      if (route.method === 'HEAD' && gets.has(route.url)) continue;
      const p = openApiPath(route.url);
      const key = `${route.method} ${p}`;
      const entry = byKey.get(key) ?? { method: route.method, path: p, origins: [] };
      if (!entry.origins.includes(origin)) entry.origins.push(origin);
      if (route.body && !entry.body) entry.body = toJsonSchema(route.body);
      byKey.set(key, entry);
    }
  }
  return [...byKey.values()];
}

/** The SignalR hub (src/hub) answers on the chat host before Fastify sees the request. */
const hubOperations: readonly ApiOperation[] = [
  { method: 'POST', path: '/signalr/negotiate', origins: ['chat'] },
  { method: 'GET', path: '/signalr', origins: ['chat'] },
  { method: 'POST', path: '/signalr', origins: ['chat'] },
  { method: 'DELETE', path: '/signalr', origins: ['chat'] },
];
const hubDescriptions: Readonly<Record<string, string>> = {
  'POST /signalr/negotiate': 'SignalR negotiate (protocol version 1): connection id and token, available transports.',
  'GET /signalr': 'SignalR connection: WebSocket upgrade, Server-Sent Events, or a long-polling read (`?id=`).',
  'POST /signalr': 'SignalR long-polling / SSE send (`?id=`).',
  'DELETE /signalr': 'SignalR long-polling close (`?id=`).',
};

const pathParams = (p: string) => [...p.matchAll(/\{([^}]+)\}/g)].map((m) => m[1] ?? '');

function operationObject(op: ApiOperation): Record<string, unknown> {
  const key = `${op.method} ${op.path}`;
  const params = pathParams(op.path);
  return {
    operationId: `${op.method.toLowerCase()}${op.path.replace(/[^A-Za-z0-9]+(.)?/g, (_m, c: string | undefined) => (c ?? '').toUpperCase())}`,
    tags: [...op.origins.map((o) => originTag[o]), featureOf(op.path)],
    ...(hubDescriptions[key] ? { description: hubDescriptions[key] } : {}),
    servers: op.origins.map((o) => servers[o]),
    ...(params.length > 0
      ? {
          parameters: params.map((name) => ({
            name,
            in: 'path',
            required: true,
            schema: { type: 'string' },
            ...(name === 'wildcard' ? { description: 'The rest of the path.' } : {}),
          })),
        }
      : {}),
    ...(op.body ? { requestBody: { required: true, content: { 'application/json': { schema: op.body } } } } : {}),
    responses: {
      default: {
        description: 'See docs/api.md (errors: `{ Error, Message }`).',
        content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorBody' } } },
      },
    },
  };
}

/**
 * The error body and every code with its status, by the module that declares it (openapi/errorCatalog.ts). A hub
 * completion's `error` is the JSON text of the same body.
 */
function errorComponents(): Record<string, unknown> {
  return {
    schemas: {
      ErrorBody: {
        type: 'object',
        required: ['Error', 'Message'],
        properties: {
          Error: { type: 'string', description: 'The code: see x-error-codes (with its HTTP status, by the module that declares it).' },
          Message: { type: 'string', description: 'German text for the user.' },
        },
        description:
          "Every refusal over HTTP, and the JSON text of a refused hub invocation's completion error: there a code declared by a module (x-error-codes), or x-hub-generic-code for any other refusal. Some HTTP answers add fields (`Field` of a refused form field, `AttemptsLeft`, `LockedUntil`, an enrolment; see docs/api.md).",
        'x-error-codes': errorCatalog,
        'x-hub-generic-code': HUB_GENERIC_CODE,
      },
    },
  };
}

/** The whole document for a set of recorded routes; sorted, so it is stable whatever the registration order. */
export function openApiDocument(routes: { readonly web: readonly CatalogRoute[]; readonly chat: readonly CatalogRoute[] }): Record<string, unknown> {
  const operations = [...operationsOf(routes), ...hubOperations].sort((a, b) => a.path.localeCompare(b.path) || a.method.localeCompare(b.method));
  const paths: Record<string, Record<string, unknown>> = {};
  for (const op of operations) (paths[op.path] ??= {})[op.method.toLowerCase()] = operationObject(op);
  const features = [...new Set(operations.map((op) => featureOf(op.path)))].sort();
  return {
    openapi: '3.1.0',
    info: {
      title: 'Rechtschat',
      version: '0.1.0',
      description:
        'Generated by `npm run openapi` from the routes the server registers (packages/server/openapi/generate.ts). Names, shapes and status codes: docs/api.md.',
    },
    servers: [servers.web, servers.chat],
    tags: [...Object.values(originTag).map((name) => ({ name, description: 'Origin' })), ...features.map((name) => ({ name, description: 'Feature' }))],
    paths,
    components: errorComponents(),
  };
}

/** Starts the app on a throw-away data directory with both static roots present (so their routes register too). */
export async function collectRoutes(): Promise<{ readonly web: readonly CatalogRoute[]; readonly chat: readonly CatalogRoute[] }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rechtschat-openapi-'));
  const staticDirs = { web: path.join(dataDir, 'web'), console: path.join(dataDir, 'console') };
  for (const dir of Object.values(staticDirs)) {
    fs.mkdirSync(dir);
    fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html>');
  }
  const config = loadConfig({
    NODE_ENV: 'test',
    PORT: '0',
    CHAT_PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    WEB_ORIGINS: 'http://localhost:8080',
    CHAT_HOST_URL: 'http://localhost:8081/',
  });
  const app = await startApp({ config, logger: pino({ level: 'silent' }), staticDirs });
  try {
    return { web: [...app.routes.web], chat: [...app.routes.chat] };
  } finally {
    await app.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

export const serialise = (document: unknown) => `${JSON.stringify(document, null, 2)}\n`;

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const document = openApiDocument(await collectRoutes());
  fs.writeFileSync(openApiFile, serialise(document));
  console.info(`${path.relative(process.cwd(), openApiFile)}: ${Object.keys(document.paths as object).length} paths`);
}
