/// <reference types="node" />
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { firstValueFrom, of } from 'rxjs';
import { ok, type DataRequestsApi, type DataSubjectSummary } from '@rechtschat/core';
import { reply, startTestServer, type TestServer } from '../../test/support/testServer.js';
import { createDataRequestsApi } from './dataRequestsApi.adapter.js';

const summary: DataSubjectSummary = { Found: false, SearchedBy: 'insuranceNumber', CustomerSince: null, ChatCases: [], CaseFiles: [] };

describe('DataRequestsApi adapter', () => {
  let server: TestServer;
  let api: DataRequestsApi;

  beforeEach(async () => {
    server = await startTestServer();
    api = createDataRequestsApi({ chatUrl: () => of(ok(`${server.baseUrl}/`)) });
  });
  afterEach(() => server.close());

  it('should send the insurance number in the POST body, never in the address', async () => {
    server.route('POST', '/api/admin/data-requests/search', (_q, res) => reply(res, 200, JSON.stringify(summary)));
    const result = await firstValueFrom(api.search({ InsuranceNumber: 'VN-123 456' }));
    expect(result).toEqual({ _tag: 'Right', right: summary });
    expect(server.requests[0]?.url).toBe('/api/admin/data-requests/search');
    expect(JSON.parse(server.requests[0]?.body ?? '')).toEqual({ InsuranceNumber: 'VN-123 456' });
  });

  it('should read the archive as a blob', async () => {
    server.route('POST', '/api/admin/data-requests/archive', (_q, res) => reply(res, 200, 'PK\u0003\u0004', 'application/zip'));
    const result = await firstValueFrom(api.downloadArchive({ Reference: 'RC-ABCDEFGH' }));
    expect(result._tag).toBe('Right');
    expect(result._tag === 'Right' && result.right.size).toBe(4);
  });

  it('should turn the refusal of an erasure into an HttpError with the German message', async () => {
    server.route('POST', '/api/admin/data-requests/erase', (_q, res) =>
      reply(res, 409, JSON.stringify({ Error: 'Conflict', Message: 'Ein Chat dieser Person läuft noch.' })),
    );
    const result = await firstValueFrom(api.erase({ Reference: 'RC-ABCDEFGH', ChatCaseIds: ['c1'] }));
    expect(result).toEqual({ _tag: 'Left', left: { _tag: 'HttpError', status: 409, code: 'Conflict', message: 'Ein Chat dieser Person läuft noch.' } });
    expect(JSON.parse(server.requests[0]?.body ?? '')).toEqual({ Reference: 'RC-ABCDEFGH', ChatCaseIds: ['c1'] });
  });
});
