// The lawyer password policy, table-driven: length only (8 minimum, 64 and more accepted, 128 maximum), no composition rules,
// blocklist of common passwords and context words, nothing of the lawyer's own name or e-mail address.
import { describe, expect, it } from 'vitest';
import { passwordViolation } from '../src/features/lawyer/passwordPolicy.js';

const who = { name: 'Dr. Anna von Berger', email: 'a.berger@kanzlei.example' };

describe('lawyer password policy', () => {
  it.each([
    ['', 'PasswordTooShort'],
    ['1234567', 'PasswordTooShort'],
    ['äöüßäöü', 'PasswordTooShort'],
    ['x'.repeat(129), 'PasswordTooLong'],
    ['password', 'PasswordCommon'],
    ['Passwort', 'PasswordCommon'],
    ['123456789', 'PasswordCommon'],
    ['iloveyou', 'PasswordCommon'],
    ['Rechtschat-Login', 'PasswordCommon'],
    ['geheim123', 'PasswordCommon'],
    ['Hallo2024!', 'PasswordCommon'],
    ['Schalke04!', 'PasswordCommon'],
    ['qwertz123', 'PasswordCommon'],
    ['Fußball1', 'PasswordCommon'],
    ['!!Sonnenschein', 'PasswordCommon'],
    ['sunshine2024', 'PasswordCommon'],
    ['Meine Kanzlei im Herzen', 'PasswordCommon'],
    ['Berger-im-Sommer', 'PasswordContainsPersonalData'],
    ['ANNA liest viel', 'PasswordContainsPersonalData'],
    ['a.berger-geheim', 'PasswordContainsPersonalData'],
  ])('should refuse %j as %s', (password, violation) => {
    expect(passwordViolation({ password, ...who })).toBe(violation);
  });

  it.each([
    ['eight ok', 'kuhmilch'],
    ['only lower case, no digits', 'wolken ziehen langsam vorbei'],
    ['64 characters', 'a'.repeat(20) + 'b'.repeat(20) + 'c'.repeat(24)],
    ['128 characters', 'z'.repeat(128)],
    ['name particles alone', 'von der Wiese zu den Bergen'],
    ['unicode', 'Grüße aus Köln 🙂'],
    ['a favourite inside a longer phrase', 'Sommerwiese im Juni'],
    ['a short core with digits', 'zk-7361-9042'],
  ])('should accept %s', (_what, password) => {
    expect(passwordViolation({ password, ...who })).toBeNull();
  });

  it('should refuse the current password only when it is given', () => {
    expect(passwordViolation({ password: 'wolken ziehen langsam', current: 'wolken ziehen langsam', ...who })).toBe('PasswordUnchanged');
    expect(passwordViolation({ password: 'wolken ziehen langsam', current: 'anderes', ...who })).toBeNull();
  });
});
