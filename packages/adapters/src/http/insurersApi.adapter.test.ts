/// <reference types="node" />
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { firstValueFrom, of } from 'rxjs';
import { ok, type Insurer, type InsurersApi } from '@rechtschat/core';
import { reply, startTestServer, type TestServer } from '../../test/support/testServer.js';
import { createInsurersApi } from './insurersApi.adapter.js';

const insurer: Insurer = {
  Id: 'ins-1',
  Name: 'ARAG SE',
  DisplayName: 'ARAG',
  CreatedAt: '2026-11-01T09:00:00.000Z',
  EndedAt: null,
  Keys: [{ Kid: 'k-abc', CreatedAt: '2026-11-01T09:00:00.000Z', RevokedAt: null, LastUsedAt: '2026-11-28T10:05:00.000Z' }],
  Deletable: false,
};

describe('InsurersApi adapter', () => {
  let server: TestServer;
  let api: InsurersApi;

  beforeEach(async () => {
    server = await startTestServer();
    api = createInsurersApi({ chatUrl: () => of(ok(`${server.baseUrl}/`)) });
  });
  afterEach(() => server.close());

  it('should send a new insurer as JSON and decode the answer', async () => {
    server.route('POST', '/api/admin/insurers', (_q, res) => reply(res, 201, JSON.stringify(insurer)));
    const result = await firstValueFrom(api.create({ Name: 'ARAG SE', DisplayName: 'ARAG' }));
    expect(result._tag === 'Right' && result.right.Keys[0]?.Kid).toBe('k-abc');
    expect(JSON.parse(server.requests[0]?.body ?? '')).toEqual({ Name: 'ARAG SE', DisplayName: 'ARAG' });
  });

  it('should escape the insurer id and kid in the revoke path', async () => {
    server.route('POST', '/api/admin/insurers/ins%2F1/keys/k%2Fx/revoke', (_q, res) => reply(res, 200, JSON.stringify(insurer)));
    const result = await firstValueFrom(api.revokeKey('ins/1', 'k/x'));
    expect(result._tag).toBe('Right');
  });

  it("should end and resume the collaboration at the insurer's path and decode its end", async () => {
    const ended = { ...insurer, EndedAt: '2026-12-01T10:00:00.000Z' };
    server.route('POST', '/api/admin/insurers/ins%2F1/end', (_q, res) => reply(res, 200, JSON.stringify(ended)));
    server.route('POST', '/api/admin/insurers/ins%2F1/resume', (_q, res) => reply(res, 200, JSON.stringify(insurer)));
    const end = await firstValueFrom(api.end('ins/1'));
    expect(end._tag === 'Right' && end.right.EndedAt).toBe('2026-12-01T10:00:00.000Z');
    const resume = await firstValueFrom(api.resume('ins/1'));
    expect(resume._tag === 'Right' && resume.right.EndedAt).toBeNull();
  });

  it('should delete an insurer with DELETE and pass a refusal on with the server message', async () => {
    server.route('DELETE', '/api/admin/insurers/ins-1', (_q, res) => reply(res, 204, ''));
    expect(await firstValueFrom(api.remove('ins-1'))).toEqual(ok(undefined));
    server.route('DELETE', '/api/admin/insurers/ins-2', (_q, res) =>
      reply(res, 409, JSON.stringify({ Error: 'Conflict', Message: 'Dieser Versicherer wurde bereits genutzt.' })),
    );
    const refused = await firstValueFrom(api.remove('ins-2'));
    expect(refused._tag === 'Left' && refused.left).toMatchObject({ _tag: 'HttpError', status: 409, message: 'Dieser Versicherer wurde bereits genutzt.' });
  });

  it('should refuse a key answer without its secret as a decode error', async () => {
    server.route('POST', '/api/admin/insurers/ins-1/keys', (_q, res) =>
      reply(res, 201, JSON.stringify({ InsurerId: 'ins-1', Kid: 'k-1', Algorithm: 'HS256', CreatedAt: '2026-11-01T09:00:00.000Z' })),
    );
    const result = await firstValueFrom(api.createKey('ins-1'));
    expect(result._tag === 'Left' && result.left._tag).toBe('DecodeError');
  });
});
