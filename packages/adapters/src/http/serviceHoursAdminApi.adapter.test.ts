/// <reference types="node" />
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { firstValueFrom, of } from 'rxjs';
import { ok, type ServiceHoursAdminApi, type ServiceHoursSettings } from '@rechtschat/core';
import { reply, startTestServer, type TestServer } from '../../test/support/testServer.js';
import { createServiceHoursAdminApi } from './serviceHoursAdminApi.adapter.js';

const settings: ServiceHoursSettings = {
  Effective: { IsOpen: false, Hours: [], TimeZone: 'Europe/Berlin', Closure: { FirstDay: '2026-12-24', LastDay: '2026-12-24', Note: 'Heiligabend' } },
  Source: 'console',
  Weekly: [],
  UpdatedByName: 'Dr. Eva Schneider',
  UpdatedAt: '2026-12-01T09:00:00.000Z',
  Closures: [
    {
      Id: 'c/1',
      FirstDay: '2026-12-24',
      LastDay: '2026-12-24',
      Note: 'Heiligabend',
      CreatedByName: 'Dr. Eva Schneider',
      CreatedAt: '2026-12-01T09:00:00.000Z',
    },
  ],
};

describe('ServiceHoursAdminApi adapter', () => {
  let server: TestServer;
  let api: ServiceHoursAdminApi;

  beforeEach(async () => {
    server = await startTestServer();
    api = createServiceHoursAdminApi({ chatUrl: () => of(ok(`${server.baseUrl}/`)) });
  });
  afterEach(() => server.close());

  it('should send the weekly schedule as JSON with PUT and decode the settings', async () => {
    server.route('PUT', '/api/admin/service-hours', (_q, res) => reply(res, 200, JSON.stringify(settings)));
    const result = await firstValueFrom(api.saveWeekly({ Hours: [{ Weekday: 1, From: '08:00', To: '12:00' }] }));
    expect(result._tag === 'Right' && result.right.Effective.Closure?.Note).toBe('Heiligabend');
    expect(JSON.parse(server.requests[0]?.body ?? '')).toEqual({ Hours: [{ Weekday: 1, From: '08:00', To: '12:00' }] });
  });

  it('should escape the closure id in the removal path', async () => {
    server.route('DELETE', '/api/admin/service-hours/closures/c%2F1', (_q, res) => reply(res, 200, JSON.stringify(settings)));
    expect((await firstValueFrom(api.removeClosure('c/1')))._tag).toBe('Right');
  });

  it('should turn an answer without the closures into a decode error', async () => {
    server.route('GET', '/api/admin/service-hours', (_q, res) => reply(res, 200, JSON.stringify({ ...settings, Closures: undefined })));
    const result = await firstValueFrom(api.get());
    expect(result._tag === 'Left' && result.left._tag).toBe('DecodeError');
  });
});
