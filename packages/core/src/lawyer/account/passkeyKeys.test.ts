import { NEVER, of, type Observable } from 'rxjs';
import { describe, expect, it, vi } from 'vitest';
import type { PasskeyCeremony } from '../../ports/lawyerAccount.js';
import { err, httpError, ok, type Result } from '../../result.js';
import type { Passkey } from '../../wire/index.js';
import { createPasskeyKeys, type PasskeyKeysDeps } from './passkeyKeys.js';

const yubikey: Passkey = { Id: 'pk-1', Name: 'YubiKey', CreatedAt: '2026-01-15T08:05:00.000Z', LastUsedAt: null };

function setUp(over: Partial<PasskeyKeysDeps['api']> = {}, ceremony: Observable<PasskeyCeremony> = of({ ok: true, response: { id: 'x' } })) {
  const api = {
    passkeys: vi.fn(() => of(ok([yubikey]))),
    passkeyRegistrationOptions: vi.fn(() => of(ok({ challenge: 'c' }))),
    registerPasskey: vi.fn((_response: unknown, name: string) => of(ok({ ...yubikey, Id: 'pk-2', Name: name }))),
    removePasskey: vi.fn((): Observable<Result<void>> => of(ok(undefined))),
    ...over,
  };
  const dialogs = { create: vi.fn(() => ceremony) };
  const onSessionExpired = vi.fn();
  const keys = createPasskeyKeys({ api, dialogs, onSessionExpired });
  keys.load();
  return { api, dialogs, onSessionExpired, keys };
}

const entered = (password: string, name = '') => ({ name, password, defaultName: 'Sicherheitsschlüssel' });

describe('PasskeyKeys', () => {
  it('should add a key after the password: options, the dialog, then the registration under its name', () => {
    const { api, dialogs, keys } = setUp();
    expect(keys.snapshot().passkeys).toEqual([yubikey]);
    keys.openForm();
    keys.add(entered(''));
    expect(keys.snapshot()).toMatchObject({ adding: true, formProblem: 'PasswordMissing' });
    keys.add(entered('geheim', '  '));
    expect(api.passkeyRegistrationOptions).toHaveBeenCalledWith({ CurrentPassword: 'geheim' });
    expect(dialogs.create).toHaveBeenCalledWith({ challenge: 'c' });
    expect(api.registerPasskey).toHaveBeenCalledWith({ id: 'x' }, 'Sicherheitsschlüssel');
    expect(keys.snapshot()).toMatchObject({
      adding: false,
      busy: false,
      message: { kind: 'registered', name: 'Sicherheitsschlüssel' },
      passwordSpent: 1,
      focusAdd: 1,
    });
    expect(api.passkeys).toHaveBeenCalledTimes(2);
    keys.closeForm();
    expect(keys.snapshot().focusAdd).toBe(2);
    keys.dispose();
  });

  it('should name a wrong password, a waiting account, a failed dialog and a refused key', () => {
    const wrong = setUp({ passkeyRegistrationOptions: () => of(err(httpError(400, 'CurrentPasswordWrong', 'x'))) });
    wrong.keys.add(entered('falsch'));
    expect(wrong.keys.snapshot()).toMatchObject({ formProblem: 'PasswordWrong', busy: false });
    const locked = setUp({ passkeyRegistrationOptions: () => of(err(httpError(429, 'Locked', 'x'))) });
    locked.keys.add(entered('x'));
    expect(locked.keys.snapshot().formProblem).toBe('Locked');
    const waiting = setUp({ passkeyRegistrationOptions: () => of(err({ ...httpError(429, 'Locked', 'x'), retryAfterSeconds: 240 })) });
    waiting.keys.add(entered('x'));
    expect(waiting.keys.snapshot()).toMatchObject({ formProblem: 'Locked', retryAfterSeconds: 240 });
    const other = setUp({ passkeyRegistrationOptions: () => of(err(httpError(500, 'Error', 'x'))) });
    other.keys.add(entered('x'));
    expect(other.keys.snapshot().formProblem).toBe('Failed');
    const cancelled = setUp({}, of({ ok: false, failure: 'Cancelled' }));
    cancelled.keys.add(entered('x'));
    expect(cancelled.keys.snapshot()).toMatchObject({ formProblem: 'Cancelled', passwordSpent: 1 });
    expect(cancelled.api.registerPasskey).not.toHaveBeenCalled();
    const rejected = setUp({ registerPasskey: () => of(err(httpError(400, 'BadRequest', 'x'))) });
    rejected.keys.add(entered('x'));
    expect(rejected.keys.snapshot().formProblem).toBe('Rejected');
  });

  it('should be busy during the dialog and end the session on a 401', () => {
    const waiting = setUp({}, NEVER);
    waiting.keys.add(entered('x'));
    expect(waiting.keys.snapshot().busy).toBe(true);
    const gone = setUp({ passkeyRegistrationOptions: () => of(err(httpError(401, 'NotAuthenticated', 'x'))) });
    gone.keys.add(entered('x'));
    expect(gone.onSessionExpired).toHaveBeenCalled();
    expect(gone.keys.snapshot().busy).toBe(false);
  });

  it('should remove a key only with the password and read the list again', () => {
    const { api, keys } = setUp();
    keys.remove('geheim');
    expect(api.removePasskey).not.toHaveBeenCalled();
    keys.askRemoval(yubikey);
    keys.remove('');
    expect(keys.snapshot().removeProblem).toBe('PasswordMissing');
    keys.cancelRemoval();
    expect(keys.snapshot()).toMatchObject({ removing: null, removeProblem: null });
    keys.askRemoval(yubikey);
    keys.remove('geheim');
    expect(api.removePasskey).toHaveBeenCalledWith('pk-1', { CurrentPassword: 'geheim' });
    expect(keys.snapshot()).toMatchObject({ removing: null, message: { kind: 'removed', name: 'YubiKey' }, focusAdd: 1 });
  });

  it('should keep the removal open on a wrong password and close it for the last required factor or a failure', () => {
    const answers = [err(httpError(400, 'CurrentPasswordWrong', 'x')), err(httpError(409, 'Conflict', 'x')), err(httpError(500, 'Error', 'x'))];
    const { keys } = setUp({ removePasskey: () => of(answers.shift()!) });
    keys.askRemoval(yubikey);
    keys.remove('falsch');
    expect(keys.snapshot()).toMatchObject({ removing: yubikey, removeProblem: 'PasswordWrong', passwordSpent: 1 });
    keys.remove('richtig');
    expect(keys.snapshot()).toMatchObject({ removing: null, message: { kind: 'lastFactor' } });
    keys.askRemoval(yubikey);
    keys.remove('richtig');
    expect(keys.snapshot().message).toEqual({ kind: 'failed' });
  });

  it('should say when the list cannot be read', () => {
    const { keys } = setUp({ passkeys: () => of(err(httpError(500, 'Error', 'x'))) });
    expect(keys.snapshot()).toMatchObject({ passkeys: null, message: { kind: 'failed' } });
  });
});
