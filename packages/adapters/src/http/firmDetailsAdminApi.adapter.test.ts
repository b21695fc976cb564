/// <reference types="node" />
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { firstValueFrom, of } from 'rxjs';
import { ok, type FirmDetails, type FirmDetailsAdminApi, type FirmDetailsSettings } from '@rechtschat/core';
import { reply, startTestServer, type TestServer } from '../../test/support/testServer.js';
import { createFirmDetailsAdminApi } from './firmDetailsAdminApi.adapter.js';

const details: FirmDetails = {
  Name: 'Berger & Partner',
  RepresentedBy: '',
  Street: 'Musterstraße 12',
  PostalCode: '10115',
  City: 'Berlin',
  Phone: '+49 30 1234567',
  Email: '',
  BarChamber: '',
  LiabilityInsurance: '',
  Register: '',
  VatId: '',
  DataProtectionOfficer: '',
  SupervisoryAuthority: '',
};
const settings: FirmDetailsSettings = { Details: details, Source: 'console', UpdatedByName: 'Dr. Eva Schneider', UpdatedAt: '2026-12-01T09:00:00.000Z' };

describe('FirmDetailsAdminApi adapter', () => {
  let server: TestServer;
  let api: FirmDetailsAdminApi;

  beforeEach(async () => {
    server = await startTestServer();
    api = createFirmDetailsAdminApi({ chatUrl: () => of(ok(`${server.baseUrl}/`)) });
  });
  afterEach(() => server.close());

  it('should send the details as JSON with PUT and decode the settings', async () => {
    server.route('PUT', '/api/admin/firm-details', (_q, res) => reply(res, 200, JSON.stringify(settings)));
    const result = await firstValueFrom(api.save(details));
    expect(result._tag === 'Right' && result.right.Details.City).toBe('Berlin');
    expect(JSON.parse(server.requests[0]?.body ?? '')).toEqual(details);
  });

  it("should keep the refusal's fields for the screen to show at each field", async () => {
    const body = { Error: 'BadRequest', Message: 'PLZ …', Fields: [{ Field: 'PostalCode', Code: 'PostalCode', Message: 'PLZ …' }] };
    server.route('PUT', '/api/admin/firm-details', (_q, res) => reply(res, 400, JSON.stringify(body)));
    const result = await firstValueFrom(api.save(details));
    expect(result._tag === 'Left' && result.left._tag === 'HttpError' && result.left.details).toEqual({ Fields: body.Fields });
  });

  it('should reset with DELETE and decode the settings that apply now', async () => {
    const fromEnvironment = { ...settings, Source: 'environment', UpdatedByName: null, UpdatedAt: null };
    server.route('DELETE', '/api/admin/firm-details', (_q, res) => reply(res, 200, JSON.stringify(fromEnvironment)));
    const result = await firstValueFrom(api.reset());
    expect(result._tag === 'Right' && result.right.Source).toBe('environment');
    expect(server.requests[0]?.method).toBe('DELETE');
  });

  it('should turn an answer without the details into a decode error', async () => {
    server.route('GET', '/api/admin/firm-details', (_q, res) => reply(res, 200, JSON.stringify({ ...settings, Details: undefined })));
    const result = await firstValueFrom(api.get());
    expect(result._tag === 'Left' && result.left._tag).toBe('DecodeError');
  });
});
