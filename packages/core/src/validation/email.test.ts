import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { validateEmail } from './email.js';

const label = fc.stringMatching(/^[a-z0-9](?:[a-z0-9-]{0,10}[a-z0-9])?$/);
const validEmail = fc
  .tuple(fc.stringMatching(/^[a-zA-Z0-9._%+-]{0,20}$/), fc.array(label, { minLength: 1, maxLength: 3 }), fc.stringMatching(/^[a-z]{2,6}$/))
  .map(([local, labels, tld]) => `a${local.replace(/\.+/g, '.').replace(/\.$/, '')}@${labels.join('.')}.${tld}`);

describe('validateEmail', () => {
  it('should accept generated addresses and return them trimmed', () => {
    fc.assert(
      fc.property(validEmail, (email) => {
        expect(validateEmail(` ${email} `)).toEqual({ ok: true, value: email });
      }),
    );
  });

  it('should reject input without an @ with Chat.EnterValidEmail', () => {
    fc.assert(
      fc.property(
        fc.string().filter((s) => !s.includes('@')),
        (text) => {
          expect(validateEmail(text)).toEqual({ ok: false, errorKey: 'Chat.EnterValidEmail' });
        },
      ),
    );
  });

  it.each([
    'max@localhost',
    'max@@beispiel.de',
    'max mustermann@beispiel.de',
    '@beispiel.de',
    'max@beispiel.',
    'max@-beispiel.de',
    'max..m@beispiel.de',
    `${'a'.repeat(65)}@beispiel.de`,
    `a@${'b'.repeat(250)}.de`,
  ])('should reject %s', (email) => {
    expect(validateEmail(email)).toEqual({ ok: false, errorKey: 'Chat.EnterValidEmail' });
  });

  it('should accept a typical German address with plus tag and subdomain', () => {
    expect(validateEmail('erika.mustermann+chat@mail.beispiel.de')).toEqual({ ok: true, value: 'erika.mustermann+chat@mail.beispiel.de' });
  });
});
