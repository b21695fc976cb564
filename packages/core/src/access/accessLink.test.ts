import { of } from 'rxjs';
import { describe, expect, it, vi } from 'vitest';
import type { AccountLinkApi } from '../ports/adminTeam.js';
import { err, httpError, networkError, ok } from '../result.js';
import type { AccountLinkInfo } from '../wire/adminTeam.js';
import { createAccessLink, type AccessForm } from './accessLink.js';

const invitation: AccountLinkInfo = { Purpose: 'invitation', Email: 'neu@example.org', Name: null, Role: 'lawyer', ExpiresAt: '2026-11-25T09:00:00.000Z' };
const invalid = httpError(404, 'NotFound', 'Dieser Link ist ungültig.');
const form: AccessForm = { name: ' Clara Vogt ', gender: 'female', phone: ' +49 30 1234567 ', password: 'Lange Sätze', repeat: 'Lange Sätze' };

function setUp(over: Partial<AccountLinkApi> = {}) {
  const api: AccountLinkApi = {
    inspect: vi.fn(() => of(ok(invitation))),
    complete: vi.fn(() => of(ok({ Email: 'neu@example.org' }))),
    ...over,
  };
  const access = createAccessLink({ api });
  return { api, access };
}

describe('AccessLink', () => {
  it('should inspect the token, send the trimmed form of a new account and end done', () => {
    const { api, access } = setUp();
    expect(access.snapshot()).toEqual({ step: 'checking' });
    access.inspect('tok');
    expect(api.inspect).toHaveBeenCalledWith('tok');
    expect(access.snapshot()).toMatchObject({ step: 'form', info: invitation, busy: false, refused: 0 });
    access.complete(form);
    expect(api.complete).toHaveBeenCalledWith({ Token: 'tok', Password: 'Lange Sätze', Name: 'Clara Vogt', Gender: 'female', Phone: '+49 30 1234567' });
    expect(access.snapshot()).toEqual({ step: 'done', email: 'neu@example.org', purpose: 'invitation' });
  });

  it('should send only the password for a reset, and no salutation that was not chosen', () => {
    const { api, access } = setUp({ inspect: () => of(ok({ ...invitation, Purpose: 'passwordReset' as const })) });
    access.inspect('tok');
    access.complete(form);
    expect(api.complete).toHaveBeenCalledWith({ Token: 'tok', Password: 'Lange Sätze' });
    const setup = setUp({ inspect: () => of(ok({ ...invitation, Purpose: 'setup' as const })) });
    setup.access.inspect('tok');
    setup.access.complete({ ...form, gender: null, phone: '' });
    expect(setup.api.complete).toHaveBeenCalledWith({ Token: 'tok', Password: 'Lange Sätze', Name: 'Clara Vogt' });
  });

  it('should name the field of a problem found before sending, and count each refusal', () => {
    const { api, access } = setUp();
    access.inspect('tok');
    access.complete({ ...form, name: ' ' });
    expect(access.snapshot()).toMatchObject({ fieldErrors: [{ field: 'Name', problem: 'Missing' }], refused: 1 });
    access.complete({ ...form, password: '' });
    expect(access.snapshot()).toMatchObject({ fieldErrors: [{ field: 'Password', problem: 'Missing' }], refused: 2 });
    access.complete({ ...form, repeat: 'anders' });
    expect(access.snapshot()).toMatchObject({ fieldErrors: [{ field: 'Repeat', problem: 'Mismatch' }], refused: 3 });
    expect(api.complete).not.toHaveBeenCalled();
  });

  it('should name every field found wrong at once, in the form’s order, not one per attempt', () => {
    const { api, access } = setUp();
    access.inspect('tok');
    access.complete({ ...form, name: '', repeat: 'anders' });
    expect(access.snapshot()).toMatchObject({
      fieldErrors: [
        { field: 'Name', problem: 'Missing' },
        { field: 'Repeat', problem: 'Mismatch' },
      ],
      refused: 1,
    });
    // A missing password is the password's problem only, not a mismatch of its repetition as well.
    access.complete({ ...form, name: '', password: '' });
    expect(access.snapshot()).toMatchObject({
      fieldErrors: [
        { field: 'Name', problem: 'Missing' },
        { field: 'Password', problem: 'Missing' },
      ],
      refused: 2,
    });
    expect(api.complete).not.toHaveBeenCalled();
  });

  it("should put the server's refusal beside its field, and keep other refusals for the form", () => {
    let answer = of(err(httpError(400, 'PasswordCommon', 'Zu verbreitet.')));
    const { access } = setUp({ complete: () => answer });
    access.inspect('tok');
    access.complete(form);
    expect(access.snapshot()).toMatchObject({ busy: false, fieldErrors: [{ field: 'Password', problem: 'Refused', message: 'Zu verbreitet.' }], refused: 1 });
    answer = of(err(httpError(400, 'InvalidPhone', 'Keine Telefonnummer.')));
    access.complete(form);
    expect(access.snapshot()).toMatchObject({ fieldErrors: [{ field: 'Phone', message: 'Keine Telefonnummer.' }], refused: 2 });
    answer = of(err(networkError('offline')));
    access.complete(form);
    expect(access.snapshot()).toMatchObject({ busy: false, fieldErrors: [], error: { _tag: 'NetworkError' }, refused: 2 });
  });

  it('should end the form when the link is used up, and refuse a link without token or an unknown one', () => {
    const { api, access } = setUp({ complete: () => of(err(invalid)) });
    access.inspect('tok');
    access.complete(form);
    expect(access.snapshot()).toEqual({ step: 'invalid', reason: invalid });
    access.inspect('');
    expect(access.snapshot()).toEqual({ step: 'invalid', reason: 'NoToken' });
    expect(api.inspect).toHaveBeenCalledTimes(1);
    const unknown = setUp({ inspect: () => of(err(invalid)) });
    unknown.access.inspect('tok');
    expect(unknown.access.snapshot()).toEqual({ step: 'invalid', reason: invalid });
    unknown.access.complete(form);
    expect(unknown.api.complete).not.toHaveBeenCalled();
    access.dispose();
  });
});
