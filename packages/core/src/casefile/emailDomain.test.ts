import { describe, expect, it } from 'vitest';
import { emailForDisplay, emailForSending } from './emailDomain.js';

describe('emailForDisplay', () => {
  it('should show an internationalised domain as the person wrote it', () => {
    expect(emailForDisplay('max@xn--mller-kva.de')).toBe('max@müller.de');
    expect(emailForDisplay('info@xn--bcher-kva.xn--tckwe')).toBe('info@bücher.コム');
    expect(emailForDisplay('a@mail.xn--strae-oqa.de')).toBe('a@mail.straße.de');
  });

  it('should leave plain and undecodable addresses as they are', () => {
    expect(emailForDisplay('erika@example.org')).toBe('erika@example.org');
    expect(emailForDisplay('x@xn--.de')).toBe('x@xn--.de');
    expect(emailForDisplay('xn--mller-kva')).toBe('xn--mller-kva');
  });
});

describe('emailForSending', () => {
  it('should send the ASCII form of an internationalised domain and trim', () => {
    expect(emailForSending(' max@müller.de ')).toBe('max@xn--mller-kva.de');
    expect(emailForSending('erika@example.org')).toBe('erika@example.org');
    expect(emailForSending('kein-at-zeichen')).toBe('kein-at-zeichen');
  });

  it('should leave a domain that is no host name for the e-mail rule to refuse', () => {
    // A URL would read the part after "/" or "?" as a path and hand back a clean-looking host.
    for (const email of ['max@müller.de/x', 'max@müller.de?x', 'max@mül ler.de', 'max@müller.de:25']) expect(emailForSending(email)).toBe(email);
  });

  it('should give back what it shows', () => {
    for (const email of ['max@müller.de', 'a@mail.straße.de', 'info@bücher.コム']) {
      expect(emailForDisplay(emailForSending(email))).toBe(email);
    }
  });
});
