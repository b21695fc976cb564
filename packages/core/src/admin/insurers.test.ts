import { of, Subject } from 'rxjs';
import { describe, expect, it, vi } from 'vitest';
import type { Call } from '../ports/call.js';
import type { InsurersApi } from '../ports/insurers.js';
import { err, httpError, ok, type Result } from '../result.js';
import type { Insurer, InsurerList } from '../wire/insurers.js';
import { createInsurersAdmin, initialInsurersState } from './insurers.js';

const insurer = (id: string, name: string, over: Partial<Insurer> = {}): Insurer => ({
  Id: id,
  Name: name,
  DisplayName: null,
  CreatedAt: '2026-11-01T09:00:00.000Z',
  EndedAt: null,
  Keys: [],
  Deletable: true,
  ...over,
});
const zeta = insurer('ins-z', 'Zeta');
const key = { Kid: 'k-1', Secret: 's3cret', CreatedAt: '2026-11-02T09:00:00.000Z' };
const refused = httpError(409, 'Conflict', 'Name vergeben.');
const ENDED_AT = '2026-12-01T10:00:00.000Z';

function setUp(over: Partial<InsurersApi> = {}) {
  const api: InsurersApi = {
    list: vi.fn(() => of(ok([zeta]))),
    create: vi.fn((request) => of(ok(insurer('ins-a', request.Name)))),
    update: vi.fn((id: string, request) => of(ok(insurer(id, request.Name)))),
    createKey: vi.fn(() => of(ok(key as never))),
    revokeKey: vi.fn((id: string, kid: string) =>
      of(ok(insurer(id, 'Zeta', { Keys: [{ Kid: kid, CreatedAt: key.CreatedAt, RevokedAt: key.CreatedAt, LastUsedAt: null }] }))),
    ),
    end: vi.fn((id: string) => of(ok(insurer(id, 'Zeta', { EndedAt: ENDED_AT })))),
    resume: vi.fn((id: string) => of(ok(insurer(id, 'Zeta')))),
    remove: vi.fn(() => of(ok(undefined))),
    ...over,
  };
  const onSessionExpired = vi.fn();
  return { api, insurers: createInsurersAdmin({ api, onSessionExpired }), onSessionExpired };
}

describe('InsurersAdmin', () => {
  it('should read the list, say when it failed and read it again', () => {
    let answer: Call<InsurerList> = of(err(httpError(500, 'Error', 'x')));
    const { insurers } = setUp({ list: () => answer });
    expect(insurers.snapshot()).toEqual(initialInsurersState);
    insurers.load();
    expect(insurers.snapshot().load).toEqual({ state: 'failed' });
    answer = of(ok([zeta]));
    insurers.load();
    expect(insurers.snapshot().load).toEqual({ state: 'ready', insurers: [zeta] });
  });

  it('should add a created insurer in name order, replace a renamed one and announce both', () => {
    const { insurers } = setUp();
    insurers.create({ Name: 'Alpha', DisplayName: null });
    expect(insurers.snapshot().load).toEqual({ state: 'loading' });
    insurers.load();
    insurers.create({ Name: 'Alpha', DisplayName: null });
    expect(insurers.snapshot()).toMatchObject({ notice: { kind: 'created', name: 'Alpha' }, noticed: 2 });
    insurers.update('ins-z', { Name: 'Zeta AG', DisplayName: null });
    const { load, notice } = insurers.snapshot();
    expect(load.state === 'ready' && load.insurers.map((row) => row.Name)).toEqual(['Alpha', 'Zeta AG']);
    expect(notice).toEqual({ kind: 'saved', insurerId: zeta.Id, name: 'Zeta AG' });
  });

  it('should show a new key once and list it first, and announce a revoked key with its insurer', () => {
    const { insurers } = setUp();
    insurers.load();
    insurers.createKey(zeta);
    expect(insurers.snapshot().issued).toEqual({ key, name: 'Zeta' });
    const { load } = insurers.snapshot();
    expect(load.state === 'ready' && load.insurers[0]?.Keys).toEqual([{ Kid: 'k-1', CreatedAt: key.CreatedAt, RevokedAt: null, LastUsedAt: null }]);
    insurers.dismissIssued();
    expect(insurers.snapshot().issued).toBeNull();
    insurers.revokeKey(zeta, 'k-1');
    expect(insurers.snapshot()).toMatchObject({ notice: { kind: 'revoked', insurerId: 'ins-z', kid: 'k-1' }, noticed: 1 });
  });

  it('should end and resume the collaboration with an insurer, replacing it in the list and announcing each', () => {
    const { api, insurers } = setUp();
    insurers.load();
    insurers.end(zeta);
    expect(api.end).toHaveBeenCalledWith('ins-z');
    expect(insurers.snapshot()).toMatchObject({ notice: { kind: 'ended', insurerId: 'ins-z', name: 'Zeta' }, noticed: 1 });
    const ended = insurers.snapshot().load;
    expect(ended.state === 'ready' && ended.insurers.map((row) => row.EndedAt)).toEqual([ENDED_AT]);
    insurers.resume(zeta);
    expect(api.resume).toHaveBeenCalledWith('ins-z');
    expect(insurers.snapshot()).toMatchObject({ notice: { kind: 'resumed', insurerId: 'ins-z', name: 'Zeta' }, noticed: 2 });
    const resumed = insurers.snapshot().load;
    expect(resumed.state === 'ready' && resumed.insurers.map((row) => row.EndedAt)).toEqual([null]);
  });

  it('should drop a deleted insurer from the list, and keep it with the server message when the deletion is refused', () => {
    const inUse = httpError(409, 'Conflict', 'Dieser Versicherer wurde schon genutzt …');
    let answer: Call<void> = of(err(inUse));
    const { insurers } = setUp({ remove: vi.fn(() => answer) });
    insurers.load();
    insurers.remove(zeta);
    expect(insurers.snapshot()).toMatchObject({ error: inUse, notice: null, load: { state: 'ready', insurers: [zeta] } });
    answer = of(ok(undefined));
    insurers.remove(zeta);
    expect(insurers.snapshot()).toMatchObject({ error: null, notice: { kind: 'removed', name: 'Zeta' }, noticed: 1, load: { state: 'ready', insurers: [] } });
  });

  it('should keep a refusal until the next success, and end the session on a 401', () => {
    let answer: Call<Insurer> = of(err(refused));
    const { insurers, onSessionExpired } = setUp({ create: () => answer, list: () => of(err(httpError(401, 'NotAuthenticated', 'x'))) });
    insurers.create({ Name: 'Zeta', DisplayName: null });
    expect(insurers.snapshot().error).toBe(refused);
    answer = of(ok(zeta));
    insurers.create({ Name: 'Zeta', DisplayName: null });
    expect(insurers.snapshot().error).toBeNull();
    expect(insurers.snapshot().notice).toEqual({ kind: 'created', insurerId: zeta.Id, name: 'Zeta' });
    // A refusal after a success: the status line no longer says the last change worked.
    answer = of(err(refused));
    insurers.create({ Name: 'Zeta', DisplayName: null });
    expect(insurers.snapshot()).toMatchObject({ error: refused, notice: null });
    insurers.load();
    expect(onSessionExpired).toHaveBeenCalledTimes(1);
    expect(insurers.snapshot().load).toEqual({ state: 'loading' });
    insurers.dispose();
  });

  it('should send one change at a time: a double click on „Versicherer anlegen“ creates one insurer and says so', () => {
    const answer = new Subject<Result<Insurer>>();
    const { api, insurers } = setUp({ create: vi.fn(() => answer.asObservable()) });
    insurers.load();
    insurers.create({ Name: 'HUK-Coburg', DisplayName: null });
    insurers.create({ Name: 'HUK-Coburg', DisplayName: null });
    expect(insurers.snapshot().busy).toBe(true);
    expect(api.create).toHaveBeenCalledOnce();
    answer.next(ok(insurer('ins-h', 'HUK-Coburg')));
    expect(insurers.snapshot()).toMatchObject({ busy: false, error: null, notice: { kind: 'created', name: 'HUK-Coburg' } });
    insurers.create({ Name: 'ARAG SE', DisplayName: null });
    expect(api.create).toHaveBeenCalledTimes(2);
  });
});
