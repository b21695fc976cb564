// Profile slice: the signed-in lawyer as clients see them – name, gender, own phone number, picture.
import type { AppError } from '../../result.js';
import type { BlobLike } from '../../ports/platform.js';
import type { LawyerGender, LawyerProfile } from '../../wire/index.js';
import { withState, type Step, type WorkspaceEffect, type WorkspaceModel } from './model.js';
import { withNotice } from './notices.js';

/** Photos above this are refused before uploading (the server says the same). */
export const MAX_PHOTO_BYTES = 1024 * 1024;

export type ProfileEvent =
  | { readonly type: 'profile/loaded'; readonly profile: LawyerProfile }
  /** `phone`: the lawyer's own number, given only when they changed it; left out keeps the stored one, empty removes it. */
  | { readonly type: 'profile/save'; readonly name: string; readonly gender: LawyerGender; readonly phone?: string }
  | { readonly type: 'profile/uploadPhoto'; readonly file: BlobLike; readonly fileName: string }
  | { readonly type: 'profile/removePhoto' }
  | { readonly type: 'profile/saved'; readonly profile: LawyerProfile }
  /** `phoneGiven`: the saved request carried a phone number. */
  | { readonly type: 'profile/saveFailed'; readonly error: AppError; readonly phoneGiven: boolean };

const refused = (model: WorkspaceModel, profileError: string): Step => [withState(model, (s) => ({ ...s, profileError, profileStatus: 'idle' })), []];

const saving = (model: WorkspaceModel, effect: WorkspaceEffect): Step => [
  withState(model, (s) => ({ ...s, profileStatus: 'saving', profileError: null })),
  [effect],
];

function save(model: WorkspaceModel, name: string, gender: LawyerGender, phone: string | undefined): Step {
  const trimmed = name.trim();
  if (trimmed.length < 2 || trimmed.length > 100) return refused(model, 'Profile.NameInvalid');
  // Left out: the stored number stays. Given (the lawyer changed the field): sent as typed – empty removes it.
  const number = phone?.trim();
  const request = number === undefined ? { Name: trimmed, Gender: gender } : { Name: trimmed, Gender: gender, Phone: number };
  return saving(model, { type: 'updateProfile', request, phoneGiven: number !== undefined && number !== '' });
}

function saveFailed(model: WorkspaceModel, error: AppError, phoneGiven: boolean): Step {
  // The name passed the same check as on the server: a refusal (400) of a request with a number is about the number.
  const field = phoneGiven && error._tag === 'HttpError' && error.status === 400 ? 'Profile.PhoneInvalid' : null;
  if (field !== null) return refused(model, field);
  return [withState(model, (s) => withNotice({ ...s, profileStatus: 'idle' }, 'Workspace.ProfileFailed', error)), []];
}

export function profileStep(model: WorkspaceModel, event: ProfileEvent): Step {
  switch (event.type) {
    case 'profile/loaded':
      return [withState(model, (s) => ({ ...s, profile: event.profile })), []];
    case 'profile/save':
      return save(model, event.name, event.gender, event.phone);
    case 'profile/uploadPhoto':
      if (event.file.size > MAX_PHOTO_BYTES) return refused(model, 'Profile.PhotoTooLarge');
      return saving(model, { type: 'uploadPhoto', file: event.file, fileName: event.fileName });
    case 'profile/removePhoto':
      return saving(model, { type: 'removePhoto' });
    case 'profile/saved':
      // An earlier refusal (a file that was no picture, say) is over: it must not stand beside „gespeichert“.
      return [
        withState(model, (s) => ({
          ...s,
          profile: event.profile,
          profileStatus: 'saved',
          notice: s.notice?.key === 'Workspace.ProfileFailed' ? null : s.notice,
        })),
        [],
      ];
    case 'profile/saveFailed':
      return saveFailed(model, event.error, event.phoneGiven);
  }
}
