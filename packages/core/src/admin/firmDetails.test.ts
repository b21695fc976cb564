import { of } from 'rxjs';
import { describe, expect, it, vi } from 'vitest';
import type { FirmDetailsAdminApi } from '../ports/firmDetailsAdmin.js';
import { err, httpError, ok } from '../result.js';
import type { FirmDetails, FirmDetailsSettings } from '../wire/firmDetails.js';
import { createFirmDetailsAdmin, initialFirmDetailsAdminState } from './firmDetails.js';

const details: FirmDetails = {
  Name: 'Berger & Partner',
  RepresentedBy: '',
  Street: 'Musterstraße 12',
  PostalCode: '10115',
  City: 'Berlin',
  Phone: '',
  Email: '',
  BarChamber: '',
  LiabilityInsurance: '',
  Register: '',
  VatId: '',
  DataProtectionOfficer: '',
  SupervisoryAuthority: '',
};
const stored: FirmDetailsSettings = { Details: details, Source: 'console', UpdatedByName: 'Dr. Eva Schneider', UpdatedAt: '2026-12-07T09:00:00.000Z' };

const fromEnvironment: FirmDetailsSettings = {
  Details: { ...details, Name: 'Kanzlei aus der Umgebung', Street: '', PostalCode: '', City: '' },
  Source: 'environment',
  UpdatedByName: null,
  UpdatedAt: null,
};

function setUp(over: Partial<FirmDetailsAdminApi> = {}) {
  const api: FirmDetailsAdminApi = {
    get: vi.fn(() => of(ok(stored))),
    save: vi.fn((request: FirmDetails) => of(ok({ ...stored, Details: request }))),
    reset: vi.fn(() => of(ok(fromEnvironment))),
    ...over,
  };
  const onSessionExpired = vi.fn();
  return { api, firm: createFirmDetailsAdmin({ api, onSessionExpired }), onSessionExpired };
}

describe('FirmDetailsAdmin', () => {
  it('should load the settings and say when loading failed', () => {
    const { firm } = setUp();
    expect(firm.snapshot()).toEqual(initialFirmDetailsAdminState);
    firm.load();
    expect(firm.snapshot().load).toEqual({ state: 'ready', settings: stored });
    const failing = setUp({ get: () => of(err(httpError(500, 'Error', 'x'))) }).firm;
    failing.load();
    expect(failing.snapshot().load).toEqual({ state: 'failed' });
  });

  it('should send the details normalized as the server stores them, and say they were saved', () => {
    const { api, firm } = setUp();
    firm.save({ ...details, Street: '  Musterstraße\u202E 12 ' });
    expect(api.save).toHaveBeenCalledWith(details);
    expect(firm.snapshot()).toMatchObject({ busy: false, saved: true, problems: [], error: null, load: { state: 'ready' } });
  });

  it('should send nothing while a rule is broken, and count each refusal', () => {
    const { api, firm } = setUp();
    firm.save({ ...details, PostalCode: '1011' });
    firm.save({ ...details, PostalCode: '1011' });
    expect(api.save).not.toHaveBeenCalled();
    expect(firm.snapshot()).toMatchObject({ problems: [{ field: 'PostalCode', code: 'PostalCode', max: 5 }], refused: 2, saved: false });
  });

  it("should keep the server's refusal until the next save succeeds, and end the session on a 401", () => {
    const refusal = httpError(400, 'BadRequest', 'Bitte …');
    let answer = of(err(refusal));
    const { firm, onSessionExpired } = setUp({ save: () => answer });
    firm.save(details);
    expect(firm.snapshot()).toMatchObject({ error: refusal, refused: 1, saved: false, busy: false });
    answer = of(ok(stored)) as never;
    firm.save(details);
    expect(firm.snapshot()).toMatchObject({ error: null, saved: true });
    answer = of(err(httpError(401, 'NotAuthenticated', 'x')));
    firm.save(details);
    expect(onSessionExpired).toHaveBeenCalledOnce();
    firm.dispose();
  });

  it("should show the server's settings after a reset and say so until the next save", () => {
    const { api, firm } = setUp();
    firm.load();
    firm.reset();
    expect(api.reset).toHaveBeenCalledOnce();
    expect(firm.snapshot()).toMatchObject({ busy: false, wasReset: true, saved: false, load: { state: 'ready', settings: fromEnvironment } });
    firm.save(details);
    expect(firm.snapshot()).toMatchObject({ wasReset: false, saved: true });
  });

  it('should keep the saved details shown when the reset is refused', () => {
    const refusal = httpError(403, 'Forbidden', 'Keine Berechtigung');
    const { firm } = setUp({ reset: () => of(err(refusal)) });
    firm.load();
    firm.reset();
    expect(firm.snapshot()).toMatchObject({ busy: false, wasReset: false, error: refusal, load: { state: 'ready', settings: stored } });
  });
});
