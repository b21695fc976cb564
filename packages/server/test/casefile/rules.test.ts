import { describe, expect, it } from 'vitest';
import { attachmentDisposition, detectAllowedType, sanitizeFileName } from '../../src/features/casefile/fileType.js';
import { lockDurationMs, defaultLockoutPolicy } from '../../src/features/casefile/login.js';
import { internationalDigits, maskedPhoneNumberPart, pinFromPhone } from '../../src/features/casefile/phone.js';
import { generateLinkToken, looksLikeLinkToken } from '../../src/features/casefile/linkToken.js';
import { redactCaseFileTokens } from '../../src/features/casefile/redact.js';

describe('phone rules', () => {
  it.each([
    ['+49 151 23456789', '4915123456789'],
    ['0049 (151) 234-567-89', '4915123456789'],
    ['0151/23456789', '4915123456789'],
    ['+43 664 1234567', '436641234567'],
  ])('should read %s as international digits', (input, digits) => {
    expect(internationalDigits(input)).toBe(digits);
  });

  it.each(['', '12345', '+49 abc 123456', '+'.padEnd(20, '1')])('should refuse %j', (input) => {
    expect(internationalDigits(input)).toBeUndefined();
  });

  it('should take the last four digits as PIN and mask the rest', () => {
    expect(pinFromPhone('4915123456789')).toBe('6789');
    expect(maskedPhoneNumberPart('4915123456789')).toBe('+49 151 ••• 45');
    expect(maskedPhoneNumberPart('49301234')).toBe('+49 ••• 30');
  });
});

describe('link tokens', () => {
  it('should be 256-bit base64url strings without repeats', () => {
    const tokens = Array.from({ length: 10_000 }, generateLinkToken);
    expect(new Set(tokens).size).toBe(tokens.length);
    expect(tokens.every((t) => /^[A-Za-z0-9_-]{43}$/.test(t) && looksLikeLinkToken(t))).toBe(true);
  });

  it('should treat path-like or oversized values as malformed', () => {
    expect(looksLikeLinkToken('../../etc/passwd')).toBe(false);
    expect(looksLikeLinkToken('a'.repeat(200))).toBe(false);
  });
});

describe('lockout back-off', () => {
  it('should double from 15 minutes and stop at 24 hours', () => {
    expect([5, 6, 7, 8, 40].map((n) => lockDurationMs(n, defaultLockoutPolicy) / 60_000)).toEqual([15, 30, 60, 120, 1440]);
  });
});

describe('upload type detection', () => {
  it.each([
    ['%PDF-1.4', 'application/pdf'],
    ['\x89PNG\r\n\x1a\n', 'image/png'],
    ['\xff\xd8\xff\xe0', 'image/jpeg'],
    ['GIF89a', 'image/gif'],
    ['RIFF\0\0\0\0WEBPVP8 ', 'image/webp'],
    ['\0\0\0\x18ftypheic', 'image/heic'],
    ['PK\x03\x04....[Content_Types].xml....word/document.xml', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
  ])('should recognise %j', (magic, type) => {
    expect(detectAllowedType(Buffer.from(magic, 'latin1'))?.contentType).toBe(type);
  });

  it.each(['<!DOCTYPE html>', '<svg>', 'MZ\x90\0', 'PK\x03\x04plain.zip', '#!/bin/sh'])('should refuse %j', (magic) => {
    expect(detectAllowedType(Buffer.from(magic, 'latin1'))).toBeUndefined();
  });
});

describe('file names', () => {
  it('should drop paths, control and bidi characters and quotes', () => {
    expect(sanitizeFileName('../../etc/passwd')).toBe('passwd');
    expect(sanitizeFileName('C:\\Users\\a\\brief.pdf')).toBe('brief.pdf');
    expect(sanitizeFileName('a\r\nb.pdf')).toBe('ab.pdf');
    expect(sanitizeFileName('\u202Efdp.exe')).toBe('fdp.exe');
    expect(sanitizeFileName('"x".pdf')).toBe('x.pdf');
    expect(sanitizeFileName('...')).toBe('Dokument');
    expect(sanitizeFileName(`${'a'.repeat(300)}.pdf`)).toHaveLength(114);
  });

  it('should encode non-ASCII names with filename*', () => {
    expect(attachmentDisposition('Übersicht.pdf')).toBe(`attachment; filename="_bersicht.pdf"; filename*=UTF-8''%C3%9Cbersicht.pdf`);
  });
});

describe('redactCaseFileTokens', () => {
  const token = 'Qm9zZS1Ub2tlbi1mdWVyLWRpZS1GYWxsYWt0ZTEyMzQ';
  it.each([
    [`/api/case-file/${token}/documents/abc`, '/api/case-file/[token]/documents/abc'],
    [`/api/case-file/authenticated?token=${token}`, '/api/case-file/authenticated?token=[token]'],
    [`/digitale-fallakte/${token}/uebersicht`, '/digitale-fallakte/[token]/uebersicht'],
    ['/api/case-file/login', '/api/case-file/login'],
    ['/digitale-fallakte/datenschutz', '/digitale-fallakte/datenschutz'],
  ])('should turn %s into %s', (url, expected) => {
    expect(redactCaseFileTokens(url)).toBe(expected);
  });
});
