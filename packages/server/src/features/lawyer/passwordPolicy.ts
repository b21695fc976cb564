// Lawyer password policy (NIST SP 800-63B §3.1.1.2, ASVS 5 V6.2): length only – at least 8 characters,
// 15 recommended, up to 128 accepted – no composition rules, and refused when the password is one of the ~49,000
// most common passwords (the `passwords-common` list of @zxcvbn-ts/language-common, MIT), contains the lawyer's own
// name or e-mail local part or a word of this product, or equals the current password. German favourites the list
// misses (germanFavouritePasswords.ts) are refused as well, and so is any blocked word with only digits or symbols
// added before or after it ("Sommer2024!", "!!passwort1").
import { createRequire } from 'node:module';
import type * as LanguageCommon from '@zxcvbn-ts/language-common';
import { GERMAN_FAVOURITE_PASSWORDS } from './germanFavouritePasswords.js';

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

export type PasswordViolation = 'PasswordTooShort' | 'PasswordTooLong' | 'PasswordCommon' | 'PasswordContainsPersonalData' | 'PasswordUnchanged';

/** The German field message of each violation (the console shows its own text for the same code). */
export const passwordViolationMessage: Record<PasswordViolation, string> = {
  PasswordTooShort: `Das neue Passwort muss mindestens ${PASSWORD_MIN_LENGTH} Zeichen lang sein. Wir empfehlen 15 Zeichen oder mehr, etwa mehrere Wörter.`,
  PasswordTooLong: `Das neue Passwort darf höchstens ${PASSWORD_MAX_LENGTH} Zeichen lang sein.`,
  PasswordCommon:
    'Dieses Passwort ist leicht zu erraten: Es ist weit verbreitet oder enthält ein naheliegendes Wort wie „Kanzlei“ oder „Rechtsanwalt“. Bitte wählen Sie ein anderes.',
  PasswordContainsPersonalData: 'Das neue Passwort darf weder Ihren Namen noch Ihre E-Mail-Adresse enthalten. Bitte wählen Sie ein anderes.',
  PasswordUnchanged: 'Das neue Passwort muss sich vom bisherigen unterscheiden.',
};

/** The list (about 2.5 MB of heap once parsed) is read with the first password check, not at start-up. */
const commonPasswordList = (): readonly string[] =>
  (createRequire(import.meta.url)('@zxcvbn-ts/language-common') as typeof LanguageCommon).dictionary['passwords-common'];

/** Words of this product and trade that a guesser tries first (context words, 63B §3.1.1.2). */
const CONTEXT_WORDS = ['rechtschat', 'rechtsanwalt', 'rechtsanwältin', 'kanzlei'];

let common: ReadonlySet<string> | null = null;
const commonPasswords = (): ReadonlySet<string> => (common ??= new Set([...commonPasswordList(), ...GERMAN_FAVOURITE_PASSWORDS]));

/** The word inside the decoration guessers add first: digits, spaces and symbols before and after it. */
const wordInside = (lowered: string) => lowered.replace(/^[^\p{L}]+|[^\p{L}]+$/gu, '');

/** Shorter cores ("ab" in "ab123456") are too short to mean a word; the length rule covers what is left. */
const MIN_CORE_LENGTH = 4;

function isCommon(password: string, lowered: string): boolean {
  const words = commonPasswords();
  if (words.has(lowered) || words.has(password)) return true;
  const core = wordInside(lowered);
  return [...core].length >= MIN_CORE_LENGTH && words.has(core);
}

const normalise = (value: string) => value.normalize('NFKC').toLowerCase();

/** Titles and name particles that say nothing about the person. */
const NOT_PERSONAL = new Set(['dr', 'prof', 'von', 'van', 'der', 'den', 'zu', 'und']);

/** Parts of a name or an e-mail local part long enough to mean something ("Dr." or "K." are not). */
function personalWords(name: string, email: string): string[] {
  const local = normalise(email.split('@')[0] ?? '');
  const parts = `${normalise(name)} ${local}`.split(/[^\p{L}\p{N}]+/u).filter((part) => !NOT_PERSONAL.has(part));
  return [local, ...parts].filter((word) => [...word].length >= 3);
}

export interface PasswordCandidate {
  readonly password: string;
  readonly name: string;
  readonly email: string;
  /** The verified current password; `undefined` skips the "unchanged" rule. */
  readonly current?: string;
}

/** The first rule the candidate breaks, or null when it may be used. Characters are counted as code points. */
export function passwordViolation(candidate: PasswordCandidate): PasswordViolation | null {
  const length = [...candidate.password].length;
  if (length < PASSWORD_MIN_LENGTH) return 'PasswordTooShort';
  if (length > PASSWORD_MAX_LENGTH) return 'PasswordTooLong';
  if (candidate.current !== undefined && candidate.password === candidate.current) return 'PasswordUnchanged';
  const lowered = normalise(candidate.password);
  if (isCommon(candidate.password, lowered)) return 'PasswordCommon';
  if (CONTEXT_WORDS.some((word) => lowered.includes(word))) return 'PasswordCommon';
  if (personalWords(candidate.name, candidate.email).some((word) => lowered.includes(word))) return 'PasswordContainsPersonalData';
  return null;
}
