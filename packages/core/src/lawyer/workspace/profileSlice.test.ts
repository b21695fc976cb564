import { describe, expect, it } from 'vitest';
import { httpError } from '../../result.js';
import { ME } from '../lawyerFakes.testSupport.js';
import { MAX_PHOTO_BYTES, profileStep } from './profileSlice.js';
import { modelWith } from './workspaceFixtures.testSupport.js';

const photo = (size: number) => ({ size, type: 'image/png' }) as never;

describe('profile slice', () => {
  it('should refuse a blank name or a too large photo before calling the server', () => {
    expect(profileStep(modelWith(), { type: 'profile/save', name: ' A ', gender: 'female' })).toEqual([
      expect.objectContaining({ state: expect.objectContaining({ profileError: 'Profile.NameInvalid', profileStatus: 'idle' }) }),
      [],
    ]);
    const [tooLarge, none] = profileStep(modelWith(), { type: 'profile/uploadPhoto', file: photo(MAX_PHOTO_BYTES + 1), fileName: 'a.png' });
    expect(tooLarge.state.profileError).toBe('Profile.PhotoTooLarge');
    expect(none).toEqual([]);
  });

  it('should save name and gender, with the number only when the lawyer changed it – an emptied field removes it', () => {
    const [saving, effects] = profileStep(modelWith({ profileError: 'Profile.NameInvalid' }), {
      type: 'profile/save',
      name: ' Anna ',
      gender: 'female',
    });
    expect(saving.state).toMatchObject({ profileStatus: 'saving', profileError: null });
    expect(effects).toEqual([{ type: 'updateProfile', request: { Name: 'Anna', Gender: 'female' }, phoneGiven: false }]);
    // The lawyer emptied the field: the stored number goes (it silently stayed, with „Gespeichert“ shown).
    expect(profileStep(modelWith(), { type: 'profile/save', name: 'Anna', gender: 'female', phone: ' ' })[1]).toEqual([
      { type: 'updateProfile', request: { Name: 'Anna', Gender: 'female', Phone: '' }, phoneGiven: false },
    ]);
    expect(profileStep(modelWith(), { type: 'profile/save', name: 'Anna', gender: 'female', phone: '030 1' })[1]).toEqual([
      { type: 'updateProfile', request: { Name: 'Anna', Gender: 'female', Phone: '030 1' }, phoneGiven: true },
    ]);
    expect(profileStep(saving, { type: 'profile/saved', profile: ME })[0].state).toMatchObject({ profile: ME, profileStatus: 'saved' });
    expect(profileStep(modelWith(), { type: 'profile/loaded', profile: ME })[0].state.profile).toBe(ME);
  });

  it('should show a refused number beside the field and other failures as a notice', () => {
    const refused = httpError(400, 'Invalid', 'Nummer ungültig');
    expect(profileStep(modelWith(), { type: 'profile/saveFailed', error: refused, phoneGiven: true })[0].state).toMatchObject({
      profileError: 'Profile.PhoneInvalid',
      profileStatus: 'idle',
      notice: null,
    });
    const [notice] = profileStep(modelWith(), { type: 'profile/saveFailed', error: refused, phoneGiven: false });
    expect(notice.state.notice).toEqual({ key: 'Workspace.ProfileFailed', detail: 'Nummer ungültig' });
  });

  it('should upload and remove the photo', () => {
    expect(profileStep(modelWith(), { type: 'profile/uploadPhoto', file: photo(10), fileName: 'a.png' })[1]).toEqual([
      { type: 'uploadPhoto', file: photo(10), fileName: 'a.png' },
    ]);
    expect(profileStep(modelWith(), { type: 'profile/removePhoto' })[1]).toEqual([{ type: 'removePhoto' }]);
  });

  it('should take back a refusal once a later save or photo succeeds, and leave other notices alone', () => {
    const refused = httpError(400, 'BadRequest', 'Bitte laden Sie ein Foto als PNG, JPEG oder WebP hoch.');
    const [failed] = profileStep(modelWith(), { type: 'profile/saveFailed', error: refused, phoneGiven: false });
    const [saved] = profileStep(failed, { type: 'profile/saved', profile: ME });
    expect(saved.state).toMatchObject({ profileStatus: 'saved', notice: null });
    const other = modelWith({ notice: { key: 'Workspace.LoadFailed', detail: null } });
    expect(profileStep(other, { type: 'profile/saved', profile: ME })[0].state.notice).toEqual({ key: 'Workspace.LoadFailed', detail: null });
  });
});
