/// <reference types="node" />
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { firstValueFrom, of } from 'rxjs';
import { ok, type TextTemplate, type TextTemplatesApi } from '@rechtschat/core';
import { reply, startTestServer, type TestServer } from '../../test/support/testServer.js';
import { createTextTemplatesApi } from './textTemplatesApi.adapter.js';

const template: TextTemplate = { Id: 't/1', Title: 'Begrüßung', Text: 'Guten Tag', UpdatedAt: '2026-06-01T09:00:00.000Z' };

describe('TextTemplatesApi adapter', () => {
  let server: TestServer;
  let api: TextTemplatesApi;

  beforeEach(async () => {
    server = await startTestServer();
    api = createTextTemplatesApi({ chatUrl: () => of(ok(`${server.baseUrl}/`)) });
  });
  afterEach(() => server.close());

  it('should read the own and the firm’s templates from the lawyer route', async () => {
    server.route('GET', '/api/lawyer/text-templates', (_q, res) => reply(res, 200, JSON.stringify({ Own: [template], Firm: [] })));
    const result = await firstValueFrom(api.list());
    expect(result).toEqual(ok({ Own: [template], Firm: [] }));
  });

  it('should create an own template with POST on the lawyer route and a firm one on the admin route', async () => {
    server.route('POST', '/api/lawyer/text-templates', (_q, res) => reply(res, 201, JSON.stringify(template)));
    server.route('POST', '/api/admin/text-templates', (_q, res) => reply(res, 201, JSON.stringify({ ...template, Id: 'f1' })));
    expect(await firstValueFrom(api.create('own', { Title: 'Begrüßung', Text: 'Guten Tag' }))).toEqual(ok(template));
    expect(await firstValueFrom(api.create('firm', { Title: 'Begrüßung', Text: 'Guten Tag' }))).toEqual(ok({ ...template, Id: 'f1' }));
    expect(server.requests.map((r) => [r.method, r.url, JSON.parse(r.body)])).toEqual([
      ['POST', '/api/lawyer/text-templates', { Title: 'Begrüßung', Text: 'Guten Tag' }],
      ['POST', '/api/admin/text-templates', { Title: 'Begrüßung', Text: 'Guten Tag' }],
    ]);
  });

  it('should change with PUT and delete with DELETE, escaping the id, and read the empty 204', async () => {
    server.route('PUT', '/api/admin/text-templates/t%2F1', (_q, res) => reply(res, 200, JSON.stringify(template)));
    server.route('DELETE', '/api/lawyer/text-templates/t%2F1', (_q, res) => reply(res, 204, ''));
    expect(await firstValueFrom(api.update('firm', 't/1', { Title: 'Begrüßung', Text: 'Guten Tag' }))).toEqual(ok(template));
    expect(await firstValueFrom(api.remove('own', 't/1'))).toEqual(ok(undefined));
  });

  it('should hand on the server’s refusal with its German message', async () => {
    server.route('POST', '/api/lawyer/text-templates', (_q, res) =>
      reply(res, 409, JSON.stringify({ Error: 'Conflict', Message: 'Sie haben bereits 200 Textbausteine, mehr sind nicht möglich.' })),
    );
    const result = await firstValueFrom(api.create('own', { Title: 'x', Text: 'y' }));
    expect(result._tag === 'Left' && result.left).toMatchObject({
      _tag: 'HttpError',
      status: 409,
      code: 'Conflict',
      message: expect.stringContaining('200 Textbausteine'),
    });
  });

  it('should turn a template without its text into a decode error', async () => {
    server.route('GET', '/api/lawyer/text-templates', (_q, res) => reply(res, 200, JSON.stringify({ Own: [{ ...template, Text: undefined }], Firm: [] })));
    const result = await firstValueFrom(api.list());
    expect(result._tag === 'Left' && result.left._tag).toBe('DecodeError');
  });
});
