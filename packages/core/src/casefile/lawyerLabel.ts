// SPEC §2/§6: the lawyer's gender only changes the wording of the menu entry.
import type { LawyerGender } from '../wire/index.js';

/** 'Ihre Anwältin' / 'Ihr Anwalt' / 'Kontakt' (unknown or no lawyer). */
export function lawyerMenuKey(gender: LawyerGender | null | undefined): string {
  if (gender === 'female') return 'CaseFile.Menu.LawyerFemale';
  if (gender === 'male') return 'CaseFile.Menu.LawyerMale';
  return 'CaseFile.Menu.LawyerOther';
}
