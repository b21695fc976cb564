// docs/openapi.json is generated from the routes the server registers (`npm run openapi`):
// this fails when the committed file is stale or misses a registered route.
import fs from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { collectRoutes, openApiDocument, openApiFile, openApiPath, serialise } from '../openapi/generate.js';
import type { CatalogRoute } from '../src/platform/http/routeCatalog.js';

const STALE = 'docs/openapi.json is out of date: run `npm run openapi` and commit the result.';

describe('docs/openapi.json', () => {
  let routes: { readonly web: readonly CatalogRoute[]; readonly chat: readonly CatalogRoute[] };
  let committed: { paths: Record<string, Record<string, unknown>> };

  beforeAll(async () => {
    routes = await collectRoutes();
    committed = JSON.parse(fs.readFileSync(openApiFile, 'utf8')) as typeof committed;
  });

  it('lists every route both origins register', () => {
    const missing = [...routes.web, ...routes.chat]
      .filter((r) => r.method !== 'HEAD')
      .map((r) => `${r.method} ${openApiPath(r.url)}`)
      .filter((key) => {
        const [method = '', path = ''] = key.split(' ');
        return committed.paths[path]?.[method.toLowerCase()] === undefined;
      });
    expect(missing, STALE).toEqual([]);
  });

  it('is exactly what the generator writes now', () => {
    expect(fs.readFileSync(openApiFile, 'utf8') === serialise(openApiDocument(routes)), STALE).toBe(true);
  });

  it('documents the request body of a route that names its codec, and the hub', () => {
    const login = committed.paths['/api/lawyer/login']?.post as { requestBody?: { content: Record<string, { schema: unknown }> } } | undefined;
    expect(login?.requestBody?.content['application/json']?.schema).toMatchObject({
      allOf: [
        { type: 'object', required: ['Email', 'Password'] },
        { type: 'object', properties: { TotpCode: {}, WebAuthn: {} } },
      ],
    });
    expect(committed.paths['/signalr/negotiate']?.post).toBeDefined();
  });
});
