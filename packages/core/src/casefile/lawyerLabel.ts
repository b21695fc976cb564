// The lawyer's gender only changes the wording of the menu entry.
import type { LawyerGender } from '../wire/index.js';

/** 'Ihre Anwältin' / 'Ihr Anwalt' / 'Kontakt' (unknown or no lawyer). */
export function lawyerMenuKey(gender: LawyerGender | null | undefined): string {
  if (gender === 'female') return 'CaseFile.Menu.LawyerFemale';
  if (gender === 'male') return 'CaseFile.Menu.LawyerMale';
  return 'CaseFile.Menu.LawyerOther';
}

/** The server's generated initials picture (`…/api/chat/agent/avatar/{id}.svg`), used while the lawyer has no photo. */
const INITIALS_AVATAR = /\/api\/chat\/agent\/avatar\/[^/]+\.svg$/;

/**
 * True when `imageUrl` is an uploaded photo, false for the generated initials picture (or none). The screens
 * call only a real photo a "Foto"; the initials picture repeats the name shown beside it and is decorative. Pure.
 */
export function isLawyerPhoto(imageUrl: string | null | undefined): boolean {
  return typeof imageUrl === 'string' && imageUrl !== '' && !INITIALS_AVATAR.test(imageUrl.split(/[?#]/)[0] ?? '');
}
