// The closed state of the contract: outside office hours the customer login answers
// 403 OutsideServiceHours and the service hours say IsOpen false.
import { ServiceHours } from '@rechtschat/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CookieClient } from '../support/cookieClient.js';
import { decoded, expectError, startContractServer, type ContractServer } from './harness.js';

describe('contract outside office hours', () => {
  let server: ContractServer;

  beforeAll(async () => {
    server = await startContractServer({ SERVICE_HOURS: 'never' });
  }, 60_000);

  afterAll(async () => {
    await server?.stop();
  });

  it('reports IsOpen false with no opening hours', async () => {
    const hours = await new CookieClient().get(`${server.web}/api/service-hours`);
    expect(hours.status).toBe(200);
    expect(decoded(ServiceHours, hours.body)).toMatchObject({ IsOpen: false, Hours: [] });
  });

  it('refuses the customer login with 403 OutsideServiceHours and no session', async () => {
    const client = new CookieClient();
    const login = await client.post(`${server.web}/api/authentication/customer`, {
      InsuranceNumber: server.seed.insuranceNumber,
      AgreedPrivacy: true,
      AgreedTermsOfService: true,
    });
    expectError(login, 403, 'OutsideServiceHours');
    expectError(await client.get(`${server.web}/api/authentication/user`), 401, 'NotAuthenticated');
  });
});
