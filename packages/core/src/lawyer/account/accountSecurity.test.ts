// Password change, signed-in devices and the second factor of the profile, over fakes of LawyerAccountApi.
import { of } from 'rxjs';
import { describe, expect, it, vi } from 'vitest';
import type { LawyerAccountApi } from '../../ports/lawyerAccount.js';
import { err, httpError, networkError, ok, type AppError } from '../../result.js';
import type { DeviceSession, TotpStatus } from '../../wire/index.js';
import { createDeviceSessions } from './deviceSessions.js';
import { createPasswordChange } from './passwordChange.js';
import { createSecondFactor } from './secondFactor.js';

const devices: DeviceSession[] = [
  { Id: 'cur', CreatedAt: '2026-01-15T08:05:00.000Z', LastSeenAt: '2026-01-15T09:00:00.000Z', Current: true },
  { Id: 'oth', CreatedAt: '2026-01-14T07:30:00.000Z', LastSeenAt: '2026-01-14T08:00:00.000Z', Current: false },
];
const unauthenticated = httpError(401, 'NotAuthenticated', 'x');

describe('PasswordChange', () => {
  const setUp = (answer: AppError | null = null) => {
    const api = { changePassword: vi.fn(() => of(answer === null ? ok(undefined) : err(answer))) };
    const onChanged = vi.fn();
    const onSessionExpired = vi.fn();
    return { api, onChanged, onSessionExpired, change: createPasswordChange({ api, onChanged, onSessionExpired }) };
  };

  it('should check the fields before asking the server, counting characters as the server does', () => {
    const { api, change } = setUp();
    change.change({ current: '', new: 'lang-genug', repeat: 'lang-genug' });
    expect(change.snapshot().error).toEqual({ field: 'current', problem: 'CurrentMissing' });
    change.change({ current: 'alt', new: '😀😀😀😀😀😀😀', repeat: '😀😀😀😀😀😀😀' });
    expect(change.snapshot().error).toEqual({ field: 'new', problem: 'TooShort' });
    change.change({ current: 'alt', new: 'lang-genug', repeat: 'anders' });
    expect(change.snapshot().error).toEqual({ field: 'repeat', problem: 'RepeatMismatch' });
    expect(api.changePassword).not.toHaveBeenCalled();
  });

  it('should change the password and tell that the other sessions ended', () => {
    const { api, change, onChanged } = setUp();
    change.change({ current: 'alt', new: 'lang-genug', repeat: 'lang-genug' });
    expect(api.changePassword).toHaveBeenCalledWith('alt', 'lang-genug');
    expect(change.snapshot()).toEqual({ busy: false, done: true, error: null, changed: 1 });
    expect(onChanged).toHaveBeenCalledTimes(1);
    change.dispose();
  });

  it.each([
    [httpError(400, 'CurrentPasswordWrong', 'x'), { field: 'current', problem: 'CurrentWrong' }],
    [httpError(400, 'PasswordCommon', 'x'), { field: 'new', problem: 'Common' }],
    [httpError(400, 'Unknown', 'x'), { field: null, problem: 'Failed' }],
    [httpError(429, 'Locked', 'x'), { field: null, problem: 'Locked' }],
    [
      { ...httpError(429, 'Locked', 'x'), retryAfterSeconds: 120 },
      { field: null, problem: 'Locked', retryAfterSeconds: 120 },
    ],
    [networkError('x'), { field: null, problem: 'Failed' }],
  ] as const)('should bind the refusal %o to its field', (error, expected) => {
    const { change } = setUp(error);
    change.change({ current: 'alt', new: 'lang-genug', repeat: 'lang-genug' });
    expect(change.snapshot()).toMatchObject({ busy: false, done: false, error: expected });
  });

  it('should end the session on a 401 without a message', () => {
    const { change, onSessionExpired } = setUp(unauthenticated);
    change.change({ current: 'alt', new: 'lang-genug', repeat: 'lang-genug' });
    expect(onSessionExpired).toHaveBeenCalled();
    expect(change.snapshot().error).toBeNull();
  });
});

describe('DeviceSessions', () => {
  const api = (over: Partial<LawyerAccountApi> = {}) => ({
    sessions: vi.fn(() => of(ok(devices))),
    endSession: vi.fn(() => of(ok(undefined))),
    endOtherSessions: vi.fn(() => of(ok({ Ended: 2 }))),
    ...over,
  });

  it('should list the devices and read them again after ending one or all others', () => {
    const fake = api();
    const onEnded = vi.fn();
    const sessions = createDeviceSessions({ api: fake, onEnded, onSessionExpired: () => undefined });
    expect(sessions.snapshot()).toEqual({ sessions: null, message: null });
    sessions.load();
    expect(sessions.snapshot().sessions).toEqual(devices);
    sessions.endOne('oth');
    expect(fake.endSession).toHaveBeenCalledWith('oth');
    expect(sessions.snapshot().message).toEqual({ kind: 'ended' });
    sessions.endOthers();
    expect(sessions.snapshot().message).toEqual({ kind: 'endedOthers', count: 2 });
    expect(fake.sessions).toHaveBeenCalledTimes(3);
    expect(onEnded).toHaveBeenCalledTimes(2);
    sessions.dispose();
  });

  it('should say when the list or ending fails, and end the session on a 401', () => {
    const onSessionExpired = vi.fn();
    const sessions = createDeviceSessions({
      api: api({ sessions: () => of(err(networkError('x'))), endSession: () => of(err(unauthenticated)) }),
      onEnded: () => undefined,
      onSessionExpired,
    });
    sessions.load();
    expect(sessions.snapshot()).toEqual({ sessions: null, message: { kind: 'failed' } });
    sessions.endOne('oth');
    expect(onSessionExpired).toHaveBeenCalled();
  });
});

describe('SecondFactor', () => {
  const off: TotpStatus = { Enabled: false, Required: false, RecoveryCodesLeft: 0 };
  const on: TotpStatus = { Enabled: true, Required: false, RecoveryCodesLeft: 10 };
  const setup = { Secret: 'JBSWY3DPEHPK3PXP', OtpauthUri: 'otpauth://totp/x' };
  const fakeApi = (over: Partial<LawyerAccountApi> = {}) => ({
    totpStatus: vi.fn(() => of(ok(off))),
    totpSetup: vi.fn(() => of(ok(setup))),
    totpConfirm: vi.fn(() => of(ok({ RecoveryCodes: ['A'] }))),
    totpDisable: vi.fn(() => of(ok(undefined))),
    renewRecoveryCodes: vi.fn(() => of(ok({ RecoveryCodes: ['B'] }))),
    ...over,
  });

  it('should switch the factor on: password, the secret, the first code, then the recovery codes once', () => {
    const api = fakeApi();
    const factor = createSecondFactor({ api, onSessionExpired: () => undefined });
    factor.load();
    expect(factor.snapshot().status).toEqual(off);
    factor.submit({ code: '', password: '' });
    factor.open('unlock');
    factor.submit({ code: '', password: '' });
    expect(factor.snapshot().problem).toBe('PasswordMissing');
    factor.submit({ code: '', password: 'geheim' });
    expect(api.totpSetup).toHaveBeenCalledWith({ CurrentPassword: 'geheim' });
    expect(factor.snapshot()).toMatchObject({ step: { step: 'setup', setup }, problem: null });
    factor.submit({ code: '12', password: '' });
    expect(factor.snapshot().problem).toBe('CodeMissing');
    factor.submit({ code: '123456', password: '' });
    expect(api.totpConfirm).toHaveBeenCalledWith('123456');
    expect(factor.snapshot()).toMatchObject({ step: { step: 'idle' }, notice: 'Enabled', codes: ['A'], problem: null });
    expect(api.totpStatus).toHaveBeenCalledTimes(2);
    factor.dismissCodes();
    expect(factor.snapshot().codes).toBeNull();
    factor.dispose();
  });

  it('should renew the recovery codes with a code or the password, and name what is wrong', () => {
    const answers = [err(httpError(400, 'CurrentPasswordWrong', 'x')), ok({ RecoveryCodes: ['B'] }), ok({ RecoveryCodes: ['C'] })];
    const api = fakeApi({ totpStatus: () => of(ok(on)), renewRecoveryCodes: vi.fn(() => of(answers.shift()!)) });
    const factor = createSecondFactor({ api, onSessionExpired: () => undefined });
    factor.open('renew');
    factor.submit({ code: '', password: '' });
    expect(factor.snapshot().problem).toBe('StepUpMissing');
    factor.submit({ code: '', password: 'falsch' });
    expect(factor.snapshot().problem).toBe('PasswordWrong');
    factor.submit({ code: '', password: 'richtig' });
    expect(factor.snapshot()).toMatchObject({ notice: 'Renewed', codes: ['B'] });
    factor.open('renew');
    factor.submit({ code: '654321', password: '' });
    expect(api.renewRecoveryCodes).toHaveBeenLastCalledWith({ Code: '654321' });
  });

  it.each([
    [httpError(400, 'BadRequest', 'x'), 'WrongCode'],
    [httpError(429, 'Locked', 'x'), 'Locked'],
    [{ ...httpError(429, 'Locked', 'x'), retryAfterSeconds: 45 }, 'Locked'],
    [networkError('x'), 'Failed'],
  ] as const)('should switch it off with a code and name the refusal %o', (error, problem) => {
    const api = fakeApi({ totpDisable: vi.fn(() => of(err(error))) });
    const factor = createSecondFactor({ api, onSessionExpired: () => undefined });
    factor.open('disable');
    factor.submit({ code: '123456', password: '' });
    expect(factor.snapshot().problem).toBe(problem);
    expect(factor.snapshot().retryAfterSeconds).toBe(error._tag === 'HttpError' ? (error.retryAfterSeconds ?? null) : null);
    factor.cancel();
    expect(factor.snapshot()).toMatchObject({ step: { step: 'idle' }, problem: null });
  });

  it('should switch it off, and end the session on a 401', () => {
    const onSessionExpired = vi.fn();
    const factor = createSecondFactor({ api: fakeApi({ totpStatus: () => of(err(unauthenticated)) }), onSessionExpired });
    factor.open('disable');
    factor.submit({ code: '123456', password: '' });
    expect(factor.snapshot()).toMatchObject({ notice: 'Disabled', codes: null });
    expect(onSessionExpired).toHaveBeenCalled();
  });
});
